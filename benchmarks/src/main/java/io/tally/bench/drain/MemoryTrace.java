package io.tally.bench.drain;

/**
 * Pool and live memory samples of one run (parallel arrays, {@code nanos} from the start of the
 * build) plus the longest interval the sampler saw between two samples.
 */
record MemoryTrace(long[] nanos, long[] pool, long[] live, long maxIntervalNanos) {
    long peakPool() {
        return max(pool);
    }

    long peakLive() {
        return max(live);
    }

    private static long max(long[] values) {
        long m = 0;
        for (long v : values) {
            m = Math.max(m, v);
        }
        return m;
    }
}
