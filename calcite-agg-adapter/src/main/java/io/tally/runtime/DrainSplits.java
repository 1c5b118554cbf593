package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.batch.ReleasingCursor;
import io.tally.exec.Aggregator;
import io.tally.exec.ParallelAggregator;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The drain of one built aggregate execution in {@code count} parts, one per reading thread: of a
 * {@link ParallelAggregator}, part {@code i} emits final tables {@code i, i + count, …} on the
 * thread that opened it ({@link ParallelAggregator#drainPart}); of a single-thread aggregate, part
 * 0 is the whole drain and the others are empty. The execution is closed once every part has been
 * closed or discarded unopened.
 */
final class DrainSplits {
    private final AggregateRun run;
    private int openParts;

    private DrainSplits(AggregateRun run, int count) {
        this.run = run;
        this.openParts = count;
    }

    /** {@code count} parts of {@code run}'s drain; {@code run} must be built. */
    static List<BatchSplit> of(AggregateRun run, int count) {
        DrainSplits shared = new DrainSplits(run, count);
        List<BatchSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int part = i;
            splits.add(
                    BatchSplit.of(
                            allocator -> shared.open(part, count),
                            shared::release,
                            shared.rowsAtMost(part)));
        }
        return splits;
    }

    /**
     * The most rows part {@code part} emits: every group for a part of a parallel aggregate (its
     * final tables hold some of them), all of them in part 0 of a single-thread one, else none;
     * unknown once the aggregate spilled (groups on disk are not in its count).
     */
    private long rowsAtMost(int part) {
        Aggregator aggregator = run.aggregator();
        if (aggregator.metrics().spillCount > 0) {
            return BatchSplit.UNKNOWN_ROWS;
        }
        return aggregator instanceof ParallelAggregator || part == 0 ? aggregator.groupCount() : 0;
    }

    /** Part {@code part}'s cursor; its share is released if it cannot be made. */
    private BatchCursor open(int part, int count) {
        try {
            return new Part(cursor(part, count));
        } catch (RuntimeException | Error e) {
            release();
            throw e;
        }
    }

    private BatchCursor cursor(int part, int count) {
        if (run.aggregator() instanceof ParallelAggregator parallel) {
            return parallel.drainPart(part, count);
        }
        if (part > 0) {
            return new BatchCursor() {
                @Override
                public VectorSchemaRoot next() {
                    return null;
                }

                @Override
                public void close() {}
            };
        }
        return new BatchCursor() {
            @Override
            public VectorSchemaRoot next() {
                return run.next();
            }

            @Override
            public void close() {}
        };
    }

    /** One part is done: the last closes the execution. */
    private synchronized void release() {
        if (--openParts == 0) {
            run.close();
        }
    }

    /** A part's cursor, releasing its share of the execution when closed. */
    private final class Part extends ReleasingCursor {
        private final BatchCursor batches;

        Part(BatchCursor batches) {
            super(DrainSplits.this::release);
            this.batches = batches;
        }

        @Override
        public VectorSchemaRoot next() {
            return batches.next();
        }

        @Override
        protected void free() {
            batches.close();
        }
    }
}
