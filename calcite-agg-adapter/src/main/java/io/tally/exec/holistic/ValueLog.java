package io.tally.exec.holistic;

import io.tally.batch.TallyException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.state.RegionGrowth;
import io.tally.exec.state.StateColumn;
import io.tally.exec.topk.TopKRowCodec;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Every value of every group, for a {@link ValueLogAccumulator}: per group a chain of records in
 * its block's byte region, appended in arrival order and never rewritten.
 *
 * <p>Layout: the group's state ({@link #ENTRY_WIDTH} bytes in a {@link StateColumn}) is {@code
 * [last record offset + 1:int][record count:int]} (0 = no record). A record is {@code [previous
 * record offset + 1:int][value bytes]}, the value being a {@link TopKRowCodec} entry (its own
 * length in its header). A block's region starts at {@link #INITIAL_REGION_BYTES} and doubles
 * (copying) when full; it is freed with the block. {@link #gather} copies a group's values, oldest
 * first, into one heap array for sorting and decoding.
 */
final class ValueLog {
    /** Bytes of per-group state. */
    static final int ENTRY_WIDTH = 2 * Integer.BYTES;

    /** Bytes before a record's value: the link to the previous record. */
    static final int LINK = Integer.BYTES;

    static final int INITIAL_REGION_BYTES = 1024;
    private final BlockLayout layout;
    private final OperatorMemory memory;
    private final StateColumn entries;
    private final List<ArrowBuf> regions;
    private final String label;
    private final List<long[]> used = new ArrayList<>();
    private final RegionGrowth growth = new RegionGrowth();

    /** The gathered values of one group, and where each starts in {@link #bytes}. */
    byte[] bytes = new byte[256];

    int[] starts = new int[16];

    /** A log whose per-group states live in {@code entries} and regions in {@code regions}. */
    ValueLog(
            BlockLayout layout,
            OperatorMemory memory,
            StateColumn entries,
            List<ArrowBuf> regions,
            String label) {
        this.layout = layout;
        this.memory = memory;
        this.entries = entries;
        this.regions = regions;
        this.label = label;
    }

    /**
     * Bytes appending values of {@code rowBytes[i]} bytes to groups {@code gids[i]} may allocate.
     */
    long growthBound(int[] gids, int n, long[] rowBytes) {
        for (int i = 0; i < n; i++) {
            rowBytes[i] += LINK;
        }
        return growth.bound(
                gids,
                n,
                rowBytes,
                layout,
                memory,
                regions,
                blk -> blk < used.size() ? used.get(blk)[0] : 0,
                INITIAL_REGION_BYTES);
    }

    /** Appends {@code value[from, from + len)} to group {@code g}'s values. */
    void append(int g, byte[] value, int from, int len) {
        int blk = g >>> layout.shift();
        long at = (long) (g & layout.mask()) * ENTRY_WIDTH;
        ArrowBuf e = entries.blocks[blk];
        ArrowBuf region = ensureRegion(blk, LINK + len);
        long[] use = used.get(blk);
        long p = use[0];
        region.setInt(p, e.getInt(at));
        region.setBytes(p + LINK, value, from, len);
        use[0] = p + LINK + len;
        e.setInt(at, (int) p + 1);
        e.setInt(at + Integer.BYTES, Math.addExact(e.getInt(at + Integer.BYTES), 1));
    }

    private ArrowBuf ensureRegion(int blk, int size) {
        while (regions.size() <= blk) {
            regions.add(null);
        }
        while (used.size() <= blk) {
            used.add(new long[1]);
        }
        ArrowBuf region = regions.get(blk);
        long need = used.get(blk)[0] + size;
        if (region != null && need <= region.capacity()) {
            return region;
        }
        long cap = region == null ? INITIAL_REGION_BYTES : region.capacity();
        while (cap < need) {
            cap *= 2;
        }
        if (cap > Integer.MAX_VALUE) {
            throw new TallyException(
                    label + ": the values of one block exceed 2 GiB; lower" + " block_size");
        }
        ArrowBuf grown = memory.allocate(cap);
        if (region != null) {
            grown.setBytes(0, region, 0, used.get(blk)[0]);
            memory.free(region);
        }
        regions.set(blk, grown);
        return grown;
    }

    /** The number of values group {@code slot} of block {@code blk} holds. */
    int count(int blk, int slot) {
        return entries.blocks[blk].getInt((long) slot * ENTRY_WIDTH + Integer.BYTES);
    }

    /**
     * Copies group {@code slot} of block {@code blk}'s values, oldest first, into {@link #bytes};
     * value {@code k} starts at {@link #starts}{@code [k]}. Returns the number of values.
     */
    int gather(int blk, int slot) {
        int count = count(blk, slot);
        if (count == 0) {
            return 0;
        }
        if (starts.length < count) {
            starts = new int[Math.max(count, 2 * starts.length)];
        }
        ArrowBuf region = regions.get(blk);
        long[] records = new long[count];
        long link = entries.blocks[blk].getInt((long) slot * ENTRY_WIDTH);
        long total = 0;
        for (int k = count - 1; k >= 0; k--) {
            records[k] = link - 1;
            total += TopKRowCodec.HEADER + region.getInt(records[k] + LINK);
            link = region.getInt(link - 1);
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new TallyException(label + ": one group's values exceed 2 GiB");
        }
        if (bytes.length < total) {
            bytes =
                    new byte
                            [(int)
                                    Math.max(
                                            total,
                                            Math.min(Integer.MAX_VALUE - 8, 2L * bytes.length))];
        }
        int pos = 0;
        for (int k = 0; k < count; k++) {
            int len = TopKRowCodec.HEADER + region.getInt(records[k] + LINK);
            region.getBytes(records[k] + LINK, bytes, pos, len);
            starts[k] = pos;
            pos += len;
        }
        return count;
    }

    /** Forgets block {@code blk}'s region use (its region is freed with the block). */
    void releaseBlock(int blk) {
        if (blk < used.size()) {
            Arrays.fill(used.get(blk), 0);
        }
    }
}
