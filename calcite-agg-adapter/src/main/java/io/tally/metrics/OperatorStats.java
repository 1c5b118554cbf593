package io.tally.metrics;

/**
 * What one operator of a profiled query did in one execution: rows and batches it produced, its own
 * wall, CPU and wait time (its inputs' time excluded), and its memory peaks. Values that an
 * operator cannot report are {@link #UNKNOWN}. Written by the query's thread, read after it ends.
 */
public final class OperatorStats {
    /**
     * Marks a figure the operator does not track (e.g. memory of a Calcite operator's Java heap).
     */
    public static final long UNKNOWN = -1;

    public long outputRows;

    /** Batches handed out, or {@link #UNKNOWN} when the operator produces rows one at a time. */
    public long outputBatches = UNKNOWN;

    public long wallNanos;
    public long cpuNanos;
    public long waitNanos;
    public long peakPoolBytes = UNKNOWN;
    public long peakLiveBytes = UNKNOWN;

    /** Times the operator's output was opened (more than one under a nested-loop join). */
    public long opens;

    /** The blocked aggregate's own metrics, or null for other operators. */
    public AggregateMetrics aggregate;

    /** A table scan's row groups and files read and skipped, or null for other operators. */
    public ScanMetrics scan;

    /** Counts one produced batch of {@code rows} rows. */
    public void addBatch(long rows) {
        outputBatches = outputBatches == UNKNOWN ? 1 : outputBatches + 1;
        outputRows += rows;
    }

    /** Keeps the larger of the current and {@code bytes} as the live peak. */
    public void observeLivePeak(long bytes) {
        peakLiveBytes = Math.max(peakLiveBytes, bytes);
    }

    /** Keeps the larger of the current and {@code bytes} as the pool peak. */
    public void observePoolPeak(long bytes) {
        peakPoolBytes = Math.max(peakPoolBytes, bytes);
    }
}
