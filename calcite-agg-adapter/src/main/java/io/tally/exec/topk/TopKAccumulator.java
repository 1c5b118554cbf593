package io.tally.exec.topk;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.RegionGrowth;
import io.tally.exec.state.StateColumn;
import io.tally.exec.state.TopKOrder;
import io.tally.memory.OperatorMemory;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * {@link AggKind#TOP_K}: keeps, per group, the best {@link TopKOrder#limit()} rows (entries of
 * {@link TopKRowCodec}) sorted best first; a row no better than a full group's worst is mostly
 * dropped after comparing 8 key bytes with the state's copy, without touching the region.
 *
 * <p>State per group ({@link #STATE_WIDTH} bytes): {@code [record offset + 1:int][count:int] [worst
 * key prefix:long]} (0 = no rows yet; the prefix, set once the group is full, is the worst entry's
 * first 8 key bytes as a big-endian number, zero-padded). The record, in the group's block region,
 * is {@code [capacity:int][entry offset:int × capacity]}; capacity starts at {@link #MIN_CAPACITY}
 * and doubles up to the limit. Entries and records are appended to the region; replaced ones become
 * garbage, and a region that must grow while at least half garbage is compacted instead. Serialized
 * (and finished) as one VARBINARY per group: {@code [count:int]} then the entries, best first.
 */
public final class TopKAccumulator extends Accumulator {
    static final int MIN_CAPACITY = 4;

    /** Bytes of state per group, {@code 1 << STATE_SHIFT}. */
    static final int STATE_SHIFT = 4;

    static final int STATE_WIDTH = 1 << STATE_SHIFT;
    private static final int INITIAL_REGION_BYTES = 1024;
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    private static final DataType STATE = DataType.of(ColumnType.VARBINARY);
    private final int limit;
    private final TopKRowCodec codec;
    private final StateColumn entries;
    private long[] used = new long[4];
    private long[] garbage = new long[4];
    private final RegionGrowth growth = new RegionGrowth();
    private long[] rowBytes = new long[0];
    private byte[] out = new byte[256];
    private final BatchGroupCounter earlier = new BatchGroupCounter();

    public TopKAccumulator(
            AggregateCall call,
            List<DataType> argTypes,
            BlockLayout layout,
            OperatorMemory memory) {
        super(call, layout, memory);
        this.limit = call.topK().limit();
        this.codec = new TopKRowCodec(argTypes, call.topK());
        this.entries = newColumn(STATE_WIDTH);
    }

    @Override
    public List<Field> stateFields() {
        return List.of(STATE.toField(call.name() + "$entries"));
    }

    /**
     * Per row: when its key's first 8 bytes are known from the value ({@link
     * TopKRowCodec#keyPrefix}) and above a full group's worst prefix, the row is dropped without
     * encoding its key; else the key is encoded and, if admitted, the payload too and the entry
     * added.
     */
    @Override
    public void update(int[] gids, int n) {
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || (codec.prefixKnown(args, i) && outranked(g, codec.keyPrefix(args, i)))) {
                continue;
            }
            int keyLen = codec.encodeKey(args, i);
            if (!admits(g, codec.scratch, 0, keyLen)) {
                continue;
            }
            int len = codec.encodePayload(args, i, keyLen);
            add(g, codec.scratch, 0, len, keyLen);
        }
    }

    /**
     * Whether group {@code g} is full and its worst key's first 8 bytes sort below {@code prefix},
     * the first 8 bytes of a key at least 8 bytes long: then that key cannot enter.
     */
    private boolean outranked(int g, long prefix) {
        long state =
                entries.blocks[g >>> layout.shift()].memoryAddress()
                        + ((long) (g & layout.mask()) << STATE_SHIFT);
        return MemoryUtil.getInt(state + 4) == limit
                && Long.compareUnsigned(prefix, MemoryUtil.getLong(state + 8)) > 0;
    }

    /** Whether the key at {@code b[from + HEADER ..]} would enter group {@code g}'s top rows. */
    private boolean admits(int g, byte[] b, int from, int keyLen) {
        int blk = g >>> layout.shift();
        ArrowBuf st = entries.blocks[blk];
        long state = st.memoryAddress() + ((long) (g & layout.mask()) << STATE_SHIFT);
        int count = MemoryUtil.getInt(state + 4);
        if (count < limit) {
            return true;
        }
        int byPrefix =
                Long.compareUnsigned(
                        prefix(b, from + TopKRowCodec.HEADER, keyLen),
                        MemoryUtil.getLong(state + 8));
        if (byPrefix != 0) {
            return byPrefix < 0;
        }
        ArrowBuf region = blockRegions.get(blk);
        long worst = region.getInt(MemoryUtil.getInt(state) - 1 + 4 + 4L * (count - 1));
        return compare(b, from + TopKRowCodec.HEADER, keyLen, region, worst) < 0;
    }

    /**
     * The first 8 bytes of key {@code b[from .. from + len)} as a big-endian number, zero-padded.
     */
    private static long prefix(byte[] b, int from, int len) {
        if (len >= 8) {
            return TopKRowCodec.beLongAt(b, from);
        }
        long p = 0;
        for (int j = 0; j < 8; j++) {
            p = (p << 8) | (j < len ? b[from + j] & 0xFF : 0);
        }
        return p;
    }

    /** {@link #prefix} of the key of the region entry at {@code entry}. */
    private static long prefix(ArrowBuf region, long entry) {
        int len = region.getInt(entry + 4);
        long key = entry + TopKRowCodec.HEADER;
        if (len >= 8) {
            long v = region.getLong(key);
            return LITTLE_ENDIAN ? Long.reverseBytes(v) : v;
        }
        long p = 0;
        for (int j = 0; j < 8; j++) {
            p = (p << 8) | (j < len ? region.getByte(key + j) & 0xFF : 0);
        }
        return p;
    }

    /** Inserts the entry {@code b[from .. from + len)} into group {@code g} if it belongs there. */
    private void insert(int g, byte[] b, int from, int len, int keyLen) {
        if (admits(g, b, from, keyLen)) {
            add(g, b, from, len, keyLen);
        }
    }

    /**
     * Adds the entry {@code b[from .. from + len)}, which {@link #admits} group {@code g}, in its
     * place, dropping the worst entry of a full group.
     */
    private void add(int g, byte[] b, int from, int len, int keyLen) {
        int blk = g >>> layout.shift();
        long at = (long) (g & layout.mask()) << STATE_SHIFT;
        ArrowBuf st = entries.blocks[blk];
        int count = st.getInt(at + 4);
        int rec = st.getInt(at) - 1;
        int cap = rec < 0 ? 0 : blockRegions.get(blk).getInt(rec);
        int newCap =
                count < cap || count == limit
                        ? cap
                        : Math.min(limit, Math.max(MIN_CAPACITY, cap * 2));
        ensureRegion(blk, len + (newCap == cap ? 0 : 4 + 4L * newCap));
        ArrowBuf region = blockRegions.get(blk);
        rec = st.getInt(at) - 1;
        if (count == limit) {
            long worst = region.getInt(rec + 4 + 4L * (count - 1));
            garbage[blk] += TopKRowCodec.HEADER + region.getInt(worst);
            count--;
        }
        if (newCap != cap) {
            long grown = used[blk];
            region.setInt(grown, newCap);
            for (int j = 0; j < count; j++) {
                region.setInt(grown + 4 + 4L * j, region.getInt(rec + 4 + 4L * j));
            }
            if (rec >= 0) {
                garbage[blk] += 4 + 4L * cap;
            }
            used[blk] += 4 + 4L * newCap;
            rec = (int) grown;
            st.setInt(at, rec + 1);
        }
        long entry = used[blk];
        region.setBytes(entry, b, from, len);
        used[blk] += len;
        int pos = position(region, rec, count, b, from + TopKRowCodec.HEADER, keyLen);
        for (int j = count; j > pos; j--) {
            region.setInt(rec + 4 + 4L * j, region.getInt(rec + 4 + 4L * (j - 1)));
        }
        region.setInt(rec + 4 + 4L * pos, (int) entry);
        st.setInt(at + 4, count + 1);
        if (count + 1 == limit) {
            st.setLong(at + 8, prefix(region, region.getInt(rec + 4 + 4L * count)));
        }
    }

    /** The first of {@code count} sorted entries whose key is greater than the given key. */
    private static int position(ArrowBuf region, int rec, int count, byte[] b, int from, int len) {
        int lo = 0;
        int hi = count;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (compare(b, from, len, region, region.getInt(rec + 4 + 4L * mid)) < 0) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Compares key {@code b[from .. from + len)} with the key of the entry at {@code entry}. */
    static int compare(byte[] b, int from, int len, ArrowBuf region, long entry) {
        int otherLen = region.getInt(entry + 4);
        long other = entry + TopKRowCodec.HEADER;
        int common = Math.min(len, otherLen);
        int j = 0;
        for (; j + 8 <= common; j += 8) {
            long x = TopKRowCodec.beLongAt(b, from + j);
            long y = region.getLong(other + j);
            if (LITTLE_ENDIAN) {
                y = Long.reverseBytes(y);
            }
            if (x != y) {
                return Long.compareUnsigned(x, y);
            }
        }
        for (; j < common; j++) {
            int c = Integer.compare(b[from + j] & 0xFF, region.getByte(other + j) & 0xFF);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(len, otherLen);
    }

    /** Makes room for {@code size} more bytes in block {@code blk}'s region (may move it). */
    private void ensureRegion(int blk, long size) {
        while (blockRegions.size() <= blk) {
            blockRegions.add(null);
        }
        if (blk >= used.length) {
            used = Arrays.copyOf(used, Math.max(blk + 1, used.length * 2));
            garbage = Arrays.copyOf(garbage, used.length);
        }
        ArrowBuf region = blockRegions.get(blk);
        long need = used[blk] + size;
        if (region != null && need <= region.capacity()) {
            return;
        }
        boolean compact = region != null && garbage[blk] * 2 >= used[blk];
        long target = compact ? 2 * (used[blk] - garbage[blk] + size) : need;
        long cap = region == null || compact ? INITIAL_REGION_BYTES : region.capacity();
        while (cap < target) {
            cap *= 2;
        }
        if (cap > Integer.MAX_VALUE) {
            throw new TallyException(
                    label() + ": rows of one block exceed 2 GiB; lower block_size");
        }
        ArrowBuf grown = memory.allocate(cap);
        if (compact) {
            used[blk] =
                    TopKCompaction.copyLive(
                            region, grown, entries.blocks[blk], entries.capacity(blk), STATE_SHIFT);
            garbage[blk] = 0;
        } else if (region != null) {
            grown.setBytes(0, region, 0, used[blk]);
        }
        if (region != null) {
            memory.free(region);
        }
        blockRegions.set(blk, grown);
    }

    /**
     * Per row: its entry, plus the record it may outgrow while its group is not full (a record
     * grows when the count reaches its capacity, to at most {@code max(MIN_CAPACITY, 2 × count)}
     * slots, so by at most {@code 4 + 4 × MIN_CAPACITY + 8 × count} bytes); a group's count when a
     * row arrives is its stored count plus its earlier rows in the batch.
     */
    @Override
    public long updateBound(int[] gids, int n) {
        ensureRowBytes(n);
        earlier.clear(n);
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0) {
                rowBytes[i] = 0;
                continue;
            }
            int count = storedCount(g);
            long record = 0;
            if (count < limit) {
                count += earlier.addAndGet(g);
                record = count < limit ? 4 + 4L * MIN_CAPACITY + 8L * count : 0;
            }
            rowBytes[i] = 2L * (codec.bound(args, i) + record);
        }
        return regionBound(gids, n);
    }

    /**
     * Group {@code g}'s row count, 0 for a group the table no longer holds (a bound may be asked
     * again for the same ids after a spill emptied the table).
     */
    private int storedCount(int g) {
        int blk = g >>> layout.shift();
        int slot = g & layout.mask();
        if (blk >= entries.blockCount
                || entries.blocks[blk] == null
                || slot >= entries.capacity(blk)) {
            return 0;
        }
        return entries.blocks[blk].getInt(((long) slot << STATE_SHIFT) + 4);
    }

    /**
     * Per merged group: its encoded entries, plus the record growths merging them may cause
     * (doublings up to {@code count + entries} slots, together under twice the last one).
     */
    @Override
    public long mergeBound(List<FieldVector> states, int[] gids, int n) {
        VarBinaryVector v = (VarBinaryVector) states.get(0);
        ensureRowBytes(n);
        earlier.clear(n);
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0 || v.isNull(i)) {
                rowBytes[i] = 0;
                continue;
            }
            int m = TopKRowCodec.intAt(v.get(i), 0);
            long count = storedCount(g) + (long) earlier.addAndGet(g, m);
            long record =
                    count >= limit
                            ? 0
                            : 2 * (4 + 4L * MIN_CAPACITY + 8L * Math.min(limit, count + m));
            rowBytes[i] = 2 * (v.getEndOffset(i) - v.getStartOffset(i) + record);
        }
        return regionBound(gids, n);
    }

    private void ensureRowBytes(int n) {
        if (rowBytes.length < n) {
            rowBytes = new long[n];
        }
    }

    /**
     * A block's region ends below {@code 4 × (used + added)} after doubling or compacting, and one
     * grown region coexists with the previous; bytes and used are doubled so that {@link
     * RegionGrowth}'s charge of {@code 4 × (used + added)} covers {@code 8 ×}.
     */
    private long regionBound(int[] gids, int n) {
        return growth.bound(
                gids,
                n,
                rowBytes,
                layout,
                memory,
                blockRegions,
                blk -> 2 * used[blk],
                INITIAL_REGION_BYTES);
    }

    @Override
    public void serialize(int block, int rows, List<FieldVector> outs) {
        finish(block, rows, outs.get(0));
    }

    @Override
    public void merge(List<FieldVector> states, int[] gids, int n) {
        VarBinaryVector v = (VarBinaryVector) states.get(0);
        for (int i = 0; i < n; i++) {
            if (gids[i] < 0 || v.isNull(i)) {
                continue;
            }
            byte[] b = v.get(i);
            int count = TopKRowCodec.intAt(b, 0);
            int p = 4;
            for (int j = 0; j < count; j++) {
                int len = TopKRowCodec.HEADER + TopKRowCodec.intAt(b, p);
                insert(gids[i], b, p, len, TopKRowCodec.intAt(b, p + 4));
                p += len;
            }
        }
    }

    @Override
    public void finish(int block, int rows, FieldVector vector) {
        ArrowBuf st = entries.blocks[block];
        ArrowBuf region = block < blockRegions.size() ? blockRegions.get(block) : null;
        for (int i = 0; i < rows; i++) {
            int count = st.getInt(((long) i << STATE_SHIFT) + 4);
            if (count == 0) {
                vector.setNull(i);
                continue;
            }
            long rec = st.getInt((long) i << STATE_SHIFT) - 1;
            int pos = 4;
            for (int j = 0; j < count; j++) {
                long e = region.getInt(rec + 4 + 4L * j);
                int len = TopKRowCodec.HEADER + region.getInt(e);
                grow(pos + len);
                region.getBytes(e, out, pos, len);
                pos += len;
            }
            TopKRowCodec.putInt(out, 0, count);
            VectorWriter.setBytes(vector, STATE, i, out, 0, pos);
        }
    }

    private void grow(int bytes) {
        if (bytes > out.length) {
            out = Arrays.copyOf(out, Math.max(bytes, out.length * 2));
        }
    }
}
