package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.Int128;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * SUM, $SUM0 and AVG. Integers sum exactly in 64 bits (overflow is an error), DECIMAL exactly in
 * 128 bits, REAL/DOUBLE in double. Internal state per group: sum (8 bytes, 16 for DECIMAL) and, for
 * AVG, an Int64 count of summed values; SUM/$SUM0 keep only a one-byte flag set once a value was
 * summed (a store, no read, and 7 bytes less per group). Serialized: SUM/$SUM0 as one nullable sum
 * column (NULL = no value yet); AVG as sum plus count.
 *
 * <p>Sum layout: group g's sum is at byte {@code (g & mask) * sumStride + sumOffset} of block
 * {@code g >>> shift} of {@link #sums}. Alone, the column is this call's ({@code sumStride} = the
 * sum's width, offset 0). When several calls of one table sum 8-byte values, {@link
 * #interleaveSums} gives them one shared column of one record per group, call i's sum at offset
 * {@code 8 * i}: a group's sums then share a cache line, so the calls' update loops over a chunk
 * miss the cache once per row instead of once per row and call (h2o q5 at 1e6 groups).
 */
public final class SumAccumulator extends Accumulator {
    private final ColumnType.Family family;
    private final int inputScale;
    private final DataType sumType;

    /** The sums: this call's own column, or a column of interleaved sums (see the class doc). */
    private StateColumn sums;

    /** Bytes between two groups' sums in a block of {@link #sums}. */
    private int sumStride;

    /** Byte of this call's sum within a group's record of {@link #sums}. */
    private int sumOffset;

    /** AVG: 8-byte count per group; SUM/$SUM0: 1-byte "has a value" flag. */
    private final StateColumn counts;

    private final boolean avg;

    /**
     * SUM/$SUM0: every group below this id has its "has a value" flag set, or -1 once some group
     * may not (a NULL argument, a row without a group, a merge, a {@link ChunkTally}'s chunk).
     * While it holds, a chunk whose rows all have a group and a value adds only the sums and then
     * sets the flags of the groups made since, one sequential pass, instead of one flag store per
     * row at a random group (at 1e6 groups that store misses the cache as the sum's does).
     */
    private int flaggedBelow;

    /** Groups the state columns hold room for (the last {@link #ensureGroups}). */
    private int groups;

    /** Scratch of {@link #addValid}: per group id, the sum while a chunk adds to it. */
    private long[] chunkLongs = new long[0];

    private double[] chunkDoubles = new double[0];

    public SumAccumulator(
            AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        this.family = input.family();
        this.inputScale = input.scale();
        this.sumType =
                family == ColumnType.Family.LONG
                        ? DataType.of(ColumnType.BIGINT)
                        : family == ColumnType.Family.DOUBLE
                                ? DataType.of(ColumnType.DOUBLE)
                                : DataType.decimal(DataType.MAX_DECIMAL_PRECISION, inputScale);
        this.sumStride = family == ColumnType.Family.DECIMAL ? 16 : 8;
        this.sums = newColumn(sumStride);
        this.avg = call.kind() == AggKind.AVG;
        this.counts = newColumn(avg ? 8 : 1);
    }

    /**
     * Makes the SUM, $SUM0 and AVG accumulators among {@code accumulators} (one table's, before any
     * group exists) whose sums are 8 bytes (BIGINT or DOUBLE) keep them interleaved in one column,
     * owned by the first of them: each group's record holds their sums in call order. Returns what
     * adds a chunk to them in one pass ({@link InterleavedSums}), or null (and does nothing) for
     * fewer than two such calls.
     */
    public static InterleavedSums interleaveSums(List<Accumulator> accumulators) {
        List<SumAccumulator> eight = new ArrayList<>();
        boolean[] member = new boolean[accumulators.size()];
        for (int c = 0; c < accumulators.size(); c++) {
            if (accumulators.get(c) instanceof SumAccumulator s
                    && s.family != ColumnType.Family.DECIMAL) {
                eight.add(s);
                member[c] = true;
            }
        }
        if (eight.size() < 2) {
            return null;
        }
        int stride = Long.BYTES * eight.size();
        StateColumn shared = eight.get(0).newColumn(stride);
        for (int i = 0; i < eight.size(); i++) {
            SumAccumulator s = eight.get(i);
            s.dropColumn(s.sums);
            s.sums = shared;
            s.sumStride = stride;
            s.sumOffset = Long.BYTES * i;
        }
        return new InterleavedSums(eight.toArray(new SumAccumulator[0]), member);
    }

    /**
     * Whether the bound chunk would take the dense path of {@link #update} ({@link #addDense}): a
     * SUM or $SUM0 of 8-byte values without NULLs or a chunk tally, every earlier group flagged.
     */
    boolean takesDenseChunk() {
        return !avg
                && flaggedBelow >= 0
                && tally == null
                && !args[0].hasNulls
                && family != ColumnType.Family.DECIMAL;
    }

    /**
     * Whether the bound chunk may be added by {@link InterleavedSums}' tallied pass: a chunk tally
     * is bound (few groups) and the argument has no NULL (the sum is of 8-byte values whenever this
     * call is interleaved).
     */
    boolean takesTalliedChunk() {
        return tally != null && !args[0].hasNulls;
    }

    /** The bound chunk tally (null when there is none or it is inactive). */
    ChunkTally boundTally() {
        return tally;
    }

    /**
     * After {@link InterleavedSums}' tallied pass added {@code rows[g]} of the chunk's values to
     * each group {@code g < groups} (all in the first block): counts them (AVG) or sets the "has a
     * value" flag of the groups with any (SUM), and gives up the dense prefix as {@link #addValid}
     * does.
     */
    void countRows(int[] rows, int groups) {
        flaggedBelow = -1;
        long block = counts.blocks[0].memoryAddress();
        if (avg) {
            for (int g = 0; g < groups; g++) {
                long at = block + ((long) g << 3);
                MemoryUtil.putLong(at, MemoryUtil.getLong(at) + rows[g]);
            }
            return;
        }
        for (int g = 0; g < groups; g++) {
            if (rows[g] != 0) {
                MemoryUtil.putByte(block + g, (byte) 1);
            }
        }
    }

    /** Whether the sums are of LONG values (else DOUBLE or DECIMAL). */
    boolean sumsLongs() {
        return family == ColumnType.Family.LONG;
    }

    /** The bound argument. */
    DecodedColumn argument() {
        return args[0];
    }

    /** Byte of the sum in slot {@code slot} of a block of {@link #sums}. */
    private long sumAt(int slot) {
        return (long) slot * sumStride + sumOffset;
    }

    /** The column holding this call's sums, shared when interleaved (for tests). */
    StateColumn sumColumn() {
        return sums;
    }

    private boolean isAvg() {
        return avg;
    }

    /** Values summed into slot {@code slot} of a counts block (for SUM: 0 or 1). */
    private long count(ArrowBuf c, int slot) {
        return avg ? c.getLong((long) slot << 3) : c.getByte(slot);
    }

    @Override
    public List<Field> stateFields() {
        List<Field> fields = new ArrayList<>();
        fields.add(sumType.toField(call.name() + "$sum"));
        if (isAvg()) {
            fields.add(
                    new DataType(ColumnType.BIGINT, 0, 0, false).toField(call.name() + "$count"));
        }
        return fields;
    }

    @Override
    public void ensureGroups(int groups) {
        super.ensureGroups(groups);
        this.groups = groups;
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn a = args[0];
        try {
            if (tally != null && !a.hasNulls && family != ColumnType.Family.DECIMAL) {
                flaggedBelow = -1;
                addValid(gids, n, a);
            } else if (takesDenseChunk()) {
                addDense(gids, n, a);
            } else {
                flaggedBelow = -1;
                add(gids, n, a, null);
            }
        } catch (ArithmeticException e) {
            throw overflow(e);
        }
    }

    /**
     * SUM of a chunk without NULLs while every group below {@link #flaggedBelow} is flagged: if
     * every row has a group, each group made since the last update is one of them, so the sums are
     * added alone and the flags of {@code [flaggedBelow, groups)} set in one pass; else the rows
     * add and flag one by one ({@link #add}) and the dense prefix is given up.
     */
    private void addDense(int[] gids, int n, DecodedColumn a) {
        if (!everyRowGrouped(gids, n)) {
            flaggedBelow = -1;
            add(gids, n, a, null);
            return;
        }
        if (family == ColumnType.Family.LONG) {
            addLongs(gids, n, a.nulls, a.longs);
        } else {
            addDoubles(gids, n, a.nulls, a.doubles);
        }
        flagNewGroups();
    }

    /** Whether every row {@code 0..n-1} has a group ({@code gids[i] >= 0}). */
    static boolean everyRowGrouped(int[] gids, int n) {
        for (int i = 0; i < n; i++) {
            if (gids[i] < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * After a dense chunk (every row had a group and a value): sets the flags of the groups made
     * since the last one, {@code [flaggedBelow, groups)}, in one sequential pass.
     */
    void flagNewGroups() {
        ArrowBuf[] cb = counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        for (int g = flaggedBelow; g < groups; ) {
            int block = g >>> shift;
            int to = Math.min(groups, (block + 1) << shift);
            MemoryUtil.setMemory(cb[block].memoryAddress() + (g & mask), to - g, (byte) 1);
            g = to;
        }
        flaggedBelow = groups;
    }

    /**
     * A chunk with no NULL argument and a {@link ChunkTally}: each touched group's sum is read once
     * into a heap array indexed by group id, the rows add to it there (the same additions in the
     * same order as into the state, without a block lookup and a NULL test per row), and the sums
     * are written back; then counts (or the flag) once per touched group.
     */
    private void addValid(int[] gids, int n, DecodedColumn a) {
        if (family == ColumnType.Family.LONG) {
            addLongsTallied(gids, n, a.longs);
        } else {
            addDoublesTallied(gids, n, a.doubles);
        }
        ArrowBuf[] cb = counts.blocks;
        if (avg) {
            tally.addRowsTo(cb, layout);
            return;
        }
        int shift = layout.shift();
        int mask = layout.mask();
        for (int t = 0; t < tally.touchedCount(); t++) {
            int g = tally.touched(t);
            MemoryUtil.putByte(cb[g >>> shift].memoryAddress() + (g & mask), (byte) 1);
        }
    }

    /** Address of group {@code g}'s 8-byte sum. */
    private long sumAddress(int g) {
        return sums.blocks[g >>> layout.shift()].memoryAddress() + sumAt(g & layout.mask());
    }

    /** Grows the per-group scratch of {@link #addValid} to the tally's groups. */
    private void ensureChunkScratch() {
        if (chunkLongs.length < tally.groupCount()) {
            int size = Math.max(tally.groupCount(), 2 * chunkLongs.length);
            chunkLongs = new long[size];
            chunkDoubles = new double[size];
        }
    }

    private void addLongsTallied(int[] gids, int n, long[] values) {
        ensureChunkScratch();
        long[] local = chunkLongs;
        int touched = tally.touchedCount();
        for (int t = 0; t < touched; t++) {
            int g = tally.touched(t);
            local[g] = MemoryUtil.getLong(sumAddress(g));
        }
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g >= 0) {
                local[g] = Math.addExact(local[g], values[i]);
            }
        }
        for (int t = 0; t < touched; t++) {
            int g = tally.touched(t);
            MemoryUtil.putLong(sumAddress(g), local[g]);
        }
    }

    private void addDoublesTallied(int[] gids, int n, double[] values) {
        ensureChunkScratch();
        double[] local = chunkDoubles;
        int touched = tally.touchedCount();
        for (int t = 0; t < touched; t++) {
            int g = tally.touched(t);
            local[g] = Double.longBitsToDouble(MemoryUtil.getLong(sumAddress(g)));
        }
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g >= 0) {
                local[g] += values[i];
            }
        }
        for (int t = 0; t < touched; t++) {
            int g = tally.touched(t);
            MemoryUtil.putLong(sumAddress(g), Double.doubleToRawLongBits(local[g]));
        }
    }

    /**
     * Adds values of {@code a}; each counts 1, or {@code countsIn[i]} when merging AVG. One loop
     * per family, chosen once per batch; state words are read and written by address (group ids
     * below the group count always fall inside allocated blocks).
     */
    private void add(int[] gids, int n, DecodedColumn a, long[] countsIn) {
        if (countsIn == null && family == ColumnType.Family.LONG) {
            addLongsCounted(gids, n, a.nulls, a.longs);
            return;
        }
        if (countsIn == null && family == ColumnType.Family.DOUBLE) {
            addDoublesCounted(gids, n, a.nulls, a.doubles);
            return;
        }
        switch (family) {
            case LONG:
                addLongs(gids, n, a.nulls, a.longs);
                break;
            case DOUBLE:
                addDoubles(gids, n, a.nulls, a.doubles);
                break;
            default:
                addDecimals(gids, n, a);
                break;
        }
        addCounts(gids, n, a.nulls, countsIn);
    }

    /**
     * Update rows of a LONG argument: each adds its value to its group's sum (checked, {@link
     * Math#addExact}) and counts 1 (AVG) or sets the flag (SUM) in the same pass, the group's block
     * found once for both.
     */
    private void addLongsCounted(int[] gids, int n, byte[] nulls, long[] values) {
        ArrowBuf[] sb = sums.blocks;
        ArrowBuf[] cb = counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        long stride = sumStride;
        long offset = sumOffset;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            int block = g >>> shift;
            long slot = g & mask;
            long at = sb[block].memoryAddress() + slot * stride + offset;
            MemoryUtil.putLong(at, Math.addExact(MemoryUtil.getLong(at), values[i]));
            countOne(cb[block].memoryAddress(), slot);
        }
    }

    /** As {@link #addLongsCounted} for a DOUBLE argument (unchecked double sums). */
    private void addDoublesCounted(int[] gids, int n, byte[] nulls, double[] values) {
        ArrowBuf[] sb = sums.blocks;
        ArrowBuf[] cb = counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        long stride = sumStride;
        long offset = sumOffset;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            int block = g >>> shift;
            long slot = g & mask;
            long at = sb[block].memoryAddress() + slot * stride + offset;
            double sum = Double.longBitsToDouble(MemoryUtil.getLong(at)) + values[i];
            MemoryUtil.putLong(at, Double.doubleToRawLongBits(sum));
            countOne(cb[block].memoryAddress(), slot);
        }
    }

    /** Counts one value into slot {@code slot} of the counts block at {@code block}. */
    private void countOne(long block, long slot) {
        if (avg) {
            long at = block + (slot << 3);
            MemoryUtil.putLong(at, MemoryUtil.getLong(at) + 1);
        } else {
            MemoryUtil.putByte(block + slot, (byte) 1);
        }
    }

    /** Checked 64-bit sums: {@link Math#addExact} throws on overflow. */
    private void addLongs(int[] gids, int n, byte[] nulls, long[] values) {
        ArrowBuf[] sb = sums.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        long stride = sumStride;
        long offset = sumOffset;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            long at = sb[g >>> shift].memoryAddress() + (g & mask) * stride + offset;
            MemoryUtil.putLong(at, Math.addExact(MemoryUtil.getLong(at), values[i]));
        }
    }

    private void addDoubles(int[] gids, int n, byte[] nulls, double[] values) {
        ArrowBuf[] sb = sums.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        long stride = sumStride;
        long offset = sumOffset;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            long at = sb[g >>> shift].memoryAddress() + (g & mask) * stride + offset;
            double sum = Double.longBitsToDouble(MemoryUtil.getLong(at)) + values[i];
            MemoryUtil.putLong(at, Double.doubleToRawLongBits(sum));
        }
    }

    private void addDecimals(int[] gids, int n, DecodedColumn a) {
        ArrowBuf[] sb = sums.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || a.nulls[i] != 0) {
                continue;
            }
            Int128.addTo(sb[g >>> shift], sumAt(g & mask), a.longs[i], a.highs[i]);
        }
    }

    private void addCounts(int[] gids, int n, byte[] nulls, long[] countsIn) {
        ArrowBuf[] cb = counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        if (!avg) {
            for (int i = 0; i < n; i++) {
                int g = gids[i];
                if (g >= 0 && nulls[i] == 0) {
                    MemoryUtil.putByte(cb[g >>> shift].memoryAddress() + (g & mask), (byte) 1);
                }
            }
            return;
        }
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || nulls[i] != 0) {
                continue;
            }
            long at = cb[g >>> shift].memoryAddress() + ((long) (g & mask) << 3);
            MemoryUtil.putLong(at, MemoryUtil.getLong(at) + (countsIn == null ? 1 : countsIn[i]));
        }
    }

    @Override
    public boolean mergesStored() {
        return true;
    }

    /**
     * Adds the source's sums (exactly for integers and decimals) and counts, or sets the "has a
     * value" flag, for source groups that summed any value; state words read by address.
     */
    @Override
    public void mergeStored(Accumulator src, int[] srcGids, int[] gids, int n) {
        flaggedBelow = -1;
        SumAccumulator from = (SumAccumulator) src;
        ArrowBuf[] sb = sums.blocks;
        ArrowBuf[] cb = counts.blocks;
        ArrowBuf[] fromSums = from.sums.blocks;
        ArrowBuf[] fromCounts = from.counts.blocks;
        int shift = layout.shift();
        int mask = layout.mask();
        int countShift = avg ? 3 : 0;
        try {
            for (int i = 0; i < n; i++) {
                int g = gids[i];
                if (g < 0) {
                    continue;
                }
                int s = srcGids[i];
                long fromCount =
                        fromCounts[s >>> shift].memoryAddress() + ((long) (s & mask) << countShift);
                long count = avg ? MemoryUtil.getLong(fromCount) : MemoryUtil.getByte(fromCount);
                if (count == 0) {
                    continue;
                }
                long fromSum = fromSums[s >>> shift].memoryAddress() + from.sumAt(s & mask);
                long slot = sumAt(g & mask);
                long at = sb[g >>> shift].memoryAddress() + slot;
                switch (family) {
                    case LONG:
                        MemoryUtil.putLong(
                                at,
                                Math.addExact(MemoryUtil.getLong(at), MemoryUtil.getLong(fromSum)));
                        break;
                    case DOUBLE:
                        double sum =
                                Double.longBitsToDouble(MemoryUtil.getLong(at))
                                        + Double.longBitsToDouble(MemoryUtil.getLong(fromSum));
                        MemoryUtil.putLong(at, Double.doubleToRawLongBits(sum));
                        break;
                    default:
                        Int128.addTo(
                                sb[g >>> shift],
                                slot,
                                MemoryUtil.getLong(fromSum),
                                MemoryUtil.getLong(fromSum + 8));
                        break;
                }
                long countAt = cb[g >>> shift].memoryAddress() + ((long) (g & mask) << countShift);
                if (avg) {
                    MemoryUtil.putLong(countAt, MemoryUtil.getLong(countAt) + count);
                } else {
                    MemoryUtil.putByte(countAt, (byte) 1);
                }
            }
        } catch (ArithmeticException e) {
            throw overflow(e);
        }
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        ArrowBuf s = sums.blocks[block];
        ArrowBuf c = counts.blocks[block];
        FieldVector sumOut = out.get(0);
        for (int i = 0; i < rows; i++) {
            long count = count(c, i);
            if (count == 0) {
                sumOut.setNull(i);
            } else {
                writeSum(sumOut, sumType, i, s, i);
            }
            if (isAvg()) {
                ((BigIntVector) out.get(1)).setSafe(i, count);
            }
        }
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        flaggedBelow = -1;
        DecodedColumn sumsIn = decode(states.get(0), sumType, n);
        long[] countsIn =
                isAvg() ? decode(states.get(1), DataType.of(ColumnType.BIGINT), n).longs : null;
        try {
            add(gids, n, sumsIn, countsIn);
        } catch (ArithmeticException e) {
            throw overflow(e);
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        ArrowBuf s = sums.blocks[block];
        ArrowBuf c = counts.blocks[block];
        DataType t = call.outputType();
        for (int i = 0; i < rows; i++) {
            long count = count(c, i);
            if (count == 0) {
                if (call.kind() == AggKind.SUM0) {
                    VectorWriter.setLong(out, t, i, 0, label());
                } else {
                    out.setNull(i);
                }
            } else if (isAvg()) {
                writeAvg(out, t, i, s, count);
            } else {
                writeSum(out, t, i, s, i);
            }
        }
    }

    private void writeSum(FieldVector out, DataType t, int i, ArrowBuf s, int slot) {
        long at = sumAt(slot);
        switch (family) {
            case LONG:
                VectorWriter.setLong(out, t, i, s.getLong(at), label());
                break;
            case DOUBLE:
                VectorWriter.setDouble(out, t, i, s.getDouble(at), label());
                break;
            default:
                VectorWriter.setDecimal128(
                        out, t, i, s.getLong(at), s.getLong(at + 8), inputScale, label());
        }
    }

    private void writeAvg(FieldVector out, DataType t, int i, ArrowBuf s, long count) {
        long at = sumAt(i);
        if (family == ColumnType.Family.DOUBLE) {
            VectorWriter.setDouble(out, t, i, s.getDouble(at) / count, label());
            return;
        }
        BigDecimal sum =
                family == ColumnType.Family.LONG
                        ? BigDecimal.valueOf(s.getLong(at))
                        : new BigDecimal(
                                Int128.toBigInteger(s.getLong(at), s.getLong(at + 8)), inputScale);
        switch (t.type()) {
            case DECIMAL:
                VectorWriter.setBigDecimal(
                        out,
                        t,
                        i,
                        sum.divide(BigDecimal.valueOf(count), t.scale(), RoundingMode.HALF_UP),
                        label());
                break;
            case REAL:
            case DOUBLE:
                VectorWriter.setDouble(out, t, i, sum.doubleValue() / count, label());
                break;
            default:
                VectorWriter.setBigDecimal(
                        out,
                        t,
                        i,
                        sum.divide(BigDecimal.valueOf(count), 0, RoundingMode.DOWN),
                        label());
        }
    }
}
