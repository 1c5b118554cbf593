package io.tally.exec.topk;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.TopKOrder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.FieldVector;

/**
 * Encodes one row of a {@link AggKind#TOP_K} call's arguments as an entry whose leading bytes sort
 * (unsigned, byte by byte) in the call's order, and decodes entries back into vectors.
 *
 * <p>Entry layout: {@code [entry length:int][key length:int][key][payload]}, both lengths counting
 * bytes after the 8-byte header, little-endian. Key, per sort key: a marker byte ({@link
 * #NULL_FIRST} or {@link #NULL_LAST} for NULL, {@link #PRESENT} otherwise) then, if present, the
 * value with its sign bit flipped, big-endian (LONG: 8 bytes; DOUBLE: the IEEE bits with negatives
 * inverted, so the order is {@link Double#compare}'s; DECIMAL: high then low word, 16 bytes; BYTES:
 * each 0 byte as {@code 0x00 0xFF}, ended by {@code 0x00 0x00}), every value byte inverted for
 * DESC. Payload, per argument: a NULL byte (1 = NULL) then, if not NULL, LONG and DOUBLE 8 bytes,
 * DECIMAL 16 (low, high), BYTES {@code [length:int][bytes]}, little-endian.
 */
public final class TopKRowCodec {
    public static final int HEADER = 8;
    public static final byte NULL_FIRST = 0;
    public static final byte PRESENT = 1;
    public static final byte NULL_LAST = 2;
    private static final VarHandle LE_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private final List<DataType> types;

    /** Per sort key: its argument, direction and NULL placement (arrays: no list walk per row). */
    private final int[] sortArgs;

    private final boolean[] descending;
    private final boolean[] nullsFirst;

    /** Whether the first sort key is a LONG, DOUBLE or DECIMAL argument ({@link #keyPrefix}). */
    private final boolean fixedFirstKey;

    /** {@link #bound} of every row when no argument is variable-width, else -1. */
    private final int fixedBound;

    /** The entry being built by {@link #encode}, from offset 0. */
    public byte[] scratch = new byte[64];

    public TopKRowCodec(List<DataType> types, TopKOrder order) {
        this(types, order.keys());
    }

    /** A codec of rows of {@code types} keyed by {@code sortKeys} (none: an empty key). */
    public TopKRowCodec(List<DataType> types, List<TopKOrder.SortKey> sortKeys) {
        this.types = List.copyOf(types);
        int keys = sortKeys.size();
        this.sortArgs = new int[keys];
        this.descending = new boolean[keys];
        this.nullsFirst = new boolean[keys];
        int fixed = HEADER;
        for (int k = 0; k < keys; k++) {
            TopKOrder.SortKey key = sortKeys.get(k);
            sortArgs[k] = key.arg();
            descending[k] = key.descending();
            nullsFirst[k] = key.nullsFirst();
            fixed += 1 + fixedWidth(types.get(key.arg()));
        }
        for (DataType t : types) {
            fixed += 1 + fixedWidth(t);
        }
        this.fixedFirstKey = keys > 0 && types.get(sortArgs[0]).family() != ColumnType.Family.BYTES;
        this.fixedBound =
                types.stream().anyMatch(t -> t.family() == ColumnType.Family.BYTES) ? -1 : fixed;
    }

    private static int fixedWidth(DataType t) {
        return t.family() == ColumnType.Family.DECIMAL ? 16 : 8;
    }

    /** Bytes {@link #encode} needs for row {@code i}, at most (header included). */
    public int bound(DecodedColumn[] args, int i) {
        if (fixedBound >= 0) {
            return fixedBound;
        }
        int bytes = HEADER;
        for (int arg : sortArgs) {
            DecodedColumn c = args[arg];
            bytes += 1 + (c.nulls[i] != 0 ? 0 : keyBytes(c, i));
        }
        for (DecodedColumn c : args) {
            bytes += 1 + (c.nulls[i] != 0 ? 0 : payloadBytes(c, i));
        }
        return bytes;
    }

    private static int keyBytes(DecodedColumn c, int i) {
        switch (c.type.family()) {
            case LONG:
            case DOUBLE:
                return 8;
            case DECIMAL:
                return 16;
            default:
                return 2 * (c.offsets[i + 1] - c.offsets[i]) + 2;
        }
    }

