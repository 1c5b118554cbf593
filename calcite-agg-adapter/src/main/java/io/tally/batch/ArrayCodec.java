package io.tally.batch;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Encodes an ARRAY or MULTISET value as one byte string, so it can be a group key (equal arrays
 * give equal bytes), an argument or a state. Layout, big-endian: {@code [item count:int]} then per
 * item {@code [0]} for NULL or {@code [1]} and the item: LONG-family elements 8 bytes, DOUBLE 8
 * bytes of the value's bits (-0.0 as 0.0 and every NaN alike, as SQL equality has them), DECIMAL 16
 * bytes (high word, then low), and the rest {@code [length:int][bytes]} (UTF-8 for strings, which
 * the hash room's array key writer reads directly).
 */
public final class ArrayCodec {
    private static final int INT = Integer.BYTES;
    private static final int LONG = Long.BYTES;

    private ArrayCodec() {}

    /** The number of items of the array encoded at {@code from}. */
    public static int count(byte[] b, int from) {
        return getInt(b, from);
    }

    /** Where the item whose marker byte is at {@code pos} ends (the next item's marker). */
    public static int itemEnd(byte[] b, int pos, DataType element) {
        if (b[pos] == 0) {
            return pos + 1;
        }
        switch (element.family()) {
            case LONG:
            case DOUBLE:
                return pos + 1 + LONG;
            case DECIMAL:
                return pos + 1 + 2 * LONG;
            default:
                return pos + 1 + INT + getInt(b, pos + 1);
        }
    }

    /** Decodes one encoded array into Java values in Calcite's representation (see RowBatcher). */
    public static List<Object> decode(byte[] b, int from, int to, DataType element) {
        int count = getInt(b, from);
        int pos = from + INT;
        List<Object> items = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            items.add(b[pos] == 0 ? null : javaValue(b, pos + 1, element));
            pos = itemEnd(b, pos, element);
        }
        if (pos != to) {
            throw new IllegalStateException("corrupt array encoding");
        }
        return items;
    }

    private static Object javaValue(byte[] b, int p, DataType element) {
        switch (element.family()) {
            case LONG:
                long v = getLong(b, p);
                switch (element.type()) {
                    case BOOLEAN:
                        return v != 0;
                    case TINYINT:
                        return (byte) v;
                    case SMALLINT:
                        return (short) v;
                    case INTEGER:
                    case DATE:
                    case TIME:
                        return (int) v;
                    case NULL:
                        return null;
                    default:
                        return v;
                }
            case DOUBLE:
                double d = Double.longBitsToDouble(getLong(b, p));
                return element.type() == ColumnType.REAL ? (Object) (float) d : (Object) d;
            case DECIMAL:
                return new BigDecimal(
                        Int128.toBigInteger(getLong(b, p + LONG), getLong(b, p)), element.scale());
            default:
                byte[] raw = Arrays.copyOfRange(b, p + INT, p + INT + getInt(b, p));
                return element.type() == ColumnType.VARBINARY
                        ? raw
                        : new String(raw, StandardCharsets.UTF_8);
        }
    }

    /** Encodes a Java list in Calcite's representation (items may be {@code null}). */
    public static byte[] encode(List<?> items, DataType element) {
        byte[] out = new byte[64];
        int pos = putInt(out, 0, items.size());
        for (Object o : items) {
            out = grow(out, pos + 1 + 2 * LONG + INT);
            if (o == null) {
                out[pos++] = 0;
                continue;
            }
            out[pos++] = 1;
            switch (element.family()) {
                case LONG:
                    pos =
                            putLong(
                                    out,
                                    pos,
                                    o instanceof Boolean
                                            ? ((Boolean) o ? 1 : 0)
                                            : ((Number) o).longValue());
                    break;
                case DOUBLE:
                    pos = putLong(out, pos, normalizedBits(((Number) o).doubleValue()));
                    break;
                case DECIMAL:
                    BigInteger unscaled =
                            ((BigDecimal) o).setScale(element.scale()).unscaledValue();
                    pos = putLong(out, pos, unscaled.shiftRight(64).longValue());
                    pos = putLong(out, pos, unscaled.longValue());
                    break;
                default:
                    byte[] raw =
                            o instanceof byte[]
                                    ? (byte[]) o
                                    : o.toString().getBytes(StandardCharsets.UTF_8);
                    out = grow(out, pos + INT + raw.length);
                    pos = putInt(out, pos, raw.length);
                    System.arraycopy(raw, 0, out, pos, raw.length);
                    pos += raw.length;
            }
        }
        return Arrays.copyOf(out, pos);
    }

    /** Writes the array encoded at {@code b[from, to)} as row {@code row} of {@code list}. */
    public static void write(
            ListVector list, DataType element, int row, byte[] b, int from, int to, String what) {
        FieldVector items = (FieldVector) list.getDataVector();
        int count = getInt(b, from);
        int at = list.startNewValue(row);
        int pos = from + INT;
        for (int k = 0; k < count; k++) {
            writeItem(items, element, at + k, b, pos, what);
            pos = itemEnd(b, pos, element);
        }
        if (pos != to) {
            throw new IllegalStateException("corrupt array encoding");
        }
        list.endValue(row, count);
    }

    /**
     * Writes the item whose marker is at {@code b[pos]} as value {@code index} of {@code items}.
     */
    public static void writeItem(
            FieldVector items, DataType element, int index, byte[] b, int pos, String what) {
        if (b[pos] == 0) {
            while (index >= items.getValueCapacity()) {
                items.reAlloc();
            }
            items.setNull(index);
            return;
        }
        int p = pos + 1;
        switch (element.family()) {
            case LONG:
                VectorWriter.setLong(items, element, index, getLong(b, p), what);
                break;
            case DOUBLE:
                VectorWriter.setDouble(
                        items, element, index, Double.longBitsToDouble(getLong(b, p)), what);
                break;
            case DECIMAL:
                VectorWriter.setDecimal128(
                        items,
                        element,
                        index,
                        getLong(b, p + LONG),
                        getLong(b, p),
                        element.scale(),
                        what);
                break;
            default:
                VectorWriter.setBytes(items, element, index, b, p + INT, getInt(b, p));
        }
    }

    /** {@code b}, or a copy at least {@code need} long. */
    public static byte[] grow(byte[] b, int need) {
        return need <= b.length ? b : Arrays.copyOf(b, Math.max(need, b.length * 2));
    }

    public static int putInt(byte[] b, int pos, int v) {
        b[pos] = (byte) (v >>> 24);
        b[pos + 1] = (byte) (v >>> 16);
        b[pos + 2] = (byte) (v >>> 8);
        b[pos + 3] = (byte) v;
        return pos + INT;
    }

    public static int getInt(byte[] b, int pos) {
        return ((b[pos] & 0xFF) << 24)
                | ((b[pos + 1] & 0xFF) << 16)
                | ((b[pos + 2] & 0xFF) << 8)
                | (b[pos + 3] & 0xFF);
    }

    public static int putLong(byte[] b, int pos, long v) {
        putInt(b, pos, (int) (v >>> 32));
        return putInt(b, pos + INT, (int) v);
    }

    public static long getLong(byte[] b, int pos) {
        return ((long) getInt(b, pos) << 32) | (getInt(b, pos + INT) & 0xFFFFFFFFL);
    }

    /** Bits of {@code d} with -0.0 equal to 0.0 and all NaNs equal, as SQL equality has them. */
    public static long normalizedBits(double d) {
        return Double.doubleToLongBits(d == 0.0 ? 0.0 : d);
    }
}
