package io.tally.schema.parquet;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * PLAIN-encoded values of one page (or a dictionary page) written into Arrow vectors, converted as
 * the column's {@link ParquetColumn.Kind} says. Layout read: fixed-width values back to back
 * little-endian (INT32 4 bytes, INT64 8, INT96 12 = nanoseconds of the day then Julian day, FLOAT
 * 4, DOUBLE 8, FIXED_LEN_BYTE_ARRAY its type length); BOOLEAN one bit per value, LSB first;
 * BYTE_ARRAY a 4-byte little-endian length before each value. Values whose Arrow layout is the
 * Parquet one (INT32, DATE, TIME_MILLIS, INT64, TIMESTAMP_MILLIS, FLOAT, DOUBLE) are copied in
 * bulk. Every read is checked against the page's end first, so a corrupt page throws {@link
 * IllegalStateException} instead of reading past it.
 */
final class PlainValues implements PageValues {
    static final long MICROS_PER_MILLI = 1_000L;
    static final long NANOS_PER_MILLI = 1_000_000L;
    private static final long MILLIS_PER_DAY = 86_400_000L;

    /** Julian day number of 1970-01-01, the epoch of INT96 timestamps' day part. */
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;

    private static final int INT96_BYTES = 12;

    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final ParquetColumn column;
    private final byte[] page;
    private final int end;
    private int pos;

    /** The bit of the next BOOLEAN value, counted from {@code pos}'s byte. */
    private long bit;

    /** The values in {@code page[pos, end)}. */
    PlainValues(ParquetColumn column, byte[] page, int pos, int end) {
        this.column = column;
        this.page = page;
        this.pos = pos;
        this.end = end;
    }

    @Override
    public void put(FieldVector v, int row, int count) {
        ArrowBuf data = v.getDataBuffer();
        switch (column.kind()) {
            case BOOLEAN:
                need((bit + count + 7) >>> 3);
                for (int i = 0; i < count; i++, bit++) {
                    if ((page[pos + (int) (bit >>> 3)] & (1 << (bit & 7))) != 0) {
                        VectorWrites.setBit(data, row + i);
                    }
                }
                break;
            case INT32:
            case DATE:
            case TIME_MILLIS:
            case FLOAT:
                copy(data, row, count, Integer.BYTES);
                break;
            case INT64:
            case TIMESTAMP_MILLIS:
            case DOUBLE:
                copy(data, row, count, Long.BYTES);
                break;
            case INT8:
                need((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    data.setByte(row + i, nextInt());
                }
                break;
            case INT16:
                need((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    data.setShort((long) (row + i) * Short.BYTES, (short) nextInt());
                }
                break;
            case UINT32:
                need((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    data.setLong((long) (row + i) * Long.BYTES, Integer.toUnsignedLong(nextInt()));
                }
                break;
            case UINT64:
                need((long) count * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    data.setLong((long) (row + i) * Long.BYTES, unsigned64(column, nextLong()));
                }
                break;
            case TIME_MICROS:
            case TIME_NANOS:
                {
                    long unit = unitsPerMilli(column.kind());
                    need((long) count * Long.BYTES);
                    for (int i = 0; i < count; i++) {
                        data.setInt((long) (row + i) * Integer.BYTES, (int) (nextLong() / unit));
                    }
                    break;
                }
            case TIMESTAMP_MICROS:
            case TIMESTAMP_NANOS:
                {
                    long unit = unitsPerMilli(column.kind());
                    need((long) count * Long.BYTES);
                    for (int i = 0; i < count; i++) {
                        data.setLong(
                                (long) (row + i) * Long.BYTES, Math.floorDiv(nextLong(), unit));
                    }
                    break;
                }
            case TIMESTAMP_INT96:
                need((long) count * INT96_BYTES);
                for (int i = 0; i < count; i++) {
                    long nanos = nextLong();
                    data.setLong((long) (row + i) * Long.BYTES, int96Millis(nanos, nextInt()));
                }
                break;
            case DECIMAL_INT32:
                need((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    ((DecimalVector) v).set(row + i, nextInt());
                }
                break;
            case DECIMAL_INT64:
                need((long) count * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    ((DecimalVector) v).set(row + i, nextLong());
                }
                break;
            case DECIMAL_BYTES:
                for (int i = 0; i < count; i++) {
                    int length = nextLength();
                    ((DecimalVector) v)
                            .setBigEndian(row + i, Arrays.copyOfRange(page, pos, pos + length));
                    pos += length;
                }
                break;
            case STRING:
            case BINARY:
                putBytes((BaseVariableWidthVector) v, row, count);
                break;
            default:
                throw new AssertionError(column.kind());
        }
    }

    private void copy(ArrowBuf data, int row, int count, int width) {
        long bytes = (long) count * width;
        need(bytes);
        data.setBytes((long) row * width, page, pos, bytes);
        pos += (int) bytes;
    }

    private void putBytes(BaseVariableWidthVector v, int row, int count) {
        int at = VectorWrites.start(v, row);
        for (int i = 0; i < count; i++) {
            int length = nextLength();
            VectorWrites.reserve(v, (long) at + length).setBytes(at, page, pos, length);
            pos += length;
            at += length;
            VectorWrites.end(v, row + i, at);
        }
    }

    /** The next value's length: its 4-byte prefix, or the FIXED_LEN_BYTE_ARRAY type length. */
    private int nextLength() {
        int length;
        if (column.leaf().getPrimitiveType().getPrimitiveTypeName()
                == PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY) {
            length = column.leaf().getPrimitiveType().getTypeLength();
        } else {
            need(Integer.BYTES);
            length = nextInt();
        }
        if (length < 0) {
            throw new IllegalStateException("negative value length " + length);
        }
        need(length);
        return length;
    }

    private int nextInt() {
        int value = (int) INTS.get(page, pos);
        pos += Integer.BYTES;
        return value;
    }

    private long nextLong() {
        long value = (long) LONGS.get(page, pos);
        pos += Long.BYTES;
        return value;
    }

    private void need(long bytes) {
        if (pos + bytes > end) {
            throw new IllegalStateException(
                    "PLAIN values run past the end of the page ("
                            + bytes
                            + " bytes needed, "
                            + (end - pos)
                            + " left)");
        }
    }

    /** {@code value} as a BIGINT, or an error naming the column when it exceeds one. */
    static long unsigned64(ParquetColumn column, long value) {
        if (value < 0) {
            throw new ArithmeticException(
                    "unsigned 64-bit value "
                            + Long.toUnsignedString(value)
                            + " in column '"
                            + column.field().getName()
                            + "' exceeds BIGINT");
        }
        return value;
    }

    /** Stored units per millisecond of a microsecond or nanosecond TIME or TIMESTAMP column. */
    private static long unitsPerMilli(ParquetColumn.Kind kind) {
        return kind == ParquetColumn.Kind.TIME_MICROS || kind == ParquetColumn.Kind.TIMESTAMP_MICROS
                ? MICROS_PER_MILLI
                : NANOS_PER_MILLI;
    }

    /** An INT96 timestamp (nanoseconds of the day, Julian day) as milliseconds since 1970. */
    static long int96Millis(long nanos, long julianDay) {
        return (julianDay - JULIAN_EPOCH_DAY) * MILLIS_PER_DAY
                + Math.floorDiv(nanos, NANOS_PER_MILLI);
    }
}
