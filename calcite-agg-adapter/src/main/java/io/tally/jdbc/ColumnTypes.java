package io.tally.jdbc;

import java.sql.Types;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * How Tally names and sizes a column's type, one answer for {@code DESCRIBE}, {@code
 * information_schema.columns} and {@code DatabaseMetaData.getColumns}: the SQL name ({@code
 * BIGINT}, {@code VARCHAR}, {@code DECIMAL(10, 2)}, {@code VARCHAR ARRAY}), and JDBC's COLUMN_SIZE
 * (digits of a number, characters of a date or text) and DECIMAL_DIGITS.
 */
final class ColumnTypes {
    /** Characters of {@code yyyy-mm-dd}. */
    private static final int DATE_SIZE = 10;

    /** Characters of {@code hh:mm:ss}. */
    private static final int TIME_SIZE = 8;

    /** Characters of {@code yyyy-mm-dd hh:mm:ss}. */
    private static final int TIMESTAMP_SIZE = 19;

    /** Decimal digits a DOUBLE holds exactly (JDBC's COLUMN_SIZE of an approximate number). */
    private static final int DOUBLE_DIGITS = 15;

    /** Decimal digits a REAL holds exactly. */
    private static final int REAL_DIGITS = 7;

    /** Mantissa bits of a DOUBLE (information_schema's numeric_precision, radix 2). */
    private static final int DOUBLE_MANTISSA_BITS = 53;

    /** Mantissa bits of a REAL. */
    private static final int FLOAT_MANTISSA_BITS = 24;

    private ColumnTypes() {}

    /** The type's SQL name, without nullability or character set. */
    static String name(RelDataType type) {
        SqlTypeName t = type.getSqlTypeName();
        if (type.getComponentType() != null) {
            return name(type.getComponentType()) + " " + t.getName();
        }
        switch (t) {
            case DECIMAL:
                return t.getName() + "(" + type.getPrecision() + ", " + type.getScale() + ")";
            case CHAR:
            case VARCHAR:
            case BINARY:
            case VARBINARY:
                return type.getPrecision() > 0
                                && type.getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED
                                && type.getPrecision() < Integer.MAX_VALUE
                        ? t.getName() + "(" + type.getPrecision() + ")"
                        : t.getName();
            default:
                return t.getName();
        }
    }

    /** JDBC's COLUMN_SIZE; null where it does not apply (arrays, other types). */
    static Integer size(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case TINYINT:
                return 3;
            case SMALLINT:
                return 5;
            case INTEGER:
                return 10;
            case BIGINT:
                return 19;
            case REAL:
                return REAL_DIGITS;
            case FLOAT:
            case DOUBLE:
                return DOUBLE_DIGITS;
            case DECIMAL:
                return type.getPrecision();
            case BOOLEAN:
                return 1;
            case DATE:
                return DATE_SIZE;
            case TIME:
                return TIME_SIZE + fraction(type);
            case TIMESTAMP:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return TIMESTAMP_SIZE + fraction(type);
            case CHAR:
            case VARCHAR:
            case BINARY:
            case VARBINARY:
                return type.getPrecision() > 0 ? type.getPrecision() : Integer.MAX_VALUE;
            default:
                return null;
        }
    }

    /** JDBC's DECIMAL_DIGITS: the scale of a number, the fractional seconds of a time. */
    static Integer decimalDigits(RelDataType type) {
        if (type.getSqlTypeName() == SqlTypeName.DATE) {
            return null; // JDBC: not applicable (information_schema says 0 fractional digits)
        }
        Integer scale = numericScale(type);
        return scale != null ? scale : datetimePrecision(type);
    }

    /** information_schema's character_maximum_length: the declared length of text, or null. */
    static Integer maxLength(RelDataType type) {
        return isText(type) && type.getPrecision() > 0 ? type.getPrecision() : null;
    }

    /**
     * information_schema's numeric_precision, as PostgreSQL and DuckDB give it: bits for integers
     * and floating point (radix 2), digits for DECIMAL (radix 10); null otherwise.
     */
    static Integer numericPrecision(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case TINYINT:
                return Byte.SIZE;
            case SMALLINT:
                return Short.SIZE;
            case INTEGER:
                return Integer.SIZE;
            case BIGINT:
                return Long.SIZE;
            case REAL:
                return FLOAT_MANTISSA_BITS;
            case FLOAT:
            case DOUBLE:
                return DOUBLE_MANTISSA_BITS;
            case DECIMAL:
                return type.getPrecision();
            default:
                return null;
        }
    }

    /**
     * information_schema's numeric_precision_radix: 2, 10, or null (see {@link #numericPrecision}).
     */
    static Integer numericRadix(RelDataType type) {
        Integer precision = numericPrecision(type);
        return precision == null ? null : type.getSqlTypeName() == SqlTypeName.DECIMAL ? 10 : 2;
    }

    /** information_schema's numeric_scale: 0 for integers, the DECIMAL scale, else null. */
    static Integer numericScale(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return 0;
            case DECIMAL:
                return type.getScale();
            default:
                return null;
        }
    }

    /** information_schema's datetime_precision: fractional-second digits of a date or time. */
    static Integer datetimePrecision(RelDataType type) {
        switch (type.getSqlTypeName()) {
            case DATE:
                return 0;
            case TIME:
            case TIMESTAMP:
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return Math.max(type.getPrecision(), 0);
            default:
                return null;
        }
    }

    /** Whether the type is text (its COLUMN_SIZE counts characters). */
    static boolean isText(RelDataType type) {
        int jdbc = type.getSqlTypeName().getJdbcOrdinal();
        return jdbc == Types.CHAR || jdbc == Types.VARCHAR;
    }

    /** Characters the fractional seconds add: a dot and the digits, or nothing. */
    private static int fraction(RelDataType type) {
        return type.getPrecision() > 0 ? 1 + type.getPrecision() : 0;
    }
}
