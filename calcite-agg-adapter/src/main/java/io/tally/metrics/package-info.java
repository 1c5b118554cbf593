/**
 * What operators measured and how {@code EXPLAIN ANALYZE} shows it: per-operator stats and the
 * aggregate's metrics ({@link io.tally.metrics.AggregateMetrics}), the query profile and its
 * operator clock, and the text and JSON renderers.
 *
 * <p>May import: {@code spill} (its file counters) only; operators in {@code exec} fill it in.
 */
package io.tally.metrics;
