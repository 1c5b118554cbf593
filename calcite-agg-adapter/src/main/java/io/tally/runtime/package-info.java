/**
 * The runtime bridge: the methods Tally's generated code calls ({@link
 * io.tally.runtime.TallyMethod} lists every one) and what they return. It turns Calcite's {@code
 * DataContext} and row enumerables into the engine's terms: the aggregate ({@link
 * io.tally.runtime.TallyRuntime}, {@link io.tally.runtime.BlockedAggregateEnumerator}), vectorized
 * filters and projections ({@link io.tally.runtime.BatchCalcEnumerable}), and the {@code EXPLAIN
 * ANALYZE} profiling wrappers ({@link io.tally.runtime.ProfileRuntime}). The serializable calls the
 * planner stashes for generated code ({@link io.tally.runtime.BlockedAggregateCall}, {@link
 * io.tally.runtime.BatchCalcCall}) are defined here, so the planner depends on the runtime and
 * never the other way round (as Calcite keeps {@code BuiltInMethod} apart from its rels).
 *
 * <p>May import: {@code batch}, {@code memory}, {@code spill}, {@code metrics}, {@code exec} and
 * its rooms, {@code session}, {@code schema}. Never the planner, {@code catalog} or {@code jdbc}.
 */
package io.tally.runtime;