    private static int payloadBytes(DecodedColumn c, int i) {
        switch (c.type.family()) {
            case LONG:
            case DOUBLE:
                return 8;
            case DECIMAL:
                return 16;
            default:
                return 4 + c.offsets[i + 1] - c.offsets[i];
        }
    }

    /** Writes row {@code i}'s key into {@link #scratch} after the header; returns its length. */
    public int encodeKey(DecodedColumn[] args, int i) {
        ensure(bound(args, i));
        int p = HEADER;
        for (int k = 0; k < sortArgs.length; k++) {
            DecodedColumn c = args[sortArgs[k]];
            if (c.nulls[i] != 0) {
                scratch[p++] = nullsFirst[k] ? NULL_FIRST : NULL_LAST;
                continue;
            }
            scratch[p++] = PRESENT;
            switch (c.type.family()) {
                case LONG:
                case DOUBLE:
                    BE_LONG.set(scratch, p, orderedWord(c, i, descending[k]));
                    p += 8;
                    break;
                case DECIMAL:
                    BE_LONG.set(scratch, p, orderedWord(c, i, descending[k]));
                    BE_LONG.set(scratch, p + 8, descending[k] ? ~c.longs[i] : c.longs[i]);
                    p += 16;
                    break;
                default:
                    p = encodeBytes(c, i, p, descending[k]);
            }
        }
        int keyLen = p - HEADER;
        LE_INT.set(scratch, 4, keyLen);
        return keyLen;
    }

    /**
     * The first 8 value bytes of a LONG, DOUBLE or DECIMAL sort key as {@link #encodeKey} writes
     * them, as a big-endian number: the value with its sign bit flipped (DOUBLE: the IEEE bits, all
     * inverted for a negative; DECIMAL: the high word), every bit inverted for DESC.
     */
    private static long orderedWord(DecodedColumn c, int i, boolean descending) {
        long word;
        switch (c.type.family()) {
            case LONG:
                word = c.longs[i] ^ Long.MIN_VALUE;
                break;
            case DOUBLE:
                long bits = Double.doubleToLongBits(c.doubles[i]);
                word = bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
                break;
            default:
                word = c.highs[i] ^ Long.MIN_VALUE;
        }
        return descending ? ~word : word;
    }

    /** Writes a BYTES key value at {@code p} of {@link #scratch}; returns the end. */
    private int encodeBytes(DecodedColumn c, int i, int p, boolean descending) {
        int from = p;
        for (int b = c.offsets[i]; b < c.offsets[i + 1]; b++) {
            scratch[p++] = c.bytes[b];
            if (c.bytes[b] == 0) {
                scratch[p++] = (byte) 0xFF;
            }
        }
        scratch[p++] = 0;
        scratch[p++] = 0;
        if (descending) {
            for (int b = from; b < p; b++) {
                scratch[b] = (byte) ~scratch[b];
            }
        }
        return p;
    }

    /**
     * Whether {@link #keyPrefix} answers for row {@code i}: its first sort key is a LONG, DOUBLE or
     * DECIMAL value, not NULL.
     */
    public boolean prefixKnown(DecodedColumn[] args, int i) {
        return fixedFirstKey && args[sortArgs[0]].nulls[i] == 0;
    }

    /**
     * The first 8 bytes of row {@code i}'s key, as {@link #encodeKey} would write them, as a
     * big-endian number (the marker and 7 bytes of the first sort key's value), computed without
     * writing the key; only where {@link #prefixKnown}. A row's key is at least 9 bytes long then.
     */
    public long keyPrefix(DecodedColumn[] args, int i) {
        return ((long) PRESENT << 56) | (orderedWord(args[sortArgs[0]], i, descending[0]) >>> 8);
    }

    /**
     * Completes the entry in {@link #scratch} (key already written by {@link #encodeKey}) with row
     * {@code i}'s payload; returns the whole entry's length, header included.
     */
    public int encodePayload(DecodedColumn[] args, int i, int keyLen) {
        int p = HEADER + keyLen;
        for (DecodedColumn c : args) {
            if (c.nulls[i] != 0) {
                scratch[p++] = 1;
                continue;
            }
            scratch[p++] = 0;
            switch (c.type.family()) {
                case LONG:
                    LE_LONG.set(scratch, p, c.longs[i]);
                    p += 8;
                    break;
                case DOUBLE:
                    LE_LONG.set(scratch, p, Double.doubleToRawLongBits(c.doubles[i]));
                    p += 8;
                    break;
                case DECIMAL:
                    LE_LONG.set(scratch, p, c.longs[i]);
                    LE_LONG.set(scratch, p + 8, c.highs[i]);
                    p += 16;
                    break;
                default:
                    int len = c.offsets[i + 1] - c.offsets[i];
                    LE_INT.set(scratch, p, len);
                    System.arraycopy(c.bytes, c.offsets[i], scratch, p + 4, len);
                    p += 4 + len;
            }
        }
        LE_INT.set(scratch, 0, p - HEADER);
        return p;
    }

