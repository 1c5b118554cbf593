package io.tally.plan;

import io.tally.schema.ScanFilter;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.logical.LogicalFilter;

/**
 * Hands the conjuncts of a Filter that a reader can use to skip data ({@link ScanFilters}) to the
 * {@link TallyTableScan} below it, when its data can skip parts ({@code ScanData#prunes}: Parquet,
 * globs with {@code key=value} directories). The Filter stays: the scan only skips parts in which
 * no row can satisfy them (Parquet row groups by their statistics, files of a glob by their {@code
 * key=value} directories) and may still produce rows that fail them.
 */
public final class TallyFilterScanRule extends RelRule<TallyRuleConfig<TallyFilterScanRule>> {
    TallyFilterScanRule(TallyRuleConfig<TallyFilterScanRule> config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalFilter filter = call.rel(0);
        TallyTableScan scan = call.rel(1);
        if (!scan.data().prunes()) {
            return;
        }
        ScanFilter pushed = ScanFilters.of(filter.getCondition(), scan.fields());
        if (pushed.isEmpty() || pushed.equals(scan.filter())) {
            return;
        }
        call.transformTo(
                filter.copy(filter.getTraitSet(), scan.withFilter(pushed), filter.getCondition()));
    }

    /** Rule configuration: operands LogicalFilter over TallyTableScan. */
    public static final TallyRuleConfig<TallyFilterScanRule> DEFAULT =
            TallyRuleConfig.of(
                    "TallyFilterScanRule",
                    b0 ->
                            b0.operand(LogicalFilter.class)
                                    .oneInput(b1 -> b1.operand(TallyTableScan.class).noInputs()),
                    TallyFilterScanRule::new);
}
