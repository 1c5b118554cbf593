package io.tally.jdbc;

import io.tally.plan.TallyRules;
import org.apache.calcite.adapter.enumerable.EnumerableRules;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.rel.rules.CoreRules;

/**
 * Adds and removes planner rules according to a connection's settings: with
 * {@code aggregate=blocked} (the default) every aggregate becomes Tally's
 * {@code EnumerableBlockedAggregate}, which computes AVG, STDDEV, VAR and DISTINCT aggregates
 * itself, so Calcite's rewrites of those are taken out too.
 */
final class TallyPlannerSetup {
  private TallyPlannerSetup() {}

  static void configure(RelOptPlanner planner, TallySettings settings) {
    TallyRules.SCAN_RULES.forEach(planner::addRule);
    if (settings.aggregate() == TallySettings.Aggregate.BLOCKED) {
      planner.removeRule(EnumerableRules.ENUMERABLE_AGGREGATE_RULE);
      planner.removeRule(CoreRules.AGGREGATE_REDUCE_FUNCTIONS);
      planner.removeRule(CoreRules.AGGREGATE_EXPAND_DISTINCT_AGGREGATES);
      TallyRules.AGGREGATE_RULES.forEach(planner::addRule);
    }
  }
}
