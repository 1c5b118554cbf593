package io.tally.catalog;

import io.tally.plan.TallyTableScan;
import io.tally.schema.ScanData;
import io.tally.schema.SqlTypes;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.schema.Statistic;
import org.apache.calcite.schema.Statistics;
import org.apache.calcite.schema.TranslatableTable;
import org.apache.calcite.schema.impl.AbstractTable;

/**
 * A Tally table for the planner: its row type and row-count estimate come from its {@link
 * ScanData}, and it plans as a {@link TallyTableScan} of all columns (projection pushdown then
 * narrows it).
 */
public final class TallyTable extends AbstractTable implements TranslatableTable {
    private final ScanData data;

    public TallyTable(ScanData data) {
        this.data = data;
    }

    public ScanData data() {
        return data;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory typeFactory) {
        List<Field> fields = data.schema().getFields();
        List<String> names = new ArrayList<>(fields.size());
        List<RelDataType> types = new ArrayList<>(fields.size());
        for (Field field : fields) {
            names.add(field.getName());
            types.add(SqlTypes.toRelType(typeFactory, field));
        }
        return typeFactory.createStructType(types, names);
    }

    @Override
    public Statistic getStatistic() {
        return Statistics.of(data.estimatedRowCount(), List.of());
    }

    @Override
    public RelNode toRel(RelOptTable.ToRelContext context, RelOptTable relOptTable) {
        int[] all = new int[relOptTable.getRowType().getFieldCount()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        return new TallyTableScan(context.getCluster(), relOptTable, data, all);
    }

    @Override
    public String toString() {
        return "TallyTable(" + data.name() + ")";
    }
}
