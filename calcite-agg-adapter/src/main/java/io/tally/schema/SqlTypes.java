package io.tally.schema;

import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Maps the Arrow field types Tally's scans produce (the vector types listed in {@code
 * io.tally.batch.BatchCursor}) to SQL types. Every column is nullable unless its Arrow field says
 * otherwise.
 */
public final class SqlTypes {
    /** Fractional-second digits of TIMESTAMP columns: values are stored in milliseconds. */
    static final int TIMESTAMP_PRECISION = 3;

    private SqlTypes() {}

    public static RelDataType toRelType(RelDataTypeFactory factory, Field field) {
        RelDataType type = baseType(factory, field);
        return factory.createTypeWithNullability(type, field.isNullable());
    }

    private static RelDataType baseType(RelDataTypeFactory factory, Field field) {
        ArrowType arrow = field.getType();
        switch (arrow.getTypeID()) {
            case Bool:
                return factory.createSqlType(SqlTypeName.BOOLEAN);
            case Int:
                switch (((ArrowType.Int) arrow).getBitWidth()) {
                    case 8:
                        return factory.createSqlType(SqlTypeName.TINYINT);
                    case 16:
                        return factory.createSqlType(SqlTypeName.SMALLINT);
                    case 32:
                        return factory.createSqlType(SqlTypeName.INTEGER);
                    default:
                        return factory.createSqlType(SqlTypeName.BIGINT);
                }
            case FloatingPoint:
                return factory.createSqlType(
                        ((ArrowType.FloatingPoint) arrow).getPrecision()
                                        == FloatingPointPrecision.SINGLE
                                ? SqlTypeName.REAL
                                : SqlTypeName.DOUBLE);
            case Decimal:
                {
                    ArrowType.Decimal d = (ArrowType.Decimal) arrow;
                    return factory.createSqlType(
                            SqlTypeName.DECIMAL, d.getPrecision(), d.getScale());
                }
            case Date:
                return factory.createSqlType(SqlTypeName.DATE);
            case Time:
                return factory.createSqlType(SqlTypeName.TIME);
            case Timestamp:
                return factory.createSqlType(SqlTypeName.TIMESTAMP, TIMESTAMP_PRECISION);
            case Utf8:
                return factory.createSqlType(SqlTypeName.VARCHAR);
            case List:
                {
                    Field element = field.getChildren().get(0);
                    return factory.createArrayType(toRelType(factory, element), -1);
                }
            default:
                throw new IllegalArgumentException("No SQL type for Arrow field " + field);
        }
    }
}
