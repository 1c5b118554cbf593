/**
 * Tally's aggregate runtime. This floor assembles the rooms below it into the GROUP BY operator:
 * the read-only description of an aggregation ({@link io.tally.exec.AggregateSpec}, {@link
 * io.tally.exec.AggregateConfig}); the {@link io.tally.exec.Aggregator} life (sink, finish, next
 * block, close) with its serial ({@link io.tally.exec.BlockedAggregator}) and parallel ({@link
 * io.tally.exec.ParallelAggregator}) strategies; and the table they drive: the build side ({@link
 * io.tally.exec.SinkState}: hash table, keys and one accumulator per call, chosen by {@link
 * io.tally.exec.Accumulators}), partial states ({@link io.tally.exec.PartialStates}), block
 * emission ({@link io.tally.exec.BlockEmitter}) and spilling ({@link
 * io.tally.exec.AggregateSpiller}).
 *
 * <p>Rooms, each importing only the rooms listed before it and the packages below {@code exec}:
 * {@code hash} (hash table, keys, block layout), {@code state} (aggregate calls and accumulators),
 * {@code topk} (top-k per group), {@code exchange} (parallel workers, exchange, pass-through),
 * {@code spill} (partitioning and staging of spilled groups), and {@code expr} (vectorized filter
 * and projection kernels, on {@code batch} alone). No room imports this floor.
 *
 * <p>May import: {@code batch}, {@code memory}, {@code spill}, {@code metrics} and its rooms. Never
 * the planner, the runtime bridge, {@code schema}, {@code session} or {@code jdbc}: the planner
 * builds an {@link io.tally.exec.AggregateSpec} and the runtime bridge drives an {@link
 * io.tally.exec.Aggregator}.
 */
package io.tally.exec;
