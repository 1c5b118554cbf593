package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.metrics.OperatorClock;
import io.tally.metrics.OperatorStats;
import io.tally.metrics.QueryProfile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The profiled splits of a Tally scan read by worker threads. The query's {@link OperatorClock}
 * belongs to the query thread, so worker threads only add to atomic counters here: batches, rows,
 * live peak, CPU time summed over the threads, and the wall time spent in the scan divided by the
 * number of splits (the scan's share of the time the threads ran side by side). {@link #settle} (on
 * the query thread, while the consuming operator has control) moves them into the scan's {@link
 * OperatorStats} and takes the wall share off the consumer's own time, so own times still add up to
 * no more than the statement's.
 */
final class ProfiledSplits {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Per thread: wall and CPU nanoseconds spent in profiled splits (so nested ones subtract). */
    private static final ThreadLocal<long[]> IN_SPLITS = ThreadLocal.withInitial(() -> new long[2]);

    private final QueryProfile profile;
    private final OperatorStats stats;
    private final int operatorId;
    private final int count;
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong cpu = new AtomicLong();
    private final AtomicLong wall = new AtomicLong();
    private final AtomicLong livePeak = new AtomicLong();

    ProfiledSplits(QueryProfile profile, int operatorId, int count) {
        this.profile = profile;
        this.stats = profile.stats(operatorId);
        this.operatorId = operatorId;
        this.count = count;
    }

    /** {@code splits} counted and timed into this object. */
    List<BatchSplit> wrap(List<BatchSplit> splits) {
        List<BatchSplit> out = new ArrayList<>(splits.size());
        for (BatchSplit split : splits) {
            out.add(BatchSplit.of(split, allocator -> open(split, allocator)));
        }
        return out;
    }

    private BatchCursor open(BatchSplit split, BufferAllocator allocator) {
        BufferAllocator own =
                allocator.newChildAllocator(
                        "profile:" + operatorId + ":" + allocator.getName(), 0, Long.MAX_VALUE);
        try {
            return new Cursor(timed(() -> split.open(own)), own);
        } catch (RuntimeException | Error e) {
            own.close();
            throw e;
        }
    }

    /** Runs {@code work}, counting its time minus that of profiled splits it called. */
    private <T> T timed(Supplier<T> work) {
        long[] inner = IN_SPLITS.get();
        long innerWall = inner[0];
        long innerCpu = inner[1];
        long w = System.nanoTime();
        long c = threadCpu();
        try {
            return work.get();
        } finally {
            long dw = System.nanoTime() - w;
            long dc = Math.max(0, threadCpu() - c);
            wall.addAndGet(Math.max(0, dw - (inner[0] - innerWall)));
            cpu.addAndGet(Math.max(0, dc - (inner[1] - innerCpu)));
            inner[0] = innerWall + dw;
            inner[1] = innerCpu + dc;
        }
    }

    private static long threadCpu() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    /** Moves what the workers counted into the scan's stats (query thread only). */
    void settle() {
        long share = wall.getAndSet(0) / count;
        int consumer = profile.clock().current();
        stats.wallNanos += share;
        if (consumer != OperatorClock.OUTSIDE && consumer != operatorId) {
            OperatorStats own = profile.stats(consumer);
            own.wallNanos = Math.max(0, own.wallNanos - share);
        }
        stats.cpuNanos += cpu.getAndSet(0);
        long b = batches.getAndSet(0);
        if (b > 0) {
            stats.outputBatches = Math.max(0, stats.outputBatches) + b;
        }
        stats.outputRows += rows.getAndSet(0);
        stats.observeLivePeak(livePeak.get());
    }

    /** Counts and times one split's batches on its worker thread. */
    private final class Cursor implements BatchCursor {
        private final BatchCursor batches;
        private final BufferAllocator allocator;

        Cursor(BatchCursor batches, BufferAllocator allocator) {
            this.batches = batches;
            this.allocator = allocator;
        }

        @Override
        public VectorSchemaRoot next() {
            VectorSchemaRoot batch = timed(batches::next);
            if (batch != null) {
                ProfiledSplits.this.batches.incrementAndGet();
                rows.addAndGet(batch.getRowCount());
                livePeak.accumulateAndGet(allocator.getPeakMemoryAllocation(), Math::max);
            }
            return batch;
        }

        @Override
        public void close() {
            try {
                timed(
                        () -> {
                            batches.close();
                            return null;
                        });
            } finally {
                livePeak.accumulateAndGet(allocator.getPeakMemoryAllocation(), Math::max);
                allocator.close();
            }
        }
    }
}
