/**
 * Aggregate functions and their states: what a call asks for ({@link io.tally.exec.state.AggKind},
 * {@link io.tally.exec.state.AggregateCall}, {@link io.tally.exec.state.TopKOrder}) and the {@link
 * io.tally.exec.state.Accumulator}s that compute it, one per call over all groups, each keeping its
 * state as typed columns in blocks ({@link io.tally.exec.state.StateColumn}, per-block byte
 * regions) and serializing it to and merging it from the typed Arrow columns of the partial state
 * layout. Also the helpers they share: 128-bit arithmetic, region growth bounds, exact DISTINCT
 * filtering, MEDIAN's selection.
 *
 * <p>May import: {@code batch}, {@code memory}, {@code exec.hash}. Which accumulator computes which
 * call is decided one floor up ({@code io.tally.exec.Accumulators}).
 */
package io.tally.exec.state;
