package io.tally.plan;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/** Tally's planner rules, one instance each; {@link #SCAN_RULES} are the scan-related ones. */
public final class TallyRules {
  private TallyRules() {}

  /** Narrows a {@link TallyTableScan} to the columns a Project above it uses. */
  public static final TallyProjectScanRule PROJECT_SCAN =
      TallyProjectScanRule.Config.DEFAULT.toRule();

  /** Narrows a {@link TallyTableScan} to the columns an Aggregate directly above it uses. */
  public static final TallyAggregateScanRule AGGREGATE_SCAN =
      TallyAggregateScanRule.Config.DEFAULT.toRule();

  /** Rules a {@link TallyTableScan} registers with any planner it appears in. */
  public static final List<RelOptRule> SCAN_RULES = List.of(PROJECT_SCAN, AGGREGATE_SCAN);
}
