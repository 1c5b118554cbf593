package io.tally.exec.state;

/**
 * Rows per group of one chunk of resolved group ids, kept only when the table has few groups, so
 * that count-like states (COUNT, AVG's count, SUM's "has a value" flag) add each touched group's
 * rows once instead of one read-modify-write per row.
 *
 * <p>Layout: {@code rows[g]} is the chunk's row count of group g (zero for untouched groups) and
 * {@code touched[0 .. touchedCount)} lists the groups with a non-zero count, in first-seen order.
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

    /**
     * Counts rows {@code 0..n-1} of {@code gids} (ids -1 skipped) when {@code groupCount} is small
     * enough to pay; afterwards {@link #active} says whether the counts are there.
     */
    public void tally(int[] gids, int n, int groupCount) {
        for (int t = 0; t < touchedCount; t++) {
            rows[touched[t]] = 0;
        }
        touchedCount = 0;
        active = (long) groupCount * ROWS_PER_GROUP <= n;
        if (!active) {
            return;
        }
        if (rows.length < groupCount) {
            rows = new int[Math.max(groupCount, 2 * rows.length)];
            touched = new int[rows.length];
        }
        int[] r = rows;
        int[] list = touched;
        int t = 0;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            if (g >= 0 && r[g]++ == 0) {
                list[t++] = g;
            }
        }
        touchedCount = t;
    }

    /** Whether the last {@link #tally} counted its chunk. */
    public boolean active() {
        return active;
    }

    /** Groups with at least one row in the chunk. */
    public int touchedCount() {
        return touchedCount;
    }

    /** The {@code t}-th touched group. */
    public int touched(int t) {
        return touched[t];
    }

    /** The chunk's rows of group {@code g}. */
    public int rows(int g) {
        return rows[g];
    }
}
