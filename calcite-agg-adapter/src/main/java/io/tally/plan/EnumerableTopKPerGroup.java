package io.tally.plan;

import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.plan.volcano.RelSubset;
import org.apache.calcite.rel.RelCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.ImmutableBitSet;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * Tally's top-N-per-group operator: the first {@code limit} rows of each {@code partition} group in
 * {@code order} (what {@code ROW_NUMBER() OVER (PARTITION BY … ORDER BY …) <= limit} keeps),
 * computed in the blocked hash table with a bounded top-k per group instead of sorting the input;
 * the input's columns, then (if {@code rowNumber}) the rank as a BIGINT.
 */
public final class EnumerableTopKPerGroup extends SingleRel implements EnumerableRel {
    /** Per-row cost relative to a sort: one hash probe and, mostly, one key comparison. */
    static final double CPU_PER_ROW = 0.5;

    final ImmutableBitSet partition;
    final RelCollation order;
    final int limit;
    final boolean rowNumber;

    /**
     * The share of input rows the replaced {@code rn} filter was estimated to keep: the rows
     * estimate never exceeds the filter's, so the planner never prefers the window for a row-count
     * guess.
     */
    final double selectivity;

    /**
     * Whether the input may arrive as Arrow batches (the statement's {@code vectorize} setting).
     */
    final boolean vectorize;

    EnumerableTopKPerGroup(
            RelOptCluster cluster,
            RelTraitSet traits,
            RelNode input,
            ImmutableBitSet partition,
            RelCollation order,
            int limit,
            boolean rowNumber,
            double selectivity,
            boolean vectorize) {
        super(cluster, traits, input);
        this.partition = partition;
        this.order = order;
        this.limit = limit;
        this.rowNumber = rowNumber;
        this.selectivity = selectivity;
        this.vectorize = vectorize;
    }

    /**
     * A top-k-per-group over {@code input} (converted to the enumerable convention), replacing a
     * filter estimated to keep {@code selectivity} of the rows.
     */
    static EnumerableTopKPerGroup create(
            RelNode input,
            ImmutableBitSet partition,
            RelCollation order,
            int limit,
            boolean rowNumber,
            double selectivity,
            boolean vectorize) {
        RelTraitSet traits = input.getCluster().traitSet().replace(EnumerableConvention.INSTANCE);
        return new EnumerableTopKPerGroup(
                input.getCluster(),
                traits,
                RelOptRule.convert(
                        input, input.getTraitSet().replace(EnumerableConvention.INSTANCE)),
                partition,
                order,
                limit,
                rowNumber,
                selectivity,
                vectorize);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new EnumerableTopKPerGroup(
                getCluster(),
                traitSet,
                sole(inputs),
                partition,
                order,
                limit,
                rowNumber,
                selectivity,
                vectorize);
    }

    @Override
    protected RelDataType deriveRowType() {
        if (!rowNumber) {
            return getInput().getRowType();
        }
        RelDataTypeFactory types = getCluster().getTypeFactory();
        return types.builder()
                .addAll(getInput().getRowType().getFieldList())
                .add("rn", types.createSqlType(SqlTypeName.BIGINT))
                .build();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        RelNode input = getInput();
        return super.explainTerms(pw)
                .item("partition", partition)
                .item("order", order)
                .item("limit", limit)
                .itemIf("rowNumber", true, rowNumber)
                .itemIf(
                        "input",
                        InputPath.of(input, vectorize),
                        !(input instanceof RelSubset) && !(input instanceof HepRelVertex));
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        Double groups = mq.getDistinctRowCount(getInput(), partition, null);
        double rows = mq.getRowCount(getInput()) * selectivity;
        return groups == null ? rows : Math.min(rows, groups * limit);
    }

    @Override
    public @Nullable RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double in = mq.getRowCount(getInput());
        return planner.getCostFactory().makeCost(estimateRowCount(mq), in * CPU_PER_ROW, 0);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        return EnumerableBlockedAggregate.implementBlocked(
                this, implementor, (in, out) -> TopKPerGroupTranslator.translate(this, in, out));
    }
}
