package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * MEDIAN(x) over a numeric column, as DuckDB's {@code quantile_cont(x, 0.5)}: the middle value of
 * the sorted non-NULL values, for an even count {@code lo + (hi - lo) * 0.5} of the two middle
 * ones; NULL when a group has no non-NULL value. PERCENTILE_CONT(f) WITHIN GROUP (ORDER BY x) is
 * the same with the fraction f ({@code 1 - f} for DESC) at position {@code f * (n - 1)}, over
 * numbers (giving DOUBLE) or DATE / TIMESTAMP values (giving TIMESTAMP, interpolated in
 * milliseconds and rounded). Every value is kept (as a double) until the group is finished, so
 * memory grows with the input and is reserved before each batch.
 *
 * <p>State per group: an entry {@code [value count:int]} (0 = empty). Values go to <em>logs</em>,
 * each covering the consecutive group ids of one {@link #logs} unit (a block split into up to
 * {@code 1 << }{@link #LOG_SPLIT_SHIFT} logs): a region of {@link GroupedValues#RECORD}-byte
 * records {@code [slot in log:int][sort key:long]} ({@link DoubleSelection#key}) appended in
 * arrival order (sequential writes; a region grows by doubling). Finishing or serializing a block
 * regroups each of its logs ({@link GroupedValues}; a small log is one pass) and selects each
 * group's middle ({@link DoubleSelection}). Serialized (spill) as one {@code List<Float64>} of the
 * group's values; merging appends them.
 */
public final class MedianAccumulator extends Accumulator {
    private static final int INITIAL_REGION_BYTES = 1024;
    private static final int ENTRY = Integer.BYTES;
    private static final int RECORD = GroupedValues.RECORD;

    /** Most values one group may hold: its values are selected in one Java array. */
    static final int MAX_GROUP_VALUES = Integer.MAX_VALUE - 8;

    /** A block's values go to up to {@code 1 << LOG_SPLIT_SHIFT} logs (8192 groups: 16 of 512). */
    static final int LOG_SPLIT_SHIFT = 4;

    /** A log covers at least {@code 1 << MIN_LOG_SHIFT} group ids (or the whole block). */
    static final int MIN_LOG_SHIFT = 6;

    private final DataType input;

    /** The quantile: 0.5 for MEDIAN. */
    private final double fraction;

    /** Milliseconds per unit of a value for a TIMESTAMP result (a DATE's day, a TIMESTAMP's ms). */
    private final long millisPerUnit;

    private final NumericDoubles doubles = new NumericDoubles();
    private final StateColumn entries;

    /** Group ids per log, as a layout: log = id >>> shift, slot in log = id & mask. */
    private final BlockLayout logs;

    private final RegionGrowth growth = new RegionGrowth();
    private final GroupedValues grouped =
            new GroupedValues(GroupedValues.scratchFor(Runtime.getRuntime().maxMemory()));

    /** Per log: its region (null until the first value), the region's address and used bytes. */
    private ArrowBuf[] regions = new ArrowBuf[0];

    private long[] addresses = new long[0];
    private long[] used = new long[0];
    private long[] rowBytes = new long[0];
    private int[] counts = new int[0];

    public MedianAccumulator(
            AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
        this.input = input;
        this.fraction = fraction(call);
        this.millisPerUnit = input.type() == ColumnType.DATE ? 86_400_000L : 1L;
        this.entries = newColumn(ENTRY);
        int shift = layout.shift();
        this.logs =
                BlockLayout.of(
                        1 << Math.min(shift, Math.max(shift - LOG_SPLIT_SHIFT, MIN_LOG_SHIFT)));
    }

    /** MEDIAN's 0.5, or PERCENTILE_CONT's fraction (counted from the end for DESC). */
    private static double fraction(AggregateCall call) {
        if (call.kind() != AggKind.PERCENTILE_CONT) {
            return 0.5;
        }
        double f = ((Number) call.options().constant()).doubleValue();
        return call.ordered() && call.options().order().get(0).descending() ? 1 - f : f;
    }

    /** The state field: the group's values as a list of doubles (NULL for no value). */
    public static Field stateField(String name) {
        Field item =
                new Field(
                        "item",
                        FieldType.notNullable(
                                new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                        null);
        return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(item));
    }

    @Override
    public List<Field> stateFields() {
        return List.of(stateField(call.name() + "$values"));
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn a = args[0];
        double[] x = doubles.of(a, input, n);
        byte[] nulls = a.nulls;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g >= 0 && nulls[i] == 0) {
                append(g, x[i]);
            }
        }
    }

    @Override
    public long updateBound(int[] gids, int n) {
        ensureRowBytes(n);
        byte[] nulls = args[0].nulls;
        for (int i = 0; i < n; i++) {
            rowBytes[i] = nulls[i] != 0 ? 0 : RECORD;
        }
        return regionBound(gids, n);
    }

    @Override
    public long mergeBound(List<FieldVector> states, int[] gids, int n) {
        ListVector list = (ListVector) states.get(0);
        ensureRowBytes(n);
        for (int i = 0; i < n; i++) {
            rowBytes[i] = (long) RECORD * (list.isNull(i) ? 0 : count(list, i));
        }
        return regionBound(gids, n);
    }

    private static int count(ListVector list, int i) {
        return list.getOffsetBuffer().getInt((long) (i + 1) * Integer.BYTES)
                - list.getOffsetBuffer().getInt((long) i * Integer.BYTES);
    }

    private void ensureRowBytes(int n) {
        if (rowBytes.length < n) {
            rowBytes = new long[n];
        }
    }

    private long regionBound(int[] gids, int n) {
        long[] use = used;
        return growth.bound(
                gids,
                n,
                rowBytes,
                logs,
                memory,
                Arrays.asList(regions),
                log -> log < use.length ? use[log] : 0,
                INITIAL_REGION_BYTES);
    }

    /** Logs {@code value} for group {@code g}: one record at the end of its log's region. */
    private void append(int g, double value) {
        int log = g >>> logs.shift();
        if (log >= regions.length || used[log] + RECORD > regionCapacity(log)) {
            grow(log, 1);
        }
        long entry =
                entries.blocks[g >>> layout.shift()].memoryAddress()
                        + (long) (g & layout.mask()) * ENTRY;
        int count = MemoryUtil.getInt(entry);
        if (count == MAX_GROUP_VALUES) {
            throw new TallyException(
                    label() + ": a group has more than " + MAX_GROUP_VALUES + " values");
        }
        MemoryUtil.putInt(entry, count + 1);
        long at = addresses[log] + used[log];
        MemoryUtil.putInt(at, g & logs.mask());
        MemoryUtil.putLong(at + Integer.BYTES, DoubleSelection.key(value));
        used[log] += RECORD;
    }

    private long regionCapacity(int log) {
        return regions[log] == null ? 0 : regions[log].capacity();
    }

    /**
     * Makes log {@code log}'s region hold {@code records} more, doubling (and copying) it if full.
     */
    private void grow(int log, int records) {
        if (log >= regions.length) {
            int length = Math.max(log + 1, regions.length * 2);
            regions = Arrays.copyOf(regions, length);
            addresses = Arrays.copyOf(addresses, length);
            used = Arrays.copyOf(used, length);
        }
        ArrowBuf region = regions[log];
        long need = used[log] + (long) RECORD * records;
        if (region != null && need <= region.capacity()) {
            return;
        }
        long cap = region == null ? INITIAL_REGION_BYTES : region.capacity();
        while (cap < need) {
            cap = Math.multiplyExact(cap, 2);
        }
        ArrowBuf grown = memory.allocate(cap);
        if (region != null) {
            grown.setBytes(0, region, 0, used[log]);
            memory.free(region);
        }
        regions[log] = grown;
        addresses[log] = grown.memoryAddress();
    }

    /**
     * Starts regrouping the log holding block {@code block}'s slots {@code base .. base + rows - 1}
     * (at most one log's worth); {@code counts[s]} is then slot {@code base + s}'s value count.
     */
    private void beginGrouping(int block, int base, int rows) {
        if (counts.length < rows) {
            counts = new int[rows];
        }
        ArrowBuf e = entries.blocks[block];
        for (int s = 0; s < rows; s++) {
            counts[s] = e.getInt((long) (base + s) * ENTRY);
        }
        int log = ((block << layout.shift()) + base) >>> logs.shift();
        boolean logged = log < regions.length && regions[log] != null;
        grouped.begin(logged ? addresses[log] : 0, logged ? used[log] : 0, counts, rows);
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> out) {
        ListVector list = (ListVector) out.get(0);
        Float8Vector items = (Float8Vector) list.getDataVector();
        forEachGroup(
                block,
                rows,
                (row, keys, start, count) -> {
                    if (count == 0) {
                        list.setNull(row);
                        return;
                    }
                    int at = list.startNewValue(row);
                    for (int k = 0; k < count; k++) {
                        items.setSafe(at + k, DoubleSelection.value(keys[start + k]));
                    }
                    list.endValue(row, count);
                });
    }

    /**
     * Receives one group's values: sort keys {@code keys[start .. start+count)} of block row {@code
     * row}.
     */
    private interface GroupValues {
        void accept(int row, long[] keys, int start, int count);
    }

    /**
     * Regroups block {@code block}'s logged values one slot range at a time and visits every group;
     * the block's logs share one scratch, trimmed after the last.
     */
    private void forEachGroup(int block, int rows, GroupValues visitor) {
        for (int base = 0; base < rows; base += logs.size()) {
            beginGrouping(block, base, Math.min(logs.size(), rows - base));
            while (grouped.next()) {
                long[] keys = grouped.keys();
                for (int s = grouped.from(); s < grouped.to(); s++) {
                    visitor.accept(base + s, keys, grouped.start(s), counts[s]);
                }
            }
        }
        grouped.trim();
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        ListVector list = (ListVector) states.get(0);
        long items = list.getDataVector().getDataBuffer().memoryAddress();
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || list.isNull(i)) {
                continue;
            }
            int from = list.getOffsetBuffer().getInt((long) i * Integer.BYTES);
            int count = count(list, i);
            grow(g >>> logs.shift(), count);
            for (int k = from; k < from + count; k++) {
                append(
                        g,
                        Double.longBitsToDouble(
                                MemoryUtil.getLong(items + (long) k * Double.BYTES)));
            }
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        forEachGroup(
                block,
                rows,
                (row, keys, start, count) -> {
                    if (count == 0) {
                        out.setNull(row);
                    } else {
                        double q = DoubleSelection.quantile(keys, start, count, fraction);
                        if (call.outputType().type() == ColumnType.TIMESTAMP) {
                            VectorWriter.setLong(
                                    out,
                                    call.outputType(),
                                    row,
                                    Math.round(q * millisPerUnit),
                                    label());
                        } else {
                            VectorWriter.setDouble(out, call.outputType(), row, q, label());
                        }
                    }
                });
    }

    @Override
    public void releaseBlock(int block) {
        super.releaseBlock(block);
        int perBlock = 1 << (layout.shift() - logs.shift());
        int first = (int) Math.min(regions.length, (long) block * perBlock);
        int end = (int) Math.min(regions.length, (long) first + perBlock);
        for (int log = first; log < end; log++) {
            freeLog(log);
        }
    }

    private void freeLog(int log) {
        if (regions[log] != null) {
            memory.free(regions[log]);
            regions[log] = null;
            addresses[log] = 0;
            used[log] = 0;
        }
    }

    @Override
    public void close() {
        super.close();
        for (int log = 0; log < regions.length; log++) {
            freeLog(log);
        }
    }
}
