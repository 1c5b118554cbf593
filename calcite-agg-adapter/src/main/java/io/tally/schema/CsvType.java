package io.tally.schema;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The SQL type of a CSV column, either inferred from the data or declared in the header as {@code
 * name:TYPE}, and the Arrow vector type its batches use.
 */
public record CsvType(Kind kind, int precision, int scale) {
    /** Column kinds a CSV column can have. */
    public enum Kind {
        BOOLEAN,
        INTEGER,
        BIGINT,
        DOUBLE,
        DECIMAL,
        DATE,
        TIMESTAMP,
        VARCHAR
    }

    /** Precision of {@code DECIMAL} written without arguments (DuckDB's default). */
    public static final int DEFAULT_DECIMAL_PRECISION = 18;

    /** Scale of {@code DECIMAL} written without arguments (DuckDB's default). */
    public static final int DEFAULT_DECIMAL_SCALE = 3;

    /** Largest precision an Arrow 128-bit decimal holds. */
    public static final int MAX_DECIMAL_PRECISION = 38;

    /** The type names a header may declare, for error messages. */
    public static final String VALID_TYPES =
            "BOOLEAN, INT, INTEGER, BIGINT, DOUBLE, DECIMAL(p,s), DATE, TIMESTAMP, VARCHAR";

    public static final CsvType BOOLEAN = of(Kind.BOOLEAN);
    public static final CsvType INTEGER = of(Kind.INTEGER);
    public static final CsvType BIGINT = of(Kind.BIGINT);
    public static final CsvType DOUBLE = of(Kind.DOUBLE);
    public static final CsvType DATE = of(Kind.DATE);
    public static final CsvType TIMESTAMP = of(Kind.TIMESTAMP);
    public static final CsvType VARCHAR = of(Kind.VARCHAR);

    private static final Pattern DECIMAL_ARGS =
            Pattern.compile("DECIMAL\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\))?");

    private static CsvType of(Kind kind) {
        return new CsvType(kind, 0, 0);
    }

    /**
     * Parses a declared type name; returns {@code null} if it is not one of {@link #VALID_TYPES}.
     */
    public static CsvType parse(String text) {
        String name = text.strip().toUpperCase(Locale.ROOT);
        switch (name) {
            case "BOOLEAN":
                return BOOLEAN;
            case "INT":
            case "INTEGER":
                return INTEGER;
            case "BIGINT":
                return BIGINT;
            case "DOUBLE":
                return DOUBLE;
            case "DATE":
                return DATE;
            case "TIMESTAMP":
                return TIMESTAMP;
            case "VARCHAR":
                return VARCHAR;
            default:
                return parseDecimal(name);
        }
    }

    private static CsvType parseDecimal(String name) {
        Matcher m = DECIMAL_ARGS.matcher(name);
        if (!m.matches()) {
            return null;
        }
        int precision =
                m.group(1) == null ? DEFAULT_DECIMAL_PRECISION : Integer.parseInt(m.group(1));
        int scale =
                m.group(1) == null
                        ? DEFAULT_DECIMAL_SCALE
                        : m.group(2) == null ? 0 : Integer.parseInt(m.group(2));
        if (precision < 1 || precision > MAX_DECIMAL_PRECISION || scale > precision) {
            return null;
        }
        return new CsvType(Kind.DECIMAL, precision, scale);
    }

    /** The Arrow type of this column's vectors (see {@code io.tally.batch.BatchCursor}). */
    public ArrowType arrowType() {
        switch (kind) {
            case BOOLEAN:
                return ArrowType.Bool.INSTANCE;
            case INTEGER:
                return new ArrowType.Int(32, true);
            case BIGINT:
                return new ArrowType.Int(64, true);
            case DOUBLE:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DECIMAL:
                return new ArrowType.Decimal(precision, scale, 128);
            case DATE:
                return new ArrowType.Date(DateUnit.DAY);
            case TIMESTAMP:
                return new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
            case VARCHAR:
                return ArrowType.Utf8.INSTANCE;
            default:
                throw new AssertionError(kind);
        }
    }

    @Override
    public String toString() {
        return kind == Kind.DECIMAL ? "DECIMAL(" + precision + "," + scale + ")" : kind.name();
    }
}
