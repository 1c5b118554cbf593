package io.tally.schema;

import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * How one column of an Arrow IPC file becomes a column of Tally batches: the field as stored in the
 * file (in-memory form: a dictionary-encoded field has its index type), the field Tally produces (a
 * vector type of {@code io.tally.batch.BatchCursor}), and the conversion between them.
 *
 * @param fileField the field as the file reader loads it
 * @param field the field Tally batches carry
 * @param conversion how values move from one to the other
 * @param factor unit change for time values: {@code > 0} multiply, {@code < 0} divide by its
 *     negation (floor division), {@code 1} none
 */
record ArrowColumn(Field fileField, Field field, Conversion conversion, long factor) {
    /** Ways a file column becomes a batch column. */
    enum Conversion {
        /** Same vector type: buffers are transferred, not copied. */
        TRANSFER,
        /** Timestamp of any unit or zone to TimeStampMilli (the UTC wall-clock time). */
        TIMESTAMP_TO_MILLI,
        /** Date in milliseconds to DateDay. */
        DATE_MILLI_TO_DAY,
        /** Time of any unit to TimeMilli. */
        TIME_TO_MILLI,
        /** LargeUtf8 to Utf8. */
        LARGE_UTF8,
        /** Dictionary-encoded Utf8 or LargeUtf8 decoded to plain Utf8. */
        DICTIONARY
    }

    static final String SUPPORTED =
            "Int8, Int16, Int32, Int64, Float32, Float64, Bool, Utf8,"
                    + " LargeUtf8, Date, Time, Timestamp, Decimal (128-bit), dictionary-encoded Utf8,"
                    + " List<Utf8>";

    /** Maps a file field, or throws {@link DataFileException} naming file, column and type. */
    static ArrowColumn of(Path file, int index, Field f) {
        ArrowType type = f.getType();
        if (f.getDictionary() != null) {
            return of(f, ArrowType.Utf8.INSTANCE, Conversion.DICTIONARY, 1);
        }
        switch (type.getTypeID()) {
            case Int:
                if (((ArrowType.Int) type).getIsSigned()) {
                    return transfer(f);
                }
                break;
            case FloatingPoint:
                if (((ArrowType.FloatingPoint) type).getPrecision()
                        != FloatingPointPrecision.HALF) {
                    return transfer(f);
                }
                break;
            case Bool:
            case Utf8:
                return transfer(f);
            case LargeUtf8:
                return of(f, ArrowType.Utf8.INSTANCE, Conversion.LARGE_UTF8, 1);
            case Decimal:
                if (((ArrowType.Decimal) type).getBitWidth() == 128) {
                    return transfer(f);
                }
                break;
            case Date:
                return ((ArrowType.Date) type).getUnit() == DateUnit.DAY
                        ? transfer(f)
                        : of(f, new ArrowType.Date(DateUnit.DAY), Conversion.DATE_MILLI_TO_DAY, 1);
            case Time:
                {
                    TimeUnit unit = ((ArrowType.Time) type).getUnit();
                    return unit == TimeUnit.MILLISECOND
                            ? transfer(f)
                            : of(
                                    f,
                                    new ArrowType.Time(TimeUnit.MILLISECOND, 32),
                                    Conversion.TIME_TO_MILLI,
                                    factor(unit));
                }
            case Timestamp:
                {
                    ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
                    return ts.getUnit() == TimeUnit.MILLISECOND && ts.getTimezone() == null
                            ? transfer(f)
                            : of(
                                    f,
                                    new ArrowType.Timestamp(TimeUnit.MILLISECOND, null),
                                    Conversion.TIMESTAMP_TO_MILLI,
                                    factor(ts.getUnit()));
                }
            case List:
                {
                    Field element = f.getChildren().get(0);
                    if (element.getType().getTypeID() == ArrowType.ArrowTypeID.Utf8
                            && element.getDictionary() == null) {
                        return transfer(f);
                    }
                    break;
                }
            default:
                break;
        }
        throw new DataFileException(
                file
                        + ": column "
                        + (index + 1)
                        + " '"
                        + f.getName()
                        + "' has Arrow type "
                        + describe(f)
                        + ", which Tally cannot read; supported types: "
                        + SUPPORTED);
    }

    private static String describe(Field f) {
        return f.getChildren().isEmpty()
                ? f.getType().toString()
                : f.getType() + "<" + describe(f.getChildren().get(0)) + ">";
    }

    /** Millisecond factor of a time unit, in the encoding of {@link #factor()}. */
    private static long factor(TimeUnit unit) {
        switch (unit) {
            case SECOND:
                return 1_000L;
            case MILLISECOND:
                return 1L;
            case MICROSECOND:
                return -1_000L;
            case NANOSECOND:
                return -1_000_000L;
            default:
                throw new AssertionError(unit);
        }
    }

    private static ArrowColumn transfer(Field f) {
        return new ArrowColumn(f, f, Conversion.TRANSFER, 1);
    }

    private static ArrowColumn of(Field f, ArrowType type, Conversion conversion, long factor) {
        Field out = new Field(f.getName(), new FieldType(f.isNullable(), type, null), List.of());
        return new ArrowColumn(f, out, conversion, factor);
    }

    /** Applies {@link #factor()} to a value in the file's unit, giving milliseconds. */
    long toMillis(long value) {
        return factor > 0 ? Math.multiplyExact(value, factor) : Math.floorDiv(value, -factor);
    }
}
