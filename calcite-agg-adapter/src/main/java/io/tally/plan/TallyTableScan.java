package io.tally.plan;

import io.tally.runtime.TallyMethod;
import io.tally.schema.ScanData;
import io.tally.schema.ScanFilter;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableConvention;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.adapter.enumerable.JavaRowFormat;
import org.apache.calcite.adapter.enumerable.PhysType;
import org.apache.calcite.adapter.enumerable.PhysTypeImpl;
import org.apache.calcite.linq4j.tree.Blocks;
import org.apache.calcite.linq4j.tree.Expression;
import org.apache.calcite.linq4j.tree.Expressions;
import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptCost;
import org.apache.calcite.plan.RelOptPlanner;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.util.Util;

/**
 * Scans a Tally table (CSV, Arrow or Parquet file, a glob, {@code numbers(n)}) producing only the
 * columns {@link #fields()}. It may carry a {@link ScanFilter} pushed down from the Filter above it
 * ({@link TallyFilterScanRule}): the reader skips the parts the filter rules out (Parquet row
 * groups, files of a glob) while the Filter stays. At run time it is a {@code ScanEnumerable}: rows
 * for Calcite operators, Arrow batches for Tally's. Registering it adds {@link
 * TallyRules#SCAN_RULES} to the planner.
 */
public final class TallyTableScan extends TableScan implements EnumerableRel {
    /** Fixed per-scan cost added to the column count when scaling the cost by columns read. */
    private static final double COST_BASE_COLUMNS = 2.0;

    /**
     * Cost factor of a scan carrying a filter: it may skip parts and never reads more, so the
     * planner prefers it to the same scan without one.
     */
    private static final double PUSHED_FILTER_COST_FACTOR = 0.9;

    private final ScanData data;
    private final int[] fields;
    private final ScanFilter filter;

    public TallyTableScan(RelOptCluster cluster, RelOptTable table, ScanData data, int[] fields) {
        this(cluster, table, data, fields, ScanFilter.NONE);
    }

    private TallyTableScan(
            RelOptCluster cluster,
            RelOptTable table,
            ScanData data,
            int[] fields,
            ScanFilter filter) {
        super(cluster, cluster.traitSetOf(EnumerableConvention.INSTANCE), List.of(), table);
        this.data = data;
        this.fields = fields.clone();
        this.filter = filter;
        if (fields.length == 0) {
            throw new IllegalArgumentException("A scan needs at least one field");
        }
    }

    public ScanData data() {
        return data;
    }

    /** Table column indexes this scan produces, in output order. */
    public int[] fields() {
        return fields.clone();
    }

    /** The filter pushed to the scan (table column indexes), or {@link ScanFilter#NONE}. */
    public ScanFilter filter() {
        return filter;
    }

    /** The same scan producing {@code newFields} (table column indexes) instead. */
    public TallyTableScan withFields(int[] newFields) {
        return new TallyTableScan(getCluster(), table, data, newFields, filter);
    }

    /** The same scan carrying {@code newFilter} instead. */
    public TallyTableScan withFilter(ScanFilter newFilter) {
        return new TallyTableScan(getCluster(), table, data, fields, newFilter);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        assert inputs.isEmpty();
        return this;
    }

    @Override
    public RelDataType deriveRowType() {
        List<RelDataTypeField> all = table.getRowType().getFieldList();
        List<RelDataType> types = new ArrayList<>(fields.length);
        List<String> names = new ArrayList<>(fields.length);
        for (int field : fields) {
            types.add(all.get(field).getType());
            names.add(all.get(field).getName());
        }
        return getCluster().getTypeFactory().createStructType(types, names);
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw)
                .itemIf(
                        "source",
                        data.name(),
                        !data.name().equals(Util.last(table.getQualifiedName())))
                .item("fields", getRowType().getFieldNames())
                .itemIf(
                        "filter",
                        filter.describe(table.getRowType().getFieldNames()),
                        !filter.isEmpty());
    }

    @Override
    public void register(RelOptPlanner planner) {
        for (RelOptRule rule : TallyRules.SCAN_RULES) {
            planner.addRule(rule);
        }
    }

    @Override
    public RelOptCost computeSelfCost(RelOptPlanner planner, RelMetadataQuery mq) {
        double share =
                (fields.length + COST_BASE_COLUMNS)
                        / (table.getRowType().getFieldCount() + COST_BASE_COLUMNS);
        if (!filter.isEmpty()) {
            share *= PUSHED_FILTER_COST_FACTOR;
        }
        return super.computeSelfCost(planner, mq).multiplyBy(share);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        PhysType physType =
                PhysTypeImpl.of(
                        implementor.getTypeFactory(),
                        getRowType(),
                        fields.length == 1 ? JavaRowFormat.SCALAR : JavaRowFormat.ARRAY);
        Expression source = implementor.stash(data, ScanData.class);
        return implementor.result(
                physType,
                Blocks.toBlock(
                        Expressions.call(
                                TallyMethod.SCAN.method,
                                implementor.getRootExpression(),
                                source,
                                Expressions.constant(fields),
                                implementor.stash(filter, ScanFilter.class))));
    }
}
