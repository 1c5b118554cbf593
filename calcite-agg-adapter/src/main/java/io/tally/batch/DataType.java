package io.tally.batch;

import java.io.Serializable;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * A column type with its parameters: DECIMAL precision and scale, the element type of an ARRAY or
 * MULTISET (null for every other type), nullability. Maps to the Arrow vectors listed in {@link
 * BatchCursor}; an ARRAY or MULTISET is an Arrow List of its element's vector.
 */
public record DataType(
        ColumnType type, int precision, int scale, boolean nullable, DataType element)
        implements Serializable {
    /** Largest DECIMAL precision the runtime holds (128-bit unscaled values). */
    public static final int MAX_DECIMAL_PRECISION = 38;

    public DataType {
        if (type == null) {
            throw new IllegalArgumentException("type is null");
        }
        if (type == ColumnType.DECIMAL
                && (precision < 1
                        || precision > MAX_DECIMAL_PRECISION
                        || scale < 0
                        || scale > precision)) {
            throw new IllegalArgumentException("invalid DECIMAL(" + precision + ", " + scale + ")");
        }
        if (type.isCollection() != (element != null)
                || (element != null && element.type().isCollection())) {
            throw new IllegalArgumentException(
                    type
                            + " with element "
                            + element
                            + ": an ARRAY or MULTISET, and only it, has an element type, which is not a collection");
        }
    }

    /** A type without an element type. */
    public DataType(ColumnType type, int precision, int scale, boolean nullable) {
        this(type, precision, scale, nullable, null);
    }

    /** A nullable column of a type without parameters. */
    public static DataType of(ColumnType type) {
        return new DataType(type, 0, 0, true);
    }

    /** A nullable DECIMAL(precision, scale). */
    public static DataType decimal(int precision, int scale) {
        return new DataType(ColumnType.DECIMAL, precision, scale, true);
    }

    /** A nullable ARRAY of {@code element}. */
    public static DataType array(DataType element) {
        return new DataType(ColumnType.ARRAY, 0, 0, true, element);
    }

    /** A nullable MULTISET of {@code element}. */
    public static DataType multiset(DataType element) {
        return new DataType(ColumnType.MULTISET, 0, 0, true, element);
    }

    public DataType withNullable(boolean nullable) {
        return new DataType(type, precision, scale, nullable, element);
    }

    public ColumnType.Family family() {
        return type.family();
    }

    /** The Arrow field for a column of this type called {@code name}. */
    public Field toField(String name) {
        if (element != null) {
            Field item = element.withNullable(true).toField("item");
            return new Field(
                    name, new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(item));
        }
        return new Field(name, new FieldType(nullable, arrowType(), null), null);
    }

    private ArrowType arrowType() {
        switch (type) {
            case NULL:
            case BOOLEAN:
                return ArrowType.Bool.INSTANCE;
            case TINYINT:
                return new ArrowType.Int(8, true);
            case SMALLINT:
                return new ArrowType.Int(16, true);
            case INTEGER:
                return new ArrowType.Int(32, true);
            case BIGINT:
                return new ArrowType.Int(64, true);
            case REAL:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DECIMAL:
                return new ArrowType.Decimal(precision, scale, 128);
            case DATE:
                return new ArrowType.Date(DateUnit.DAY);
            case TIME:
                return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
            case TIMESTAMP:
                return new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
            case CHAR:
            case VARCHAR:
                return ArrowType.Utf8.INSTANCE;
            case VARBINARY:
                return ArrowType.Binary.INSTANCE;
            default:
                throw new IllegalStateException("no Arrow type for " + type);
        }
    }

    @Override
    public String toString() {
        String base =
                type == ColumnType.DECIMAL
                        ? "DECIMAL(" + precision + ", " + scale + ")"
                        : element != null
                                ? element.withNullable(true) + " " + type.name()
                                : type.name();
        return nullable ? base : base + " NOT NULL";
    }
}
