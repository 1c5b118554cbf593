package io.tally.exec.hash;

import io.tally.batch.ArrayCodec;
import io.tally.batch.ColumnCodes;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * One input column of the current batch decoded into primitive scratch arrays, so hashing and the
 * per-aggregate update loops run over plain arrays without a virtual call per value.
 *
 * <p>Layout by family: {@code nulls[i] == 1} marks NULL. LONG: {@code longs[i]}. DOUBLE: {@code
 * doubles[i]}. DECIMAL: unscaled 128-bit value as {@code longs[i]} (low word) and {@code highs[i]}
 * (high word). BYTES: row i is {@code bytes[offsets[i] .. offsets[i + 1])}, with {@link
 * Hashing#TAIL_PAD} spare bytes after the last row; ARRAY and MULTISET rows hold {@link ArrayCodec}
 * encodings. Arrays are reused across batches.
 */
public final class DecodedColumn {
    /**
     * Most rows of an 8-byte column copied as one block (a {@link java.nio.LongBuffer} or {@link
     * java.nio.DoubleBuffer} bulk get, a memory copy): the buffer view's byte length must fit an
     * int. Every 8-byte column is copied this way whatever its row count and NULLs (NULL rows are
     * zeroed after the copy), so the decode has no branch on a chunk's size: a final merge's
     * batches of a few dozen states took a branch the sink's 1024-row chunks never had, and its
     * uncommon trap threw away the sink's compiled decode in the middle of a query (h2o q4 at
     * threads=2).
     */
    private static final int MAX_BULK_ROWS = Integer.MAX_VALUE / 8;

    public final DataType type;
    public int rows;
    public byte[] nulls = new byte[0];
    public long[] longs = new long[0];
    public long[] highs = new long[0];
    public double[] doubles = new double[0];
    public byte[] bytes = new byte[0];
    public int[] offsets = new int[1];

    /**
     * Whether any of the {@link #rows} rows may be NULL: false only when {@link #decode} or {@link
     * #fillConstant} saw every row valid (code that writes {@link #nulls} itself leaves it as it
     * was, so only trust it right after those calls).
     */
    public boolean hasNulls = true;

    /**
     * The rows' dictionary codes when the batch carries them for this column ({@link ColumnCodes}),
     * valid while {@link #dictionary} is non-null; NULL rows' codes are unspecified.
     */
    public int[] codes = new int[0];

    /** The dictionary {@link #codes} refer to; null when this batch's column has no codes. */
    public ColumnCodes.Dictionary dictionary;

    private long[] normalizedBits = new long[0];

    /**
     * Whether {@link #rangeMin} and {@link #rangeMax} hold the range of the current rows' {@link
     * #longs} (see {@link #minLong}); cleared by every decode and fill and by {@link #changed}.
     */
    private boolean rangeKnown;

    private long rangeMin;
    private long rangeMax;

    /** An ARRAY or MULTISET column's items (element type), decoded batch by batch; else null. */
    private final DecodedColumn items;

    private final String label;

    public DecodedColumn(DataType type, String label) {
        this.type = type;
        this.label = label;
        this.items =
                type.element() == null ? null : new DecodedColumn(type.element(), label + " items");
    }

    /**
     * Decodes {@code vector}'s first {@code n} rows; fails naming the column on a type mismatch.
     */
    public void decode(FieldVector vector, int n) {
        decode(vector, 0, n);
    }

    /** Decodes rows {@code from .. from+n-1} of {@code vector} into positions {@code 0..n-1}. */
    public void decode(FieldVector vector, int from, int n) {
        decode(vector, null, from, n);
    }

    /** As {@link #decode(FieldVector, int, int)}, also reading {@code codes} when non-null. */
    public void decode(FieldVector vector, ColumnCodes codes, int from, int n) {
        ensure(n);
        rows = n;
        dictionary = null;
        rangeKnown = false;
        if (codes != null) {
            if (this.codes.length < n) {
                this.codes = new int[nulls.length];
            }
            codes.read(from, n, this.codes);
            dictionary = codes.dictionary();
        }
        decodeNulls(vector, from, n);
        switch (type.family()) {
            case LONG:
                decodeLong(vector, from, n);
                break;
            case DOUBLE:
                decodeDouble(vector, from, n);
                break;
            case DECIMAL:
                decodeDecimal(vector, from, n);
                break;
            default:
                decodeBytes(vector, from, n);
                break;
        }
    }

    /**
     * Fills {@code nulls} from the validity bitmap (bit set = value present), read by address when
     * the bitmap covers the rows, 64 rows per word when they start on a byte boundary (an all-valid
     * word is one fill); otherwise (no bitmap, e.g. a vector type without one) per row.
     */
    private void decodeNulls(FieldVector vector, int from, int n) {
        ArrowBuf validity = vector.getValidityBuffer();
        int seen = 0;
        if (validity == null || validity.capacity() < ((long) from + n + 7) >>> 3) {
            for (int i = 0; i < n; i++) {
                nulls[i] = (byte) (vector.isNull(from + i) ? 1 : 0);
                seen |= nulls[i];
            }
            hasNulls = seen != 0;
            return;
        }
        long address = validity.memoryAddress();
        int i = 0;
        if ((from & 7) == 0) {
            for (; i + Long.SIZE <= n; i += Long.SIZE) {
                long word = MemoryUtil.getLong(address + ((from + i) >>> 3));
                if (word == -1L) {
                    Arrays.fill(nulls, i, i + Long.SIZE, (byte) 0);
                } else {
                    seen = 1;
                    for (int j = 0; j < Long.SIZE; j++) {
                        nulls[i + j] = (byte) (~(word >>> j) & 1);
                    }
                }
            }
        }
        for (; i < n; i++) {
            int row = from + i;
            nulls[i] = (byte) (~(MemoryUtil.getByte(address + (row >>> 3)) >>> (row & 7)) & 1);
            seen |= nulls[i];
        }
        hasNulls = seen != 0;
    }

    /** Makes this an empty column (no rows, no NULL seen) that {@link #appendRows} fills. */
    public void clear() {
        rows = 0;
        dictionary = null;
        rangeKnown = false;
        hasNulls = false;
        offsets[0] = 0;
    }

    /**
     * Appends rows {@code sel[from .. to)} of {@code src} (a column of the same type) after this
     * column's {@link #rows}, growing the arrays as needed; codes are not carried (the result has
     * no dictionary) and {@link #hasNulls} becomes true if {@code src} may hold NULLs.
     */
    public void appendRows(DecodedColumn src, int[] sel, int from, int to) {
        int at = rows;
        int n = to - from;
        grow(at + n);
        dictionary = null;
        rangeKnown = false;
        hasNulls |= src.hasNulls;
        byte[] srcNulls = src.nulls;
        for (int i = from, j = at; i < to; i++, j++) {
            nulls[j] = srcNulls[sel[i]];
        }
        switch (type.family()) {
            case LONG:
                gatherLongs(src.longs, longs, sel, from, to, at);
                break;
            case DOUBLE:
                double[] d = src.doubles;
                for (int i = from, j = at; i < to; i++, j++) {
                    doubles[j] = d[sel[i]];
                }
                break;
            case DECIMAL:
                gatherLongs(src.longs, longs, sel, from, to, at);
                gatherLongs(src.highs, highs, sel, from, to, at);
                break;
            default:
                appendBytes(src, sel, from, to, at);
                break;
        }
        rows = at + n;
    }

    private static void gatherLongs(
            long[] source, long[] target, int[] sel, int from, int to, int at) {
        for (int i = from, j = at; i < to; i++, j++) {
            target[j] = source[sel[i]];
        }
    }

    /**
     * Appends the byte strings of rows {@code sel[from .. to)} of {@code src} at row {@code at}.
     */
    private void appendBytes(DecodedColumn src, int[] sel, int from, int to, int at) {
        int[] srcOffsets = src.offsets;
        long len = 0;
        for (int i = from; i < to; i++) {
            len += srcOffsets[sel[i] + 1] - srcOffsets[sel[i]];
        }
        int end = offsets[at];
        long need = end + len + Hashing.TAIL_PAD;
        if (need > Integer.MAX_VALUE - 16) {
            throw new TallyException(label + ": more than 2 GiB of values in one decoded column");
        }
        if (bytes.length < need) {
            bytes =
                    Arrays.copyOf(
                            bytes,
                            (int)
                                    Math.max(
                                            need,
                                            Math.min(Integer.MAX_VALUE - 16, 2L * bytes.length)));
        }
        for (int i = from, j = at; i < to; i++, j++) {
            int start = srcOffsets[sel[i]];
            int size = srcOffsets[sel[i] + 1] - start;
            System.arraycopy(src.bytes, start, bytes, end, size);
            end += size;
            offsets[j + 1] = end;
        }
    }

    /** Grows the arrays to hold {@code n} rows, keeping the rows already held. */
    private void grow(int n) {
        if (nulls.length < n) {
            int cap = Math.max(n, Math.max(16, 2 * nulls.length));
            nulls = Arrays.copyOf(nulls, cap);
            longs = Arrays.copyOf(longs, cap);
            highs = type.family() == ColumnType.Family.DECIMAL ? Arrays.copyOf(highs, cap) : highs;
            doubles =
                    type.family() == ColumnType.Family.DOUBLE
                            ? Arrays.copyOf(doubles, cap)
                            : doubles;
        }
        if (offsets.length < n + 1) {
            offsets = Arrays.copyOf(offsets, Math.max(n + 1, 2 * offsets.length));
        }
    }

    /** Total bytes of the non-NULL values of a BYTES-family column (0 for other families). */
    public long byteCount() {
        return type.family() == ColumnType.Family.BYTES ? offsets[rows] - offsets[0] : 0;
    }

    /** Makes this a column of {@code n} NULLs (a key left out of a grouping set). */
    public void fillNull(int n) {
        ensure(n);
        rows = n;
        dictionary = null;
        rangeKnown = false;
        hasNulls = true;
        Arrays.fill(nulls, 0, n, (byte) 1);
        Arrays.fill(longs, 0, n, 0L);
        if (type.family() == ColumnType.Family.DECIMAL) {
            Arrays.fill(highs, 0, n, 0L);
        }
        if (type.family() == ColumnType.Family.DOUBLE) {
            Arrays.fill(doubles, 0, n, 0.0);
        }
        Arrays.fill(offsets, 0, n + 1, 0);
    }

    /** Makes this a LONG column of {@code n} copies of {@code value}. */
    public void fillConstant(long value, int n) {
        ensure(n);
        rows = n;
        dictionary = null;
        rangeKnown = false;
        hasNulls = false;
        Arrays.fill(nulls, 0, n, (byte) 0);
        Arrays.fill(longs, 0, n, value);
    }

    /**
     * Must be called by code that writes {@link #longs} or {@link #nulls} itself after a decode or
     * fill, so that {@link #minLong} and {@link #maxLong} do not answer for the old values; {@link
     * #hasNulls} becomes true (nothing is known about the written flags).
     */
    public void changed() {
        rangeKnown = false;
        hasNulls = true;
    }

    /**
     * Smallest non-NULL value of {@link #longs} over the {@link #rows} rows ({@code
     * Long.MAX_VALUE}, and above {@link #maxLong}, when every row is NULL); computed once per
     * decode, so the callers that each need the range of a chunk's key share one pass.
     */
    public long minLong() {
        if (!rangeKnown) {
            computeRange();
        }
        return rangeMin;
    }

    /** Largest non-NULL value of {@link #longs} ({@code Long.MIN_VALUE} when every row is NULL). */
    public long maxLong() {
        if (!rangeKnown) {
            computeRange();
        }
        return rangeMax;
    }

    /** One pass over the rows; without a NULL row the null flags are not read. */
    private void computeRange() {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long[] v = longs;
        int n = rows;
        if (hasNulls) {
            byte[] nl = nulls;
            for (int i = 0; i < n; i++) {
                if (nl[i] == 0) {
                    min = Math.min(min, v[i]);
                    max = Math.max(max, v[i]);
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                min = Math.min(min, v[i]);
                max = Math.max(max, v[i]);
            }
        }
        rangeMin = min;
        rangeMax = max;
        rangeKnown = true;
    }

    /**
     * The 64-bit key word per row: LONG values as they are, DOUBLE values as bits with -0.0 folded
     * into 0.0 and every NaN into the canonical NaN, DECIMAL low words.
     */
    long[] keyWords() {
        if (type.family() != ColumnType.Family.DOUBLE) {
            return longs;
        }
        if (normalizedBits.length < rows) {
            normalizedBits = new long[doubles.length];
        }
        for (int i = 0; i < rows; i++) {
            normalizedBits[i] = normalizedBits(doubles[i]);
        }
        return normalizedBits;
    }

    /** Bits of {@code d} with -0.0 equal to 0.0 and all NaNs equal. */
    static long normalizedBits(double d) {
        return ArrayCodec.normalizedBits(d);
    }

    private void ensure(int n) {
        if (nulls.length < n) {
            int cap = Math.max(n, 16);
            nulls = new byte[cap];
            longs = new long[cap];
            highs = type.family() == ColumnType.Family.DECIMAL ? new long[cap] : highs;
            doubles = type.family() == ColumnType.Family.DOUBLE ? new double[cap] : doubles;
        }
        if (offsets.length < n + 1) {
            offsets = new int[Math.max(n + 1, 17)];
        }
    }

    private void decodeLong(FieldVector v, int from, int n) {
        long[] out = longs;
        if ((type.type() == ColumnType.BOOLEAN || type.type() == ColumnType.NULL)
                && v instanceof BitVector) {
            BitVector b = (BitVector) v;
            for (int i = 0; i < n; i++) {
                out[i] = nulls[i] != 0 ? 0 : b.get(from + i);
            }
            return;
        }
        int width;
        Class<?> expected;
        switch (type.type()) {
            case TINYINT:
                width = 1;
                expected = TinyIntVector.class;
                break;
            case SMALLINT:
                width = 2;
                expected = SmallIntVector.class;
                break;
            case INTEGER:
                width = 4;
                expected = IntVector.class;
                break;
            case BIGINT:
                width = 8;
                expected = BigIntVector.class;
                break;
            case DATE:
                width = 4;
                expected = DateDayVector.class;
                break;
            case TIME:
                width = 4;
                expected = TimeMilliVector.class;
                break;
            case TIMESTAMP:
                width = 8;
                expected = TimeStampMilliVector.class;
                break;
            default:
                throw mismatch(v, BitVector.class);
        }
        if (!expected.isInstance(v)) {
            throw mismatch(v, expected);
        }
        if (v.getDataBuffer().capacity() < (long) (from + n) * width) {
            throw new TallyException(label + ": data buffer shorter than " + (from + n) + " rows");
        }
        long base = v.getDataBuffer().memoryAddress() + (long) from * width;
        switch (width) {
            case 1:
                for (int i = 0; i < n; i++) {
                    out[i] = MemoryUtil.getByte(base + i);
                }
                break;
            case 2:
                for (int i = 0; i < n; i++) {
                    out[i] = MemoryUtil.getShort(base + 2L * i);
                }
                break;
            case 4:
                for (int i = 0; i < n; i++) {
                    out[i] = MemoryUtil.getInt(base + 4L * i);
                }
                break;
            default:
                for (int done = 0; done < n; done += MAX_BULK_ROWS) {
                    int len = Math.min(MAX_BULK_ROWS, n - done);
                    MemoryUtil.directBuffer(base + 8L * done, len * 8)
                            .order(ByteOrder.LITTLE_ENDIAN)
                            .asLongBuffer()
                            .get(out, done, len);
                }
                break;
        }
    }

    private void decodeDouble(FieldVector v, int from, int n) {
        ArrowBuf data = v.getDataBuffer();
        if (type.type() == ColumnType.REAL) {
            if (!(v instanceof Float4Vector)) {
                throw mismatch(v, Float4Vector.class);
            }
            for (int i = 0; i < n; i++) {
                doubles[i] = nulls[i] != 0 ? 0 : data.getFloat((long) (from + i) * 4);
            }
        } else {
            if (!(v instanceof Float8Vector)) {
                throw mismatch(v, Float8Vector.class);
            }
            if (data.capacity() < (long) (from + n) * 8) {
                throw new TallyException(
                        label + ": data buffer shorter than " + (from + n) + " rows");
            }
            long base = data.memoryAddress() + (long) from * 8;
            for (int done = 0; done < n; done += MAX_BULK_ROWS) {
                int len = Math.min(MAX_BULK_ROWS, n - done);
                MemoryUtil.directBuffer(base + 8L * done, len * 8)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .asDoubleBuffer()
                        .get(doubles, done, len);
            }
            if (hasNulls) {
                for (int i = 0; i < n; i++) {
                    doubles[i] = nulls[i] != 0 ? 0 : doubles[i];
                }
            }
        }
    }

    private void decodeDecimal(FieldVector v, int from, int n) {
        if (!(v instanceof DecimalVector)) {
            throw mismatch(v, DecimalVector.class);
        }
        DecimalVector d = (DecimalVector) v;
        if (d.getScale() != type.scale()) {
            throw new TallyException(
                    label
                            + ": expected DECIMAL scale "
                            + type.scale()
                            + " but the batch has scale "
                            + d.getScale());
        }
        ArrowBuf data = d.getDataBuffer();
        for (int i = 0; i < n; i++) {
            boolean isNull = nulls[i] != 0;
            longs[i] = isNull ? 0 : data.getLong((long) (from + i) * 16);
            highs[i] = isNull ? 0 : data.getLong((long) (from + i) * 16 + 8);
        }
    }

    private void decodeBytes(FieldVector v, int from, int n) {
        if (items != null) {
            if (!(v instanceof ListVector)) {
                throw mismatch(v, ListVector.class);
            }
            bytes = ArrayBatchEncoder.encode((ListVector) v, items, from, n, nulls, offsets, bytes);
            return;
        }
        Class<?> expected =
                type.type() == ColumnType.VARBINARY ? VarBinaryVector.class : VarCharVector.class;
        if (!expected.isInstance(v)) {
            throw mismatch(v, expected);
        }
        BaseVariableWidthVector vv = (BaseVariableWidthVector) v;
        ArrowBuf offs = vv.getOffsetBuffer();
        int base = n == 0 ? 0 : offs.getInt((long) from * 4);
        int end = n == 0 ? 0 : offs.getInt((long) (from + n) * 4);
        int len = end - base;
        if (bytes.length < len + Hashing.TAIL_PAD) {
            bytes = new byte[Math.max(len, bytes.length * 2) + Hashing.TAIL_PAD];
        }
        vv.getDataBuffer().getBytes(base, bytes, 0, len);
        long offsetAddress = offs.memoryAddress() + (long) from * 4;
        for (int i = 0; i <= n; i++) {
            offsets[i] = MemoryUtil.getInt(offsetAddress + 4L * i) - base;
        }
    }

    private TallyException mismatch(FieldVector v, Class<?> expected) {
        return new TallyException(
                label
                        + ": expected "
                        + type
                        + " as "
                        + expected.getSimpleName()
                        + " but the batch has "
                        + v.getClass().getSimpleName());
    }
}
