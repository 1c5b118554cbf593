package io.tally.jdbc;

import java.util.List;
import org.apache.calcite.adapter.java.JavaTypeFactory;
import org.apache.calcite.avatica.MetaImpl.MetaColumn;
import org.apache.calcite.jdbc.CalciteMetaColumnFactory;
import org.apache.calcite.jdbc.JavaTypeFactoryImpl;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.schema.Table;

/**
 * The rows of {@code DatabaseMetaData.getColumns}, as Calcite lists them but with Tally's type
 * names and sizes ({@link ColumnTypes}): Calcite reports COLUMN_SIZE -1 for every type without a
 * declared precision (BIGINT, DATE, ...) and TYPE_NAMEs such as {@code BIGINT NOT NULL}. Named by
 * the {@code metaColumnFactory} connection property.
 */
public final class TallyMetaColumnFactory implements CalciteMetaColumnFactory {
    /** The instance named in the connection property. */
    public static final TallyMetaColumnFactory INSTANCE = new TallyMetaColumnFactory();

    private final JavaTypeFactory typeFactory = new JavaTypeFactoryImpl(TallyTypeSystem.INSTANCE);

    private TallyMetaColumnFactory() {}

    @Override
    public MetaColumn createColumn(
            Table table,
            String tableCat,
            String tableSchem,
            String tableName,
            String columnName,
            int dataType,
            String typeName,
            Integer columnSize,
            Integer decimalDigits,
            int numPrecRadix,
            int nullable,
            Integer charOctetLength,
            int ordinalPosition,
            String isNullable) {
        List<RelDataTypeField> fields = table.getRowType(typeFactory).getFieldList();
        RelDataType type = fields.get(ordinalPosition - 1).getType();
        Integer size = ColumnTypes.size(type);
        Integer octets =
                ColumnTypes.isText(type) && size != null && size < Integer.MAX_VALUE / 4
                        ? size * 4
                        : null; // UTF-8: at most four bytes a character
        return new MetaColumn(
                tableCat,
                tableSchem,
                tableName,
                columnName,
                dataType,
                ColumnTypes.name(type),
                size,
                ColumnTypes.decimalDigits(type),
                numPrecRadix,
                nullable,
                octets,
                ordinalPosition,
                isNullable);
    }

    @Override
    public Class<? extends MetaColumn> getMetaColumnClass() {
        return MetaColumn.class;
    }
}
