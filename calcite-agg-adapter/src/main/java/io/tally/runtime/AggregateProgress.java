package io.tally.runtime;

import io.tally.metrics.AggregateMetrics;
import io.tally.session.QueryProgress;
import java.util.function.LongSupplier;

/**
 * Passes one aggregate's growth (groups, spilled bytes) on to its statement's {@link
 * QueryProgress}; {@link #update()} is called once per input batch and adds only what changed since
 * the previous call. Thread-safe: a parallel aggregate's workers call it.
 */
final class AggregateProgress {
    private final QueryProgress progress;
    private final LongSupplier groupCount;
    private final AggregateMetrics metrics;
    private long groups;
    private long spilledBytes;

    AggregateProgress(QueryProgress progress, LongSupplier groupCount, AggregateMetrics metrics) {
        this.progress = progress;
        this.groupCount = groupCount;
        this.metrics = metrics;
    }

    synchronized void update() {
        long g = groupCount.getAsLong();
        if (g != groups) {
            progress.addGroups(g - groups);
            groups = g;
        }
        long s = metrics.spilledBytes;
        if (s != spilledBytes) {
            progress.addSpilledBytes(s - spilledBytes);
            spilledBytes = s;
        }
    }
}
