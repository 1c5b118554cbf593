package io.tally.plan;

import io.tally.runtime.TallyMethod;
import io.tally.schema.ScanData;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.AbstractRelNode;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.util.Util;

/**
 * {@code SELECT COUNT(*) FROM t} answered from the table's file metadata (a Parquet footer's row
 * counts) without reading a column: one row holding the count once per {@code COUNT(*)} call.
 * Planned by {@link TallyFooterCountRule} in place of an aggregate over a scan with no filter.
 */
public final class TallyFooterCount extends AbstractRelNode implements EnumerableRel {
    private final RelOptTable table;
    private final ScanData data;

    TallyFooterCount(RelOptCluster cluster, RelOptTable table, ScanData data, RelDataType rowType) {
        super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE));
        this.table = table;
        this.data = data;
        this.rowType = rowType;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return this;
    }

    @Override
    protected RelDataType deriveRowType() {
        return rowType;
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return 1;
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        return planner.getCostFactory().makeTinyCost();
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .item("table", table.getQualifiedName())
                .itemIf(
                        "source",
                        data.name(),
                        !data.name().equals(Util.last(table.getQualifiedName())))
                .item("counts", rowType.getFieldNames());
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        int columns = rowType.getFieldCount();
        PhysType physType =
                PhysTypeImpl.of(
                        implementor.getTypeFactory(),
                        rowType,
                        columns == 1 ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY);
        return implementor.result(
                physType,
                Blocks.toBlock(
                        Expressions.call(
                                TallyMethod.ROW_COUNT.method,
                                implementor.stash(data, ScanData.class),
                                Expressions.constant(columns))));
    }
}
