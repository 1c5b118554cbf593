package io.tally.exec;

import io.tally.batch.BatchSource;
import io.tally.metrics.AggregateMetrics;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One GROUP BY's mutable life, whatever strategy runs it: {@link #sink} the whole input, {@link
 * #finish}, then {@link #nextBlock} until {@code null}, and {@link #close} at any point.
 * Implemented by the single-threaded {@link BlockedAggregator} and the multi-threaded {@link
 * ParallelAggregator} (one small interface, separate strategies, as Trino's {@code
 * HashAggregationBuilder}). The query's thread alone calls these methods.
 */
public interface Aggregator extends AutoCloseable {
    /**
     * Consumes every batch of {@code input} (columns as in {@link AggregateSpec#inputTypes()}),
     * running {@code afterEachBatch} after each one on the thread that sank it, so it must be
     * thread-safe. A parallel aggregator reads the input's splits on its worker threads.
     */
    void sink(BatchSource input, Runnable afterEachBatch);

    /** Ends the input: the groups are ready to drain. */
    void finish();

    /**
     * The next output batch (one block of groups, or every group with {@code emit=all}), or {@code
     * null} when all have been returned; valid until the next call or {@link #close()}.
     */
    VectorSchemaRoot nextBlock();

    /**
     * What the aggregator did (for EXPLAIN ANALYZE); complete once {@link #nextBlock} returned
     * null.
     */
    AggregateMetrics metrics();

    /** Groups built so far: a progress counter, callable from any thread before close. */
    long groupCount();

    /** Releases every buffer, reservation and spill file; safe in any phase, idempotent. */
    @Override
    void close();
}
