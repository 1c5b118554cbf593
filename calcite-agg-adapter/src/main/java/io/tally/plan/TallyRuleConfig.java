package io.tally.plan;

import java.util.function.Function;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.RelRule.OperandTransform;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilderFactory;

/**
 * The configuration of one of Tally's {@link RelRule}s: builder factory, description, operands and
 * how to build the rule — what Calcite's annotation-generated Config classes hold, written once for
 * all of Tally's rules.
 */
public record TallyRuleConfig<R extends RelOptRule>(
        RelBuilderFactory relBuilderFactory,
        String description,
        OperandTransform operandSupplier,
        Function<TallyRuleConfig<R>, R> factory)
        implements RelRule.Config {

    /** A configuration with Calcite's logical RelBuilder. */
    static <R extends RelOptRule> TallyRuleConfig<R> of(
            String description,
            OperandTransform operands,
            Function<TallyRuleConfig<R>, R> factory) {
        return new TallyRuleConfig<>(RelFactories.LOGICAL_BUILDER, description, operands, factory);
    }

    @Override
    public R toRule() {
        return factory.apply(this);
    }

    @Override
    public TallyRuleConfig<R> withRelBuilderFactory(RelBuilderFactory builderFactory) {
        return new TallyRuleConfig<>(builderFactory, description, operandSupplier, factory);
    }

    @Override
    public TallyRuleConfig<R> withDescription(String newDescription) {
        return new TallyRuleConfig<>(relBuilderFactory, newDescription, operandSupplier, factory);
    }

    @Override
    public TallyRuleConfig<R> withOperandSupplier(OperandTransform transform) {
        return new TallyRuleConfig<>(relBuilderFactory, description, transform, factory);
    }
}
