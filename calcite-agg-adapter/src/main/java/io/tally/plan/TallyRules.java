package io.tally.plan;

import java.util.List;
import org.apache.calcite.plan.RelOptRule;

/** Tally's planner rules, one instance each; {@link #SCAN_RULES} are the scan-related ones. */
public final class TallyRules {
    private TallyRules() {}

    /** Narrows a {@link TallyTableScan} to the columns a Project above it uses. */
    public static final TallyProjectScanRule PROJECT_SCAN = TallyProjectScanRule.DEFAULT.toRule();

    /** Plans every logical aggregate as an {@link EnumerableBlockedAggregate}. */
    public static final BlockedAggregateRule BLOCKED_AGGREGATE =
            (BlockedAggregateRule) BlockedAggregateRule.DEFAULT_CONFIG.toRule();

    /** Plans {@code ROW_NUMBER() … <= k} filters over a window as a top-k per group. */
    public static final TopKPerGroupRule TOP_K_PER_GROUP = TopKPerGroupRule.WITH_PROJECT.toRule();

    /** As {@link #TOP_K_PER_GROUP}, for a filter directly over the window. */
    public static final TopKPerGroupRule TOP_K_PER_GROUP_DIRECT = TopKPerGroupRule.DIRECT.toRule();

    /**
     * Rules that plan aggregates with Tally's operator ({@code aggregate=blocked}), including the
     * top-k per group that runs on the same hash table.
     */
    public static final List<RelOptRule> AGGREGATE_RULES =
            List.of(BLOCKED_AGGREGATE, TOP_K_PER_GROUP, TOP_K_PER_GROUP_DIRECT);

    /** Narrows a {@link TallyTableScan} to the columns an Aggregate directly above it uses. */
    public static final TallyAggregateScanRule AGGREGATE_SCAN =
            TallyAggregateScanRule.DEFAULT.toRule();

    /** Evaluates supported filters and projections over a scan on Arrow batches. */
    public static final TallyBatchCalcRule BATCH_CALC = TallyBatchCalcRule.DEFAULT.toRule();

    /** Hands a Filter's usable conjuncts to the {@link TallyTableScan} below it. */
    public static final TallyFilterScanRule FILTER_SCAN = TallyFilterScanRule.DEFAULT.toRule();

    /** Answers {@code COUNT(*)} over a Parquet scan from its footer. */
    public static final TallyFooterCountRule FOOTER_COUNT = TallyFooterCountRule.DEFAULT.toRule();

    /** Rules a {@link TallyTableScan} registers with any planner it appears in. */
    public static final List<RelOptRule> SCAN_RULES =
            List.of(PROJECT_SCAN, AGGREGATE_SCAN, FILTER_SCAN, FOOTER_COUNT, BATCH_CALC);
}
