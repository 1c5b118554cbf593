package io.tally.plan;

import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableFilter;
import org.apache.calcite.adapter.enumerable.EnumerableProject;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexProgram;
import org.apache.calcite.rex.RexProgramBuilder;

/**
 * Turns an enumerable Project, Filter or Calc over a batch producer (a {@link TallyTableScan}, an
 * aggregate whose output goes on as batches, or another {@link TallyBatchCalc}, whose program is
 * merged in) into a {@link TallyBatchCalc} when every expression can be vectorized. It does not
 * fire in statements planned with {@code vectorize=false} ({@link PlanOptions}); setting the system
 * property {@value #DISABLE_PROPERTY} to {@code false} turns it off for the whole JVM (for A/B
 * comparisons and differential tests).
 */
public final class TallyBatchCalcRule extends RelRule<TallyRuleConfig<TallyBatchCalcRule>> {
    /** System property that, set to {@code false}, keeps every calc on Calcite's row path. */
    public static final String DISABLE_PROPERTY = "tally.batch_calc";

    TallyBatchCalcRule(TallyRuleConfig<TallyBatchCalcRule> config) {
        super(config);
    }

    /** Whether the rule may fire, read at each match so tests can switch it. */
    static boolean enabled() {
        return !"false".equalsIgnoreCase(System.getProperty(DISABLE_PROPERTY));
    }

    private static boolean isRowCalc(RelNode rel) {
        return rel instanceof EnumerableProject
                || rel instanceof EnumerableFilter
                || rel instanceof EnumerableCalc;
    }

    private static boolean isBatchProducer(RelNode rel) {
        return InputPath.producesBatches(rel);
    }

    @Override
    public boolean matches(RelOptRuleCall call) {
        return enabled() && PlanOptions.of(call.getPlanner()).vectorize();
    }

    @Override
    public void onMatch(RelOptRuleCall call) {
        RelNode top = call.rel(0);
        RelNode input = call.rel(1);
        RexBuilder rexBuilder = top.getCluster().getRexBuilder();
        RexProgram program = program(top, input, rexBuilder);
        if (input instanceof TallyBatchCalc bottom) {
            program = RexProgramBuilder.mergePrograms(program, bottom.getProgram(), rexBuilder);
            input = bottom.getInput();
        }
        TallyBatchCalc calc = TallyBatchCalc.create(input, program);
        if (calc != null) {
            call.transformTo(calc);
        }
    }

    private static RexProgram program(RelNode top, RelNode input, RexBuilder rexBuilder) {
        if (top instanceof Calc calc) {
            return calc.getProgram();
        }
        if (top instanceof Project project) {
            return RexProgram.create(
                    input.getRowType(),
                    project.getProjects(),
                    null,
                    project.getRowType(),
                    rexBuilder);
        }
        RexProgramBuilder builder = new RexProgramBuilder(input.getRowType(), rexBuilder);
        builder.addIdentity();
        builder.addCondition(((Filter) top).getCondition());
        return builder.getProgram();
    }

    /** Rule configuration: operands enumerable Project/Filter/Calc over a batch producer. */
    public static final TallyRuleConfig<TallyBatchCalcRule> DEFAULT =
            TallyRuleConfig.of(
                    "TallyBatchCalcRule",
                    b0 ->
                            b0.operand(RelNode.class)
                                    .predicate(TallyBatchCalcRule::isRowCalc)
                                    .oneInput(
                                            b1 ->
                                                    b1.operand(RelNode.class)
                                                            .predicate(
                                                                    TallyBatchCalcRule
                                                                            ::isBatchProducer)
                                                            .anyInputs()),
                    TallyBatchCalcRule::new);
}
