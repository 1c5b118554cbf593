package io.tally.exec.state;

import io.tally.exec.hash.BlockLayout;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Rows per group of one chunk of resolved group ids, kept only when the table has few groups, so
 * that count-like states (COUNT, AVG's count, SUM's "has a value" flag) add each touched group's
 * rows once instead of one read-modify-write per row.
 *
 * <p>Layout: {@code rows[g]} is the chunk's row count of group g (zero for untouched groups) and
 * {@code touched[0 .. touchedCount)} lists the groups with a non-zero count, in first-seen order
 * ({@code touched} has one slot more than {@code rows}).
 */
public final class ChunkTally {
    /**
     * Tally only when the table has at most one group per this many chunk rows: every group then
     * gets several rows on average, so the per-group adds are a fraction of the per-row ones, and
     * {@code rows} stays a few KiB (at most the chunk's rows over this share).
     */
    static final int ROWS_PER_GROUP = 4;

    private int[] rows = new int[0];
    private int[] touched = new int[0];
    private int touchedCount;
    private boolean active;

    /** The chunk's ids and rows, counted on the first {@link #touchedCount} call. */
    private int[] gids;

    private int n;
    private int groupCount;
    private boolean counted;

    /**
     * Takes rows {@code 0..n-1} of {@code gids} (ids -1 skipped) as the chunk to count when {@code
     * groupCount} is small enough to pay; afterwards {@link #active} says whether counts are
     * available. The counting itself waits for the first {@link #touchedCount} call, so a chunk no
     * count-like call reads costs nothing; {@code gids} must not change until the next call.
     */
    public void tally(int[] gids, int n, int groupCount) {
        if (counted) {
            for (int t = 0; t < touchedCount; t++) {
                rows[touched[t]] = 0;
            }
        }
        touchedCount = 0;
        counted = false;
        active = (long) groupCount * ROWS_PER_GROUP <= n;
        this.gids = gids;
        this.n = n;
        this.groupCount = groupCount;
    }

    private void count() {
        if (rows.length < groupCount) {
            rows = new int[Math.max(groupCount, 2 * rows.length)];
            // one spare slot: count() writes the next touched id before it knows it is new
            touched = new int[rows.length + 1];
        }
        int[] r = rows;
        int[] list = touched;
        int[] ids = gids;
        int t = 0;
        for (int i = 0; i < n; i++) {
            int g = ids[i];
            if (g >= 0) {
                // appended always, kept only on the group's first row: no branch on whether the
                // group was seen, which mispredicts while a chunk meets its groups
                list[t] = g;
                t += r[g]++ == 0 ? 1 : 0;
            }
        }
        touchedCount = t;
        counted = true;
    }

    /** Whether the last {@link #tally}'s chunk has few enough groups to be counted. */
    public boolean active() {
        return active;
    }

    /** Groups with at least one row in the chunk (counts the chunk on the first call). */
    public int touchedCount() {
        if (!counted) {
            count();
        }
        return touchedCount;
    }

    /** Groups of the table when the chunk was taken: every touched id is below it. */
    public int groupCount() {
        return groupCount;
    }

    /** The {@code t}-th touched group ({@link #touchedCount} called first). */
    public int touched(int t) {
        return touched[t];
    }

    /**
     * Adds each touched group's rows of the chunk to its 8-byte counter in {@code blocks} (a state
     * column of {@code layout}: group g's word at block {@code g >>> shift}, offset {@code (g &
     * mask) * 8}).
     */
    public void addRowsTo(ArrowBuf[] blocks, BlockLayout layout) {
        int shift = layout.shift();
        int mask = layout.mask();
        for (int t = 0; t < touchedCount(); t++) {
            int g = touched[t];
            long at = blocks[g >>> shift].memoryAddress() + ((long) (g & mask) << 3);
            MemoryUtil.putLong(at, MemoryUtil.getLong(at) + rows[g]);
        }
    }
}
