package io.tally.plan;

import io.tally.runtime.BlockedAggregateCall;
import io.tally.runtime.RowShape;
import io.tally.runtime.TallyMethod;
import java.util.List;
import java.util.function.BiFunction;
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
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tally's physical aggregate: a read-only description of a GROUP BY that, when run, hands its input
 * to the blocked hash-table aggregator in {@code io.tally.exec} and emits one block per poll. Every
 * {@code Aggregate} is planned into this rel unless {@code aggregate=calcite}. Planned with {@code
 * vectorize=false}, it reads its input as rows even from an operator that could hand it Arrow
 * batches.
 */
public final class EnumerableBlockedAggregate extends Aggregate implements EnumerableRel {
    private final boolean vectorize;

    /** {@link #batchOutput()}, worked out on first use (null before). */
    private @Nullable Boolean batchOutput;

    /** An aggregate that takes batches from an input able to give them iff {@code vectorize}. */
    public EnumerableBlockedAggregate(
            RelOptCluster cluster,
            RelTraitSet traitSet,
            RelNode input,
            ImmutableBitSet groupSet,
            @Nullable List<ImmutableBitSet> groupSets,
            List<AggregateCall> aggCalls,
            boolean vectorize) {
        super(cluster, traitSet, List.of(), input, groupSet, groupSets, aggCalls);
        this.vectorize = vectorize;
    }

    /** Whether the input may reach this aggregate as Arrow batches ({@code vectorize} setting). */
    public boolean vectorize() {
        return vectorize;
    }

    /**
     * Whether Tally operators above (an aggregate, a batch calc) read this aggregate's output as
     * Arrow batches: planned with {@code vectorize}, and emitting exactly the column types of its
     * row type ({@link AggregateTranslator#emitsRowType}).
     */
    public boolean batchOutput() {
        if (batchOutput == null) {
            batchOutput = vectorize && AggregateTranslator.emitsRowType(this);
        }
        return batchOutput;
    }

    /** How the input reaches this aggregate, for EXPLAIN (see {@link InputPath}). */
    String inputPath() {
        return InputPath.of(getInput(), vectorize);
    }

    @Override
    public EnumerableBlockedAggregate copy(
            RelTraitSet traitSet,
            RelNode input,
            ImmutableBitSet groupSet,
            @Nullable List<ImmutableBitSet> groupSets,
            List<AggregateCall> aggCalls) {
        return new EnumerableBlockedAggregate(
                getCluster(), traitSet, input, groupSet, groupSets, aggCalls, vectorize);
    }

    /**
     * Adds {@code input}: whether the input arrives as batches or as rows, and why (see {@link
     * InputPath}); shown once planning is done and the input is a concrete operator.
     */
    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelNode input = getInput();
        return super.explainTerms(pw)
                .itemIf(
                        "input",
                        inputPath(),
                        !(input instanceof RelSubset) && !(input instanceof HepRelVertex));
    }

    /** Costs as Calcite's hash aggregate does, so plan choices around it stay the same. */
    @Override
    public @Nullable RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return super.computeSelfCost(planner, mq);
    }

    /**
     * The code generated for {@code SELECT id1, SUM(v1) FROM h2o GROUP BY id1} (Janino's view, as
     * {@code Hook.JAVA_PLAN} prints it); the call is stashed, not generated, so the plan's
     * description reaches the runtime as one object:
     *
     * <pre>{@code
     * public Enumerable bind(final DataContext root) {
     *   final ScanData v1stashed = (ScanData) root.get("v1stashed");
     *   final BlockedAggregateCall v2stashed = (BlockedAggregateCall) root.get("v2stashed");
     *   return TallyRuntime.aggregate(root,                 // TallyMethod.AGGREGATE
     *       ScanEnumerable.scan(root, v1stashed, new int[] {0, 6}),  // the child's code
     *       v2stashed);                                        // the call AggregateTranslator made
     * }
     * }</pre>
     *
     * <p>An input that is not a Tally scan, batch calc or aggregate with {@link #batchOutput()}
     * arrives as a Calcite {@code Enumerable} of rows, converted to array rows first when its
     * format is neither array nor scalar.
     */
    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        return implementBlocked(
                this,
                implementor,
                (in, out) ->
                        AggregateTranslator.translate(this, in, out, !vectorize, batchOutput()));
    }

    /**
     * Generated code for a rel the runtime runs as a blocked aggregate: its input as array rows (or
     * batches), then {@link TallyMethod#AGGREGATE} with the call {@code describe} builds from the
     * input and output row shapes.
     */
    static Result implementBlocked(
            EnumerableRel rel,
            EnumerableRelImplementor implementor,
            BiFunction<RowShape, RowShape, BlockedAggregateCall> describe) {
        BlockBuilder builder = new BlockBuilder();
        EnumerableRel child = (EnumerableRel) rel.getInput(0);
        Result input = implementor.visitChild(rel, 0, child, Prefer.ARRAY);
        Expression childExp = builder.append("child", input.block);
        JavaRowFormat inputFormat = input.physType.getFormat();
        if (inputFormat != JavaRowFormat.ARRAY && inputFormat != JavaRowFormat.SCALAR) {
            childExp =
                    builder.append(
                            "childRows", input.physType.convertTo(childExp, JavaRowFormat.ARRAY));
            inputFormat = JavaRowFormat.ARRAY;
        }
        PhysType physType =
                PhysTypeImpl.of(
                        implementor.getTypeFactory(), rel.getRowType(), JavaRowFormat.ARRAY);
        BlockedAggregateCall call =
                describe.apply(rowShape(inputFormat), rowShape(physType.getFormat()));
        builder.add(
                Expressions.return_(
                        null,
                        Expressions.call(
                                TallyMethod.AGGREGATE.method,
                                implementor.getRootExpression(),
                                childExp,
                                implementor.stash(call, BlockedAggregateCall.class))));
        return implementor.result(physType, builder.toBlock());
    }

    static RowShape rowShape(JavaRowFormat format) {
        switch (format) {
            case SCALAR:
                return RowShape.SCALAR;
            case ARRAY:
                return RowShape.ARRAY;
            case LIST:
                return RowShape.LIST;
            default:
                throw new IllegalStateException("unexpected row format " + format);
        }
    }
}
