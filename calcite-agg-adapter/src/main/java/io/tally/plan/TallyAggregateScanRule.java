package io.tally.plan;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.mapping.Mapping;
import org.apache.calcite.util.mapping.MappingType;
import org.apache.calcite.util.mapping.Mappings;

/**
 * Narrows a {@link TallyTableScan} read directly by a logical Aggregate (no Project between, as in
 * {@code SELECT COUNT(*) FROM t}) to the columns the aggregate uses: group keys, arguments and
 * filters (the first column if it uses none).
 */
public final class TallyAggregateScanRule extends RelRule<TallyRuleConfig<TallyAggregateScanRule>> {
    TallyAggregateScanRule(TallyRuleConfig<TallyAggregateScanRule> config) {
        super(config);
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        LogicalAggregate aggregate = call.rel(0);
        TallyTableScan scan = call.rel(1);
        int[] scanFields = scan.fields();
        ImmutableBitSet.Builder used = aggregate.getGroupSet().rebuild();
        for (AggregateCall aggCall : aggregate.getAggCallList()) {
            used.addAll(aggCall.getArgList());
            if (aggCall.filterArg >= 0) {
                used.set(aggCall.filterArg);
            }
            used.addAll(aggCall.collation.getKeys());
        }
        int[] kept = used.isEmpty() ? new int[] {0} : used.build().toArray();
        if (kept.length == scanFields.length) {
            return;
        }
        int[] narrowFields = new int[kept.length];
        Mapping mapping =
                Mappings.create(MappingType.INVERSE_SURJECTION, scanFields.length, kept.length);
        for (int i = 0; i < kept.length; i++) {
            narrowFields[i] = scanFields[kept[i]];
            mapping.set(kept[i], i);
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall aggCall : aggregate.getAggCallList()) {
            calls.add(aggCall.transform(mapping));
        }
        call.transformTo(
                aggregate.copy(
                        aggregate.getTraitSet(),
                        scan.withFields(narrowFields),
                        Mappings.apply(mapping, aggregate.getGroupSet()),
                        Mappings.apply2(mapping, aggregate.getGroupSets()),
                        calls));
    }

    /** Rule configuration: operands LogicalAggregate over TallyTableScan. */
    public static final TallyRuleConfig<TallyAggregateScanRule> DEFAULT =
            TallyRuleConfig.of(
                    "TallyAggregateScanRule",
                    b0 ->
                            b0.operand(LogicalAggregate.class)
                                    .oneInput(b1 -> b1.operand(TallyTableScan.class).noInputs()),
                    TallyAggregateScanRule::new);
}
