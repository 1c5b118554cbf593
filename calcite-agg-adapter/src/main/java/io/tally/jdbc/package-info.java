/**
 * The JDBC driver for {@code jdbc:tally:} URLs ({@link io.tally.jdbc.TallyDriver}), statement
 * preparation with Tally's parser and planner rules ({@link io.tally.jdbc.TallyPrepare}), and the
 * statements Tally answers itself ({@code SET}/{@code RESET}, {@code SHOW}, {@code EXPLAIN
 * ANALYZE}). Per-connection state is {@code io.tally.session}.
 *
 * <p>May import: everything below it. Nothing imports it but the shell, the benchmarks and tests.
 */
package io.tally.jdbc;
