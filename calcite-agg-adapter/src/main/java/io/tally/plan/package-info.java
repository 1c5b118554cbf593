/**
 * The planner: Tally's rules ({@link io.tally.plan.TallyRules}), its physical rels (the blocked
 * aggregate, top-k per group, batch calc, table scan, and the profiling wrapper of {@code EXPLAIN
 * ANALYZE}) and the translators that turn Calcite's descriptions into the runtime's ({@link
 * io.tally.plan.AggregateTranslator}, {@link io.tally.plan.BatchCalcTranslator}). Its rels generate
 * code that calls {@code io.tally.runtime} through {@link io.tally.runtime.TallyMethod}.
 *
 * <p>May import: {@code batch}, {@code metrics}, {@code exec} (the spec and call types it builds),
 * {@code schema}, {@code runtime}. Never {@code catalog} or {@code jdbc}; settings reach the rules
 * through the planner context ({@link io.tally.plan.PlanOptions}).
 */
package io.tally.plan;
