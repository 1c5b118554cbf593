package io.tally.bench.drain;

import io.tally.exec.AggregateConfig;
import io.tally.exec.AggregateConfig.EmitMode;
import io.tally.exec.BlockedAggregator;
import io.tally.memory.MemoryPool;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Runs one drain measurement through the runtime API (no SQL): sink every input batch into a {@link
 * BlockedAggregator}, {@code finish()}, then poll {@code nextBlock()} to the end while a {@link
 * MemorySampler} watches the operator's pool and allocator. The consumer only counts rows and adds
 * up the SUM(v) column, so the gaps measured are the operator's.
 */
final class DrainRun {
    /** The pool limit of a run: effectively unbounded (spilling is not measured here). */
    private static final long UNBOUNDED = Long.MAX_VALUE / 4;

    private DrainRun() {}

    static DrainResult run(
            DrainInput input,
            DrainAgg agg,
            EmitMode emit,
            BufferAllocator parent,
            OutputCheck check) {
        MemoryPool pool = new MemoryPool(UNBOUNDED);
        AggregateConfig config = new AggregateConfig(AggregateConfig.DEFAULT_BLOCK_SIZE, emit);
        try (BufferAllocator scope = parent.newChildAllocator("drain-run", 0, Long.MAX_VALUE);
                BlockedAggregator aggregator =
                        new BlockedAggregator(
                                agg.spec(input.kind()),
                                config,
                                scope,
                                pool,
                                () -> false,
                                "BlockedAggregate[drain " + input.kind().cliName() + "]")) {
            GcClock gc = new GcClock();
            GcClock.Reading gcBefore = null;
            MemorySampler sampler = new MemorySampler(pool, scope);
            Timeline t = new Timeline(sampler.start());
            try {
                input.forEachBatch(aggregator::sink);
                gcBefore = gc.read();
                t.finish = System.nanoTime();
                t.cpuLast = Timeline.threadCpu();
                aggregator.finish();
                VectorSchemaRoot out;
                while ((out = aggregator.nextBlock()) != null) {
                    long now = System.nanoTime();
                    t.batch(now, out.getRowCount(), input.groups(), aggregator);
                    check.accept(out);
                }
            } finally {
                sampler.close();
            }
            GcClock.Reading gcDrain = gc.read().minus(gcBefore);
            MemoryTrace trace = sampler.trace();
            long peakPool = Math.max(trace.peakPool(), aggregator.metrics().poolPeak);
            long peakLive = Math.max(trace.peakLive(), scope.getPeakMemoryAllocation());
            return new DrainResult(
                    input.groups(),
                    input.kind(),
                    agg,
                    emit,
                    t.finish - t.start,
                    t.last - t.finish,
                    t.first - t.finish,
                    t.maxGap,
                    peakPool,
                    peakLive,
                    t.poolFirst,
                    t.liveFirst,
                    t.poolHalf,
                    t.liveHalf,
                    t.rows,
                    t.batches,
                    t.finish - t.start,
                    gcDrain,
                    t.maxGapCpu,
                    trace);
        }
    }

    /**
     * Timestamps and memory marks collected on the operator's thread; also the thread's CPU time
     * per poll, which (unlike the wall-clock gap) does not count time the OS ran other processes.
     */
    private static final class Timeline {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        final long start;
        long cpuLast;
        long maxGapCpu;
        long finish;
        long first = -1;
        long last;
        long maxGap;
        long rows;
        long batches;
        long poolFirst = -1;
        long liveFirst = -1;
        long poolHalf = -1;
        long liveHalf = -1;

        Timeline(long start) {
            this.start = start;
        }

        static long threadCpu() {
            return THREADS.getCurrentThreadCpuTime();
        }

        void batch(long now, int batchRows, long groups, BlockedAggregator aggregator) {
            maxGap = Math.max(maxGap, now - (batches == 0 ? finish : last));
            long cpu = threadCpu();
            maxGapCpu = Math.max(maxGapCpu, cpu - cpuLast);
            cpuLast = cpu;
            last = now;
            rows += batchRows;
            batches++;
            if (first < 0) {
                first = now;
                poolFirst = aggregator.poolBytes();
                liveFirst = aggregator.liveBytes();
            }
            if (poolHalf < 0 && rows * 2 >= groups) {
                poolHalf = aggregator.poolBytes();
                liveHalf = aggregator.liveBytes();
            }
        }
    }
}
