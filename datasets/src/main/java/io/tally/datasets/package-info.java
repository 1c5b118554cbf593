/**
 * Deterministic, seeded dataset generators (h2o groupby, drain shapes, TPC-H lineitem) that stream
 * Arrow record batches into CSV or Arrow IPC file sinks with bounded memory.
 *
 * <p>Entry points: {@link io.tally.datasets.H2oGenerator}, {@link
 * io.tally.datasets.DrainGenerator}, {@link io.tally.datasets.LineitemGenerator} and the {@code
 * gen} command {@link io.tally.datasets.GenCommand}.
 */
package io.tally.datasets;
