package io.tally.runtime;

import io.tally.batch.DataType;
import io.tally.exec.AggregateConfig;
import io.tally.exec.AggregateSpec;
import io.tally.exec.Aggregator;
import io.tally.exec.BlockedAggregator;
import io.tally.exec.ParallelAggregator;
import io.tally.exec.topk.TopKExpander;
import io.tally.memory.EngineMemory;
import io.tally.metrics.AggregateMetrics;
import io.tally.session.QueryContext;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.linq4j.Enumerable;

/**
 * One execution of a blocked aggregate, whoever reads its output: the {@link Aggregator} (a {@link
 * ParallelAggregator} with {@code threads > 1} and a splittable batch input, see {@link
 * TallyRuntime#serialReason}, else the single-thread {@link BlockedAggregator}) over an {@link
 * AggregateInput}; {@link #build()} consumes the input, then {@link #next()} hands out the output
 * batches (blocks of groups, or for a top-k-per-group call the rows a {@link TopKExpander} makes of
 * each block). Read as rows by {@link BlockedAggregateEnumerator}, as batches by {@link
 * AggregateBatchSource}. Closing releases the aggregator's memory at any point.
 */
final class AggregateRun implements AutoCloseable {
    private final AggregateInput input;
    private final AggregateSpec spec;
    private final Aggregator aggregator;
    private final Runnable afterBuild;
    private final AggregateProgress progress;
    private final BufferAllocator expanderMemory;
    private final TopKExpander expander;
    private VectorSchemaRoot groups;
    private boolean built;
    private boolean closed;

    /**
     * An aggregate of {@code call} on {@code threads} threads ({@code serialReason} empty when that
     * is possible, otherwise why it runs on one); {@code afterBuild} runs on the building thread
     * once the input is consumed (a parallel aggregate's workers have stopped), even if that
     * failed. Reports its metrics to the operator being profiled, if any.
     */
    AggregateRun(
            QueryContext query,
            Enumerable<?> input,
            BlockedAggregateCall call,
            AggregateConfig config,
            int threads,
            String serialReason,
            Runnable afterBuild) {
        this.input = new AggregateInput(input, call);
        this.spec = call.spec();
        this.afterBuild = afterBuild;
        this.aggregator =
                threads > 1 && serialReason.isEmpty()
                        ? new ParallelAggregator(
                                call.spec(),
                                config,
                                threads,
                                EngineMemory.root(),
                                query.pool(),
                                query.cancelFlag()::get,
                                call.operatorName(),
                                query.spill())
                        : new BlockedAggregator(
                                call.spec(),
                                config,
                                EngineMemory.root(),
                                query.pool(),
                                query.cancelFlag()::get,
                                call.operatorName(),
                                query.spill());
        aggregator.metrics().serialReason = serialReason;
        this.progress =
                new AggregateProgress(
                        query.progress(), aggregator::groupCount, aggregator.metrics());
        if (call.topK() != null) {
            this.expanderMemory = EngineMemory.newChild(call.operatorName() + ".rows");
            this.expander =
                    new TopKExpander(
                            call.spec().calls().get(0),
                            call.topK().argTypes(),
                            call.spec().groupKeys().size(),
                            call.topK().sources(),
                            call.topK().outputTypes(),
                            expanderMemory);
        } else {
            this.expanderMemory = null;
            this.expander = null;
        }
        ProfileRuntime.attachAggregate(query, aggregator.metrics());
    }

    /** The column types of the output batches. */
    List<DataType> outputTypes() {
        return expander != null ? expander.outputTypes() : spec.outputTypes();
    }

    /** The aggregator's metrics (for EXPLAIN ANALYZE); complete once the output is exhausted. */
    AggregateMetrics metrics() {
        return aggregator.metrics();
    }

    /** The aggregator running this execution. */
    Aggregator aggregator() {
        return aggregator;
    }

    /** Whether {@link #build()} was called. */
    boolean built() {
        return built;
    }

    /** Consumes the whole input (sink, then finish); the output is ready to drain. */
    void build() {
        built = true;
        try {
            aggregator.sink(input, progress::update);
            aggregator.finish();
        } finally {
            afterBuild.run();
        }
        progress.update();
    }

    /**
     * The next output batch, or null after the last; valid until the next call or {@link #close}.
     */
    VectorSchemaRoot next() {
        if (expander == null) {
            return aggregator.nextBlock();
        }
        while (true) {
            if (groups != null) {
                VectorSchemaRoot rows = expander.next();
                if (rows != null) {
                    return rows;
                }
            }
            groups = aggregator.nextBlock();
            if (groups == null) {
                return null;
            }
            expander.start(groups);
        }
    }

    /** Releases every buffer, reservation and spill file; idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        groups = null;
        try {
            aggregator.close();
        } finally {
            if (expander != null) {
                expander.close();
                expanderMemory.close();
            }
        }
    }
}
