package io.tally.plan;

import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.plan.Convention;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.convert.ConverterRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.logical.LogicalAggregate;

/**
 * Converts every {@link LogicalAggregate} into an {@link EnumerableBlockedAggregate}, which reads
 * its input as rows when the statement is planned with {@code vectorize=false} ({@link
 * PlanOptions}).
 */
public final class BlockedAggregateRule extends ConverterRule {
    /** Default configuration. */
    public static final Config DEFAULT_CONFIG =
            Config.INSTANCE
                    .withConversion(
                            LogicalAggregate.class,
                            Convention.NONE,
                            EnumerableConvention.INSTANCE,
                            "BlockedAggregateRule")
                    .withRuleFactory(BlockedAggregateRule::new);

    private BlockedAggregateRule(Config config) {
        super(config);
    }

    @Override
    public RelNode convert(RelNode rel) {
        Aggregate agg = (Aggregate) rel;
        RelTraitSet traits = agg.getCluster().traitSet().replace(EnumerableConvention.INSTANCE);
        return new EnumerableBlockedAggregate(
                agg.getCluster(),
                traits,
                convert(agg.getInput(), traits),
                agg.getGroupSet(),
                agg.getGroupSets(),
                agg.getAggCallList(),
                PlanOptions.of(agg.getCluster().getPlanner()).vectorize());
    }
}
