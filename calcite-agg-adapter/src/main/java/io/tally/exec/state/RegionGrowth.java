package io.tally.exec.state;

import io.tally.exec.hash.BlockLayout;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Bounds what per-block byte regions (MIN/MAX of strings, LISTAGG) may newly allocate for one
 * update: rows are summed per block they touch; a block whose region would overflow can grow by
 * doubling to under {@code 2 × (used + added)}, with old and new briefly coexisting, so it is
 * charged {@link #FACTOR}{@code × (used + added)}; a block without a region yet is charged its
 * first region too.
 */
public final class RegionGrowth {
    /** Charge per overflowing block, in multiples of its used plus added bytes. */
    static final int FACTOR = 4;

    private long[] added = new long[16];
    private int[] touched = new int[16];

    /**
     * The bound for rows {@code 0..n-1} going to groups {@code gids[i]} (skip -1) and adding {@code
     * rowBytes[i]} bytes each; {@code used} gives a block's used region bytes.
     */
    public long bound(
            int[] gids,
            int n,
            long[] rowBytes,
            BlockLayout layout,
            OperatorMemory memory,
            List<ArrowBuf> regions,
            IntToLongFunction used,
            int initialRegion) {
        int count = 0;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g < 0) {
                continue;
            }
            int blk = g >>> layout.shift();
            if (blk >= added.length) {
                added = Arrays.copyOf(added, Math.max(blk + 1, added.length * 2));
            }
            if (added[blk] == 0) {
                if (count == touched.length) {
                    touched = Arrays.copyOf(touched, count * 2);
                }
                touched[count++] = blk;
            }
            added[blk] += rowBytes[i] + 1;
        }
        long bytes = 0;
        for (int t = 0; t < count; t++) {
            int blk = touched[t];
            long add = added[blk];
            added[blk] = 0;
            ArrowBuf region = blk < regions.size() ? regions.get(blk) : null;
            long use = region == null ? 0 : used.applyAsLong(blk);
            if (region == null || use + add > region.capacity()) {
                bytes += memory.rounded(FACTOR * (use + add) + initialRegion);
            }
        }
        return bytes;
    }
}
