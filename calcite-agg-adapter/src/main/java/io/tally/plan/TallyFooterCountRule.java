package io.tally.plan;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.sql.SqlKind;

/**
 * Plans an Aggregate with no group keys whose every call is a plain {@code COUNT(*)}, directly over
 * a {@link TallyTableScan} with no pushed filter, as a {@link TallyFooterCount} when the table's
 * format records its exact row count (Parquet): no column is read.
 */
public final class TallyFooterCountRule extends RelRule<TallyRuleConfig<TallyFooterCountRule>> {
    TallyFooterCountRule(TallyRuleConfig<TallyFooterCountRule> config) {
        super(config);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
        LogicalAggregate aggregate = call.rel(0);
        TallyTableScan scan = call.rel(1);
        if (!aggregate.getGroupSet().isEmpty()
                || aggregate.getGroupSets().size() != 1
                || aggregate.getAggCallList().isEmpty()
                || !scan.filter().isEmpty()) {
            return false;
        }
        for (AggregateCall c : aggregate.getAggCallList()) {
            if (c.getAggregation().getKind() != SqlKind.COUNT
                    || !c.getArgList().isEmpty()
                    || c.isDistinct()
                    || c.filterArg >= 0) {
                return false;
            }
        }
        return scan.data().exactRowCount() >= 0;
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalAggregate aggregate = call.rel(0);
        TallyTableScan scan = call.rel(1);
        call.transformTo(
                new TallyFooterCount(
                        aggregate.getCluster(),
                        scan.getTable(),
                        scan.data(),
                        aggregate.getRowType()));
    }

    /** Rule configuration: operands LogicalAggregate over TallyTableScan. */
    public static final TallyRuleConfig<TallyFooterCountRule> DEFAULT =
            TallyRuleConfig.of(
                    "TallyFooterCountRule",
                    b0 ->
                            b0.operand(LogicalAggregate.class)
                                    .oneInput(b1 -> b1.operand(TallyTableScan.class).noInputs()),
                    TallyFooterCountRule::new);
}
