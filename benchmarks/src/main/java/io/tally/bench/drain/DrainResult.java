package io.tally.bench.drain;

import io.tally.datasets.DrainGenerator.KeyKind;
import io.tally.exec.AggregateConfig.EmitMode;

/**
 * What one drain run measured. Times are nanoseconds: build = first sink to input exhausted; drain
 * = input exhausted (before {@code finish()}) to the last batch; ttfb = input exhausted to the
 * first batch; max gap = longest interval between consecutive batches, counting input exhausted →
 * first batch. Memory: peaks over the whole run (sampled and the operator's own peaks, whichever is
 * higher), and pool/live after the first batch and at the half-drained mark. {@code gcDuringDrain}:
 * the JVM's garbage collections between input exhausted and the last batch; {@code maxGapCpuNanos}:
 * the max gap measured in the operator thread's CPU time instead of wall time (what the poll itself
 * cost, whatever else the machine was running).
 */
record DrainResult(
        long groups,
        KeyKind key,
        DrainAgg agg,
        EmitMode emit,
        long buildNanos,
        long drainNanos,
        long ttfbNanos,
        long maxGapNanos,
        long peakPool,
        long peakLive,
        long poolAfterFirst,
        long liveAfterFirst,
        long poolAtHalf,
        long liveAtHalf,
        long outputRows,
        long outputBatches,
        long finishAtNanos,
        GcClock.Reading gcDuringDrain,
        long maxGapCpuNanos,
        MemoryTrace trace) {

    /** Pool at the half-drained mark as a percentage of pool after the first batch. */
    double poolPercent() {
        return percent(poolAtHalf, poolAfterFirst);
    }

    double livePercent() {
        return percent(liveAtHalf, liveAfterFirst);
    }

    private static double percent(long part, long whole) {
        return whole <= 0 ? Double.NaN : 100.0 * part / whole;
    }
}
