package io.tally.jdbc;

import io.tally.plan.PlanOptions;
import io.tally.plan.TallyRules;
import io.tally.session.TallySettings;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.plan.Context;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.rules.CoreRules;

/**
 * Adds and removes planner rules according to a connection's settings: with {@code
 * aggregate=blocked} (the default) every aggregate becomes Tally's {@code
 * EnumerableBlockedAggregate}, which computes AVG, STDDEV, VAR and DISTINCT aggregates itself, so
 * Calcite's rewrites of those are taken out too. Settings the rules consult while they fire ({@code
 * vectorize}) travel in the planner's context as {@link PlanOptions}.
 */
final class TallyPlannerSetup {
    private TallyPlannerSetup() {}

    /**
     * The planner context of a statement planned under {@code settings}: its {@link PlanOptions}
     * ahead of the context Calcite would use ({@code external}, else the connection config).
     */
    static Context context(
            CalcitePrepare.Context prepareContext, Context external, TallySettings settings) {
        return new PlanOptions(settings.vectorize())
                .chain(external != null ? external : Contexts.of(prepareContext.config()));
    }

    static void configure(RelOptPlanner planner, TallySettings settings) {
        TallyRules.SCAN_RULES.forEach(planner::addRule);
        // ORDER BY ... LIMIT n keeps n rows (a bounded top-n), not the whole input, on the heap
        planner.addRule(EnumerableRules.ENUMERABLE_LIMIT_SORT_RULE);
        if (settings.aggregate() == TallySettings.Aggregate.BLOCKED) {
            planner.removeRule(EnumerableRules.ENUMERABLE_AGGREGATE_RULE);
            planner.removeRule(CoreRules.AGGREGATE_REDUCE_FUNCTIONS);
            planner.removeRule(CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES);
            TallyRules.AGGREGATE_RULES.forEach(planner::addRule);
        }
    }
}
