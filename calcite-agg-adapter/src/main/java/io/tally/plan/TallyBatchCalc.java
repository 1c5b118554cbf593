package io.tally.plan;

import io.tally.batch.DataType;
import io.tally.exec.expr.CalcProgram;
import io.tally.runtime.BatchCalcCall;
import io.tally.runtime.BatchCalcEnumerable;
import io.tally.runtime.RowShape;
import io.tally.runtime.TallyMethod;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCalc;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.BlockBuilder;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexProgram;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * A filter and projection evaluated on Arrow batches by {@code io.tally.exec.expr}: no rows, no
 * boxing between a Tally scan and a Tally aggregate. At run time it is a {@link
 * BatchCalcEnumerable} (batches for Tally operators, rows for Calcite's). Created by {@link
 * TallyBatchCalcRule} only for programs {@link BatchCalcTranslator} accepts.
 */
public final class TallyBatchCalc extends Calc implements EnumerableRel {
    /** Share of a row calc's cost this calc is costed at: batch evaluation is cheaper per row. */
    private static final double COST_FACTOR = 0.5;

    private final CalcProgram calcProgram;
    private final List<DataType> inputRowTypes;

    private TallyBatchCalc(
            RelOptCluster cluster,
            RelTraitSet traits,
            RelNode input,
            RexProgram program,
            CalcProgram calcProgram,
            List<DataType> inputRowTypes) {
        super(cluster, traits, List.of(), input, program);
        this.calcProgram = calcProgram;
        this.inputRowTypes = inputRowTypes;
    }

    /** A batch calc of {@code program} over {@code input}, or null if it cannot be vectorized. */
    static @Nullable TallyBatchCalc create(RelNode input, RexProgram program) {
        List<DataType> inputRowTypes = new ArrayList<>();
        try {
            for (RelDataTypeField f : input.getRowType().getFieldList()) {
                inputRowTypes.add(ExecTypes.of(f.getType(), "column " + f.getName()));
            }
        } catch (ExecTypes.UnsupportedTypeException e) {
            return null;
        }
        CalcProgram calc =
                BatchCalcTranslator.translate(program, input.getCluster().getRexBuilder());
        if (calc == null) {
            return null;
        }
        RelTraitSet traits = input.getCluster().traitSetOf(EnumerableConvention.INSTANCE);
        return new TallyBatchCalc(input.getCluster(), traits, input, program, calc, inputRowTypes);
    }

    /** The runtime program this calc runs. */
    public CalcProgram calcProgram() {
        return calcProgram;
    }

    /** A batch calc if the (e.g. merged) program is still supported, else Calcite's calc. */
    @Override
    public Calc copy(RelTraitSet traitSet, RelNode child, RexProgram program) {
        TallyBatchCalc calc = create(child, program);
        return calc != null ? calc : EnumerableCalc.create(child, program);
    }

    @Override
    public @Nullable RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        RelOptCost cost = super.computeSelfCost(planner, mq);
        return cost == null ? null : cost.multiplyBy(COST_FACTOR);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        BlockBuilder builder = new BlockBuilder();
        Result input = implementor.visitChild(this, 0, (EnumerableRel) getInput(), Prefer.ARRAY);
        Expression child = builder.append("child", input.block);
        JavaRowFormat inputFormat = input.physType.getFormat();
        if (inputFormat != JavaRowFormat.ARRAY && inputFormat != JavaRowFormat.SCALAR) {
            child =
                    builder.append(
                            "childRows", input.physType.convertTo(child, JavaRowFormat.ARRAY));
            inputFormat = JavaRowFormat.ARRAY;
        }
        JavaRowFormat format =
                getRowType().getFieldCount() == 1 ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY;
        PhysType physType = PhysTypeImpl.of(implementor.getTypeFactory(), getRowType(), format);
        BatchCalcCall call =
                new BatchCalcCall(
                        calcProgram,
                        getRowType().getFieldNames(),
                        inputRowTypes,
                        shape(inputFormat),
                        shape(format),
                        "calc#" + getId());
        builder.add(
                Expressions.return_(
                        null,
                        Expressions.call(
                                TallyMethod.BATCH_CALC.method,
                                implementor.getRootExpression(),
                                child,
                                implementor.stash(call, BatchCalcCall.class))));
        return implementor.result(physType, builder.toBlock());
    }

    private static RowShape shape(JavaRowFormat format) {
        return format == JavaRowFormat.SCALAR ? RowShape.SCALAR : RowShape.ARRAY;
    }
}
