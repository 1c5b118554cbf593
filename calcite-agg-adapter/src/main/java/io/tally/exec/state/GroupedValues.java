package io.tally.exec.state;

import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Regroups one block's MEDIAN value log into contiguous per-group runs of {@link
 * DoubleSelection#key sort keys}, so each group's values can be selected in place.
 *
 * <p>The log is {@link #RECORD}-byte records {@code [slot:int][sort key:long]} in arrival order.
 * Groups are taken a <em>slice</em> of consecutive slots at a time, sized so a slice's values fit
 * {@code scratchValues} keys (a single larger group is a slice of its own and gets a scratch of its
 * size); each slice costs one sequential pass over the log, scattering its records to per-slot
 * cursors in arrival order. Typical blocks are one slice and one pass. The scratch follows the heap
 * ({@link #scratchFor}): h2o q6 at 1e8 rows logs ~5M values per log (512 groups of ~10,000), which
 * an 8 MiB scratch took in six passes over the log, 30% of the query's CPU time.
 */
final class GroupedValues {
    /** Bytes per logged value: the group's slot in its block, then the value's sort key. */
    static final int RECORD = Integer.BYTES + Double.BYTES;

    /** Keys a scratch may keep between blocks (8 MiB); a larger one is dropped by {@link #trim}. */
    static final int KEPT_SCRATCH_VALUES = 1 << 20;

    /** The most keys a slice of small groups gathers at once (64 MiB). */
    static final int MAX_SCRATCH_VALUES = 1 << 23;

    /** A slice's scratch takes at most this fraction (1/n) of the heap's maximum size. */
    static final int HEAP_SHARE = 16;

    private final int scratchValues;
    private long[] keys = new long[0];
    private int[] starts = new int[0];
    private int[] cursors = new int[0];
    private int[] counts;
    private int rows;
    private long address;
    private long bytes;
    private int from;
    private int to;

    /**
     * Keys a slice of small groups may gather under a heap of at most {@code maxHeapBytes}: {@link
     * #HEAP_SHARE 1/16} of it, within [{@link #KEPT_SCRATCH_VALUES}, {@link #MAX_SCRATCH_VALUES}].
     */
    static int scratchFor(long maxHeapBytes) {
        long values = maxHeapBytes / HEAP_SHARE / Long.BYTES;
        return (int) Math.max(KEPT_SCRATCH_VALUES, Math.min(MAX_SCRATCH_VALUES, values));
    }

    /** A regrouper whose slices of small groups hold at most {@code scratchValues} keys. */
    GroupedValues(int scratchValues) {
        this.scratchValues = scratchValues;
    }

    /**
     * Starts regrouping the log at {@code address} ({@code bytes} long) whose slots {@code
     * 0..rows-1} hold {@code counts[slot]} values each; {@link #next} gathers the slices.
     */
    void begin(long address, long bytes, int[] counts, int rows) {
        this.address = address;
        this.bytes = bytes;
        this.counts = counts;
        this.rows = rows;
        this.from = 0;
        this.to = 0;
        if (starts.length < rows) {
            starts = new int[rows];
            cursors = new int[rows];
        }
    }

    /** Gathers the next slice of slots; false when none is left. */
    boolean next() {
        from = to;
        if (from >= rows) {
            return false;
        }
        long total = counts[from];
        to = from + 1;
        while (to < rows && total + counts[to] <= scratchValues) {
            total += counts[to++];
        }
        if (keys.length < total) {
            keys = new long[(int) Math.max(total, Math.min(scratchValues, 2L * keys.length))];
        }
        int at = 0;
        for (int s = from; s < to; s++) {
            starts[s] = at;
            cursors[s] = at;
            at += counts[s];
        }
        if (total > 0) {
            scatter();
        }
        return true;
    }

    private void scatter() {
        int lo = from;
        int width = to - from;
        long[] k = keys;
        int[] c = cursors;
        for (long p = address, end = address + bytes; p < end; p += RECORD) {
            int slot = MemoryUtil.getInt(p);
            if (slot - lo >= 0 && slot - lo < width) {
                k[c[slot]++] = MemoryUtil.getLong(p + Integer.BYTES);
            }
        }
    }

    /**
     * Drops a scratch grown past {@link #KEPT_SCRATCH_VALUES} (or past {@code scratchValues}, if
     * smaller): called when a block's logs are done, so the logs of one block share it.
     */
    void trim() {
        if (keys.length > Math.min(scratchValues, KEPT_SCRATCH_VALUES)) {
            keys = new long[0];
        }
    }

    /** First slot of the gathered slice. */
    int from() {
        return from;
    }

    /** One past the last slot of the gathered slice. */
    int to() {
        return to;
    }

    /** The keys of the slice: slot {@code s}'s run starts at {@link #start}{@code (s)}. */
    long[] keys() {
        return keys;
    }

    /** Where slot {@code s}'s run of {@code counts[s]} keys starts in {@link #keys}. */
    int start(int s) {
        return starts[s];
    }
}