    private void ensure(int bytes) {
        if (scratch.length < bytes) {
            scratch = Arrays.copyOf(scratch, Math.max(bytes, scratch.length * 2));
        }
    }

    /**
     * Writes the payload of the entry at {@code entry} in {@code b} as row {@code row} of {@code
     * outs}, where {@code outs[a]} (null: not wanted) receives argument {@code a}.
     */
    public void decode(byte[] b, int entry, FieldVector[] outs, int row, String what) {
        int p = entry + HEADER + (int) LE_INT.get(b, entry + 4);
        for (int a = 0; a < types.size(); a++) {
            DataType t = types.get(a);
            FieldVector v = outs[a];
            if (b[p++] != 0) {
                if (v != null) {
                    v.setNull(row);
                }
                continue;
            }
            switch (t.family()) {
                case LONG:
                    if (v != null) {
                        VectorWriter.setLong(v, t, row, (long) LE_LONG.get(b, p), what);
                    }
                    p += 8;
                    break;
                case DOUBLE:
                    if (v != null) {
                        VectorWriter.setDouble(
                                v, t, row, Double.longBitsToDouble((long) LE_LONG.get(b, p)), what);
                    }
                    p += 8;
                    break;
                case DECIMAL:
                    if (v != null) {
                        VectorWriter.setDecimal128(
                                v,
                                t,
                                row,
                                (long) LE_LONG.get(b, p),
                                (long) LE_LONG.get(b, p + 8),
                                t.scale(),
                                what);
                    }
                    p += 16;
                    break;
                default:
                    int len = (int) LE_INT.get(b, p);
                    if (v != null) {
                        VectorWriter.setBytes(v, t, row, b, p + 4, len);
                    }
                    p += 4 + len;
            }
        }
    }

    /**
     * Where argument {@code arg}'s payload starts in the entry at {@code entry} of {@code b}: its
     * NULL byte (1 = NULL), then, if not NULL, its value as {@link #encodePayload} wrote it.
     */
    public int argAt(byte[] b, int entry, int arg) {
        int p = entry + HEADER + (int) LE_INT.get(b, entry + 4);
        for (int a = 0; a < arg; a++) {
            if (b[p++] != 0) {
                continue;
            }
            switch (types.get(a).family()) {
                case LONG:
                case DOUBLE:
                    p += 8;
                    break;
                case DECIMAL:
                    p += 16;
                    break;
                default:
                    p += 4 + (int) LE_INT.get(b, p);
            }
        }
        return p;
    }

    /** The LONG-family value (or DOUBLE bits, or DECIMAL low word) after the NULL byte at p. */
    public static long longAfter(byte[] b, int p) {
        return (long) LE_LONG.get(b, p + 1);
    }

    /** The DECIMAL high word after the NULL byte at {@code p}. */
    public static long highAfter(byte[] b, int p) {
        return (long) LE_LONG.get(b, p + 9);
    }

    /** The length of the BYTES-family value after the NULL byte at {@code p}. */
    public static int lengthAfter(byte[] b, int p) {
        return (int) LE_INT.get(b, p + 1);
    }

    /** Where the bytes of the BYTES-family value after the NULL byte at {@code p} start. */
    public static int bytesAfter(int p) {
        return p + 5;
    }

    /** Reads a little-endian int of {@code b} at {@code p}. */
    public static int intAt(byte[] b, int p) {
        return (int) LE_INT.get(b, p);
    }

    /** Writes a little-endian int into {@code b} at {@code p}. */
    public static void putInt(byte[] b, int p, int v) {
        LE_INT.set(b, p, v);
    }

    /** Reads a big-endian long of {@code b} at {@code p} (for comparing keys 8 bytes at a time). */
    public static long beLongAt(byte[] b, int p) {
        return (long) BE_LONG.get(b, p);
    }
}
