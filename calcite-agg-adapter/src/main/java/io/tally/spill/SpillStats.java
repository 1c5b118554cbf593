package io.tally.spill;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Process-wide spill counters (monotonic), so test runners can check that a workload spilled
 * without reaching into operators: batches and bytes written, files created, and spill directories
 * currently existing.
 */
public final class SpillStats {
    private static final AtomicLong BATCHES = new AtomicLong();
    private static final AtomicLong BYTES = new AtomicLong();
    private static final AtomicLong FILES = new AtomicLong();

    private SpillStats() {}

    /** Spilled batches written since the JVM started. */
    public static long batchesWritten() {
        return BATCHES.get();
    }

    /** Spilled bytes written since the JVM started. */
    public static long bytesWritten() {
        return BYTES.get();
    }

    /** Spill files created since the JVM started. */
    public static long filesCreated() {
        return FILES.get();
    }

    /** Spill directories not yet deleted. */
    public static int liveDirectories() {
        return QuerySpillDirectory.liveCount();
    }

    static void wrote(long bytes) {
        BATCHES.incrementAndGet();
        BYTES.addAndGet(bytes);
    }

    static void fileCreated() {
        FILES.incrementAndGet();
    }
}
