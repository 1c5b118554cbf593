package io.tally.exec.state;

import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;

/**
 * MIN, MAX, ANY_VALUE and SINGLE_VALUE over VARCHAR / VARBINARY (and ANY_VALUE/SINGLE_VALUE over
 * VARCHAR ARRAY). Order is unsigned byte order (UTF-8 code point order).
 *
 * <p>State per group: an entry {@code [start:int][length:int]} and a flag byte (as in {@link
 * FixedValueAccumulator}); the bytes live in a per-block region. A replaced value leaves garbage in
 * its region; a region that is full and at least half garbage is compacted before it is grown, so a
 * block's region stays within twice its live bytes plus one value.
 */
public final class BytesValueAccumulator extends ValueAccumulator {
    private static final int INITIAL_REGION_BYTES = 1024;
    private final StateColumn entries;
    private final List<long[]> usage = new ArrayList<>();
    private byte[] scratch = new byte[64];
    private final RegionGrowth growth = new RegionGrowth();
    private long[] rowBytes = new long[0];

    public BytesValueAccumulator(
            AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
        super(call, input, layout, memory);
        this.entries = newColumn(8);
    }

    @Override
    public void update(int[] gids, int n) {
        DecodedColumn a = args[0];
        int shift = layout.shift();
        int mask = layout.mask();
        AggKind kind = call.kind();
        boolean single = kind == AggKind.SINGLE_VALUE;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            boolean isNull = a.nulls[i] != 0;
            if (g < 0 || (isNull && !single)) {
                continue;
            }
            int blk = g >>> shift;
            int slot = g & mask;
            ArrowBuf f = flags.blocks[blk];
            byte flag = f.getByte(slot);
            if (single) {
                if (flag != 0) {
                    throw new TallyException(
                            "more than one value in agg SINGLE_VALUE ('" + call.name() + "')");
                }
                f.setByte(slot, isNull ? NULL_ROW : VALUE);
                if (!isNull) {
                    store(blk, slot, a, i, false);
                }
            } else if (flag == 0) {
                f.setByte(slot, VALUE);
                store(blk, slot, a, i, false);
            } else if (kind != AggKind.ANY_VALUE && better(blk, slot, a, i)) {
                store(blk, slot, a, i, true);
            }
        }
    }

    @Override
    public long updateBound(int[] gids, int n) {
        return valueBound(args[0], gids, n);
    }

    @Override
    public long mergeBound(List<FieldVector> states, int[] gids, int n) {
        return valueBound(decode(states.get(0), input, n), gids, n);
    }

    private long valueBound(DecodedColumn a, int[] gids, int n) {
        if (rowBytes.length < n) {
            rowBytes = new long[n];
        }
        for (int i = 0; i < n; i++) {
            rowBytes[i] = a.nulls[i] != 0 ? 0 : a.offsets[i + 1] - a.offsets[i];
        }
        return growth.bound(
                gids,
                n,
                rowBytes,
                layout,
                memory,
                blockRegions,
                blk -> usage.get(blk)[0],
                INITIAL_REGION_BYTES);
    }

    private boolean better(int blk, int slot, DecodedColumn a, int i) {
        ArrowBuf e = entries.blocks[blk];
        int start = e.getInt((long) slot << 3);
        int len = e.getInt(((long) slot << 3) + 4);
        ArrowBuf region = blockRegions.get(blk);
        int from = a.offsets[i];
        int inLen = a.offsets[i + 1] - from;
        int common = Math.min(len, inLen);
        int c = 0;
        for (int k = 0; k < common && c == 0; k++) {
            c = Integer.compare(a.bytes[from + k] & 0xFF, region.getByte(start + k) & 0xFF);
        }
        if (c == 0) {
            c = Integer.compare(inLen, len);
        }
        return call.kind() == AggKind.MIN ? c < 0 : c > 0;
    }

    private void store(int blk, int slot, DecodedColumn a, int i, boolean replacing) {
        int from = a.offsets[i];
        int len = a.offsets[i + 1] - from;
        ArrowBuf e = entries.blocks[blk];
        long[] use = usageOf(blk);
        if (replacing) {
            use[1] += e.getInt(((long) slot << 3) + 4);
        }
        ArrowBuf region = ensureRegion(blk, len);
        region.setBytes(use[0], a.bytes, from, len);
        e.setInt((long) slot << 3, (int) use[0]);
        e.setInt(((long) slot << 3) + 4, len);
        use[0] += len;
    }

    /** {@code [used bytes, garbage bytes]} of block {@code blk}'s region. */
    private long[] usageOf(int blk) {
        while (usage.size() <= blk) {
            usage.add(new long[2]);
            blockRegions.add(null);
        }
        return usage.get(blk);
    }

    private ArrowBuf ensureRegion(int blk, int len) {
        long[] use = usageOf(blk);
        ArrowBuf region = blockRegions.get(blk);
        if (region == null) {
            region =
                    memory.allocate(
                            Math.max(
                                    INITIAL_REGION_BYTES,
                                    Integer.highestOneBit(Math.max(1, len)) * 2L));
            blockRegions.set(blk, region);
            return region;
        }
        if (use[0] + len <= region.capacity()) {
            return region;
        }
        long live = use[0] - use[1];
        long cap = region.capacity();
        if (use[1] * 2 < use[0]) {
            cap *= 2;
        }
        while (cap < live + len) {
            cap *= 2;
        }
        if (cap > Integer.MAX_VALUE) {
            throw new TallyException(
                    label() + ": values of one block exceed 2 GiB; lower block_size");
        }
        ArrowBuf fresh = memory.allocate(cap);
        ArrowBuf e = entries.blocks[blk];
        ArrowBuf f = flags.blocks[blk];
        long pos = 0;
        for (int s = 0; s < flags.capacity(blk); s++) {
            if (f.getByte(s) == VALUE) {
                int start = e.getInt((long) s << 3);
                int l = e.getInt(((long) s << 3) + 4);
                fresh.setBytes(pos, region, start, l);
                e.setInt((long) s << 3, (int) pos);
                pos += l;
            }
        }
        memory.free(region);
        blockRegions.set(blk, fresh);
        use[0] = pos;
        use[1] = 0;
        return fresh;
    }

    /** Group {@code i} of {@code block}'s value as a new array, or null if it has none. */
    public byte[] valueBytes(int block, int i) {
        if (flags.blocks[block].getByte(i) != VALUE) {
            return null;
        }
        ArrowBuf e = entries.blocks[block];
        byte[] value = new byte[e.getInt(((long) i << 3) + 4)];
        blockRegions.get(block).getBytes(e.getInt((long) i << 3), value, 0, value.length);
        return value;
    }

    @Override
    void write(FieldVector out, DataType t, int block, int i, byte flag) {
        if (flag != VALUE) {
            out.setNull(i);
            return;
        }
        ArrowBuf e = entries.blocks[block];
        int start = e.getInt((long) i << 3);
        int len = e.getInt(((long) i << 3) + 4);
        if (scratch.length < len) {
            scratch = new byte[Math.max(len, scratch.length * 2)];
        }
        blockRegions.get(block).getBytes(start, scratch, 0, len);
        VectorWriter.setBytes(out, t, i, scratch, 0, len);
    }
}
