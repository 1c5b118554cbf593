package io.tally.plan;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/** Maps Calcite's SQL types to the runtime's {@link DataType}s. */
public final class ExecTypes {
    private ExecTypes() {}

    /**
     * The runtime type of a column.
     *
     * @throws UnsupportedTypeException naming the type if the runtime cannot hold it
     */
    public static DataType of(RelDataType type, String what) {
        boolean nullable = type.isNullable();
        SqlTypeName name = type.getSqlTypeName();
        switch (name) {
            case DECIMAL:
                return new DataType(
                        ColumnType.DECIMAL, type.getPrecision(), type.getScale(), nullable);
            case ARRAY:
            case MULTISET:
                RelDataType item = type.getComponentType();
                if (item != null && item.getComponentType() == null) {
                    DataType element = of(item, what + " item");
                    return new DataType(
                            name == SqlTypeName.ARRAY ? ColumnType.ARRAY : ColumnType.MULTISET,
                            0,
                            0,
                            nullable,
                            element);
                }
                break;
            default:
                ColumnType column = simple(name);
                if (column != null) {
                    return new DataType(column, 0, 0, nullable);
                }
        }
        throw new UnsupportedTypeException(
                what
                        + " has type "
                        + type.getFullTypeString()
                        + ", which Tally's aggregate does not support");
    }

    private static ColumnType simple(SqlTypeName name) {
        switch (name) {
            case NULL:
                return ColumnType.NULL;
            case BOOLEAN:
                return ColumnType.BOOLEAN;
            case TINYINT:
                return ColumnType.TINYINT;
            case SMALLINT:
                return ColumnType.SMALLINT;
            case INTEGER:
                return ColumnType.INTEGER;
            case BIGINT:
                return ColumnType.BIGINT;
            case REAL:
                return ColumnType.REAL;
            case FLOAT:
            case DOUBLE:
                return ColumnType.DOUBLE;
            case DATE:
                return ColumnType.DATE;
            case TIME:
                return ColumnType.TIME;
            case TIMESTAMP:
                return ColumnType.TIMESTAMP;
            case CHAR:
                return ColumnType.CHAR;
            case VARCHAR:
                return ColumnType.VARCHAR;
            case BINARY:
            case VARBINARY:
                return ColumnType.VARBINARY;
            default:
                return null;
        }
    }

    /** A type the runtime cannot aggregate; the message names the column and the type. */
    public static final class UnsupportedTypeException extends UnsupportedQueryException {
        UnsupportedTypeException(String message) {
            super(message);
        }
    }
}
