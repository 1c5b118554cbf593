package io.tally.jdbc;

import org.apache.calcite.plan.RelOptPlanner;

/** Adds and removes planner rules according to a connection's settings. */
final class TallyPlannerSetup {
  private TallyPlannerSetup() {}

  static void configure(RelOptPlanner planner, TallySettings settings) {
  }
}
