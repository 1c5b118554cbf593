package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSource;
import io.tally.batch.BatchSplit;
import io.tally.batch.SplittableBatchSource;
import io.tally.metrics.QueryProfile;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.linq4j.Enumerable;

/**
 * A profiled operator that also hands out Arrow batches (a Tally scan): read as rows it is a {@link
 * ProfiledEnumerable}; read as batches, each batch and its rows are counted, the time of every
 * {@code next} is charged to the operator, and its batches are allocated from a child of the
 * consumer's allocator so the operator's peak live memory is known. Scans reserve nothing from the
 * pool, so their pool peak is 0. Its splits, read by worker threads, are counted by {@link
 * ProfiledSplits}.
 */
final class ProfiledBatchSource<T> extends ProfiledEnumerable<T> implements SplittableBatchSource {
    private final BatchSource source;

    private final QueryProfile profile;

    ProfiledBatchSource(
            Enumerable<?> input, QueryProfile profile, int operatorId, boolean timeCurrent) {
        super(input, profile, operatorId, timeCurrent);
        this.source = (BatchSource) input;
        this.profile = profile;
    }

    @Override
    public boolean splittable() {
        return SplittableBatchSource.canSplit(source);
    }

    @Override
    public List<BatchSplit> splits(int count) {
        int previous = clock.enter(operatorId);
        try {
            stats.opens++;
            stats.observePoolPeak(0);
            // the source's own splits first: making them may settle the splits of the operators
            // below (an aggregate builds its groups there), which must not settle these
            List<BatchSplit> splits = ((SplittableBatchSource) source).splits(count);
            ProfiledSplits counted = new ProfiledSplits(profile, operatorId, count);
            ProfileRuntime.unsettled(profile, counted);
            return counted.wrap(splits);
        } finally {
            clock.exit(previous);
        }
    }

    @Override
    public Schema batchSchema() {
        return source.batchSchema();
    }

    @Override
    public BatchCursor openBatches(BufferAllocator allocator) {
        int previous = clock.enter(operatorId);
        try {
            stats.opens++;
            stats.observePoolPeak(0);
            BufferAllocator own =
                    allocator.newChildAllocator(
                            "profile:" + operatorId + ":" + allocator.getName(), 0, Long.MAX_VALUE);
            try {
                return new Cursor(source.openBatches(own), own);
            } catch (RuntimeException | Error e) {
                own.close();
                throw e;
            }
        } finally {
            clock.exit(previous);
        }
    }

    /** Counts and times one opened cursor's batches. */
    private final class Cursor implements BatchCursor {
        private final BatchCursor batches;
        private final BufferAllocator allocator;

        Cursor(BatchCursor batches, BufferAllocator allocator) {
            this.batches = batches;
            this.allocator = allocator;
        }

        @Override
        public VectorSchemaRoot next() {
            int previous = clock.enter(operatorId);
            try {
                VectorSchemaRoot batch = batches.next();
                if (batch != null) {
                    stats.addBatch(batch.getRowCount());
                    stats.observeLivePeak(allocator.getPeakMemoryAllocation());
                }
                return batch;
            } finally {
                clock.exit(previous);
            }
        }

        @Override
        public void close() {
            int previous = clock.enter(operatorId);
            try {
                batches.close();
            } finally {
                stats.observeLivePeak(allocator.getPeakMemoryAllocation());
                allocator.close();
                clock.exit(previous);
            }
        }
    }
}
