/**
 * The parts of a parallel aggregate: its tasks ({@link io.tally.exec.exchange.AggregateWorkers}) on
 * the engine's shared worker threads ({@link io.tally.exec.exchange.WorkerPool}), the exchange that
 * routes partial-state batches by key hash to the final tables ({@link
 * io.tally.exec.exchange.Exchange}, {@link io.tally.exec.exchange.ExchangePartitioner}, {@link
 * io.tally.exec.exchange.BatchSplitter}) and the pass-through decision of a partial table that is
 * full while few of its rows find their group ({@link io.tally.exec.exchange.PassThroughPolicy},
 * {@link io.tally.exec.exchange.PassThroughSwitch}). The tables themselves are reached only through
 * what the caller hands in, so this room knows nothing of the aggregator that drives it ({@code
 * io.tally.exec.ParallelAggregator}).
 *
 * <p>May import: {@code batch}, {@code memory}, {@code exec.hash}.
 */
package io.tally.exec.exchange;
