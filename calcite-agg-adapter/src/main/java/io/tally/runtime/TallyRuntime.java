package io.tally.runtime;

import io.tally.batch.BatchSource;
import io.tally.batch.SplittableBatchSource;
import io.tally.exec.AggregateConfig;
import io.tally.exec.ParallelAggregator;
import io.tally.memory.ByteSize;
import io.tally.session.QueryContext;
import io.tally.session.TallySettings;
import io.tally.spill.SpillOptions;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Entry points that Tally's generated code calls (see {@link TallyMethod}); each bridges Calcite's
 * {@link DataContext} and row enumerables to the runtime in {@code io.tally.exec}.
 */
public final class TallyRuntime {
    /**
     * Least memory_limit share per thread for a parallel aggregate: below it the partial tables,
     * exchange pieces and final tables of N workers contend for a few blocks' worth of memory, and
     * one table is the better plan (it spills with the whole limit to itself).
     */
    static final long MIN_PARALLEL_BYTES_PER_THREAD = 16L << 20;

    private TallyRuntime() {}

    /**
     * Runs a blocked aggregate over {@code input}: the rows (or, from a Tally scan, batch calc or
     * aggregate, the Arrow batches) are consumed on the first poll; then each block of groups
     * becomes rows, or, for a Tally operator reading this one's output ({@link
     * BlockedAggregateCall#batchOutput()}), goes on as a batch ({@link AggregateBatchSource}).
     * Called through {@link TallyMethod#AGGREGATE}.
     */
    public static Enumerable<Object> aggregate(
            DataContext root, Enumerable<?> input, BlockedAggregateCall call) {
        if (call.batchOutput()) {
            return new AggregateBatchSource(root, input, call);
        }
        return new AbstractEnumerable<Object>() {
            @Override
            public Enumerator<Object> enumerator() {
                return new BlockedAggregateEnumerator(open(root, input, call), call.outputShape());
            }
        };
    }

    /** A new execution of {@code call} over {@code input}, on the threads the settings allow. */
    static AggregateRun open(DataContext root, Enumerable<?> input, BlockedAggregateCall call) {
        QueryContext query = QueryContext.of(root);
        int threads = query.settings().threads();
        return new AggregateRun(
                query,
                input,
                call,
                config(query.settings()),
                threads,
                serialReason(input, call, threads, query.pool().limit()),
                () -> ProfileRuntime.settleSplits(root));
    }

    /** Whether an execution of {@code call} over {@code input} would run on several threads. */
    static boolean parallel(DataContext root, Enumerable<?> input, BlockedAggregateCall call) {
        QueryContext query = QueryContext.of(root);
        int threads = query.settings().threads();
        return threads > 1 && serialReason(input, call, threads, query.pool().limit()).isEmpty();
    }

    /**
     * Why the aggregate runs on one thread although {@code threads > 1}, or empty when it runs on
     * {@code threads} (or when {@code threads} is 1): row inputs (from Calcite operators, or any
     * input under {@code vectorize=false}) are read by one thread; batch inputs must be splittable;
     * DISTINCT calls with value tables stay serial ({@link ParallelAggregator#serialReason}), and
     * so do holistic aggregates such as MODE ({@link ParallelAggregator#preferSerialReason}).
     */
    static String serialReason(
            Enumerable<?> input, BlockedAggregateCall call, int threads, long memoryLimit) {
        if (threads <= 1) {
            return "";
        }
        if (memoryLimit / threads < MIN_PARALLEL_BYTES_PER_THREAD) {
            return "memory_limit "
                    + ByteSize.format(memoryLimit)
                    + " leaves less than "
                    + ByteSize.format(MIN_PARALLEL_BYTES_PER_THREAD)
                    + " per thread";
        }
        if (call.rowInput() || !(input instanceof BatchSource)) {
            return "row input";
        }
        if (!SplittableBatchSource.canSplit(input)) {
            return "input cannot be split";
        }
        String reason = ParallelAggregator.serialReason(call.spec());
        if (reason == null) {
            reason = ParallelAggregator.preferSerialReason(call.spec());
        }
        return reason == null ? "" : reason;
    }

    /** The aggregate's runtime knobs from the connection's settings (block, emit and spill). */
    static AggregateConfig config(TallySettings settings) {
        SpillOptions spill =
                new SpillOptions(
                        settings.spillDir().toString(),
                        settings.spillFormat(),
                        settings.spillCompression(),
                        Long.MAX_VALUE);
        return new AggregateConfig(settings.blockSize(), settings.emit(), spill);
    }
}
