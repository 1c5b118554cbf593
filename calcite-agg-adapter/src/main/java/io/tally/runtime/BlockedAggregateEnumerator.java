package io.tally.runtime;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.AggregateConfig;
import io.tally.exec.Aggregator;
import io.tally.exec.BlockedAggregator;
import io.tally.exec.ParallelAggregator;
import io.tally.exec.topk.TopKExpander;
import io.tally.memory.EngineMemory;
import io.tally.metrics.AggregateMetrics;
import io.tally.session.QueryContext;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.runtime.FlatLists;

/**
 * Rows of one blocked aggregate: the first {@link #moveNext()} consumes the whole input (sink, then
 * finish), later calls walk the current output block and fetch the next block when it is used up.
 * Closing releases the aggregator's memory at any point. With {@code threads > 1} and a splittable
 * batch input (see {@link TallyRuntime#serialReason}) a {@link ParallelAggregator} does the work,
 * else the single-thread {@link BlockedAggregator}; either way it is driven as an {@link
 * Aggregator} over an {@link AggregateInput}. For a top-k-per-group call ({@link
 * BlockedAggregateCall#topK()}) a {@link TopKExpander} turns each block of groups into batches of
 * rows.
 */
final class BlockedAggregateEnumerator implements Enumerator<Object> {
    private final AggregateInput input;
    private final BlockedAggregateCall call;
    private final Aggregator aggregator;
    private final Runnable afterBuild;
    private final AggregateProgress progress;
    private final boolean[] binaryOutput;
    private final BufferAllocator expanderMemory;
    private final TopKExpander expander;
    private VectorSchemaRoot groups;
    private boolean expanderClosed;
    private VectorSchemaRoot block;
    private int row;
    private Object current;
    private boolean hasCurrent;
    private boolean built;
    private boolean done;

    /**
     * An aggregate on {@code threads} threads ({@code serialReason} empty when that is possible,
     * otherwise why it runs on one); {@code afterBuild} runs on this thread once the input is
     * consumed (a parallel aggregate's workers have stopped), even if that failed.
     */
    BlockedAggregateEnumerator(
            QueryContext query,
            Enumerable<?> input,
            BlockedAggregateCall call,
            AggregateConfig config,
            int threads,
            String serialReason,
            Runnable afterBuild) {
        this.input = new AggregateInput(input, call);
        this.call = call;
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
        List<DataType> out = expander != null ? expander.outputTypes() : call.spec().outputTypes();
        this.binaryOutput = new boolean[out.size()];
        for (int i = 0; i < binaryOutput.length; i++) {
            binaryOutput[i] = out.get(i).type() == ColumnType.VARBINARY;
        }
    }

    /** The aggregator's metrics (for EXPLAIN ANALYZE); complete once the rows are exhausted. */
    AggregateMetrics metrics() {
        return aggregator.metrics();
    }

    @Override
    public Object current() {
        if (!hasCurrent) {
            throw new NoSuchElementException();
        }
        return current;
    }

    @Override
    public boolean moveNext() {
        try {
            if (!built) {
                build();
            }
            while (!done) {
                if (block != null && row < block.getRowCount()) {
                    current = shape(BatchRows.row(block, row++));
                    hasCurrent = true;
                    return true;
                }
                block = nextOutput();
                row = 0;
                if (block == null) {
                    done = true;
                }
            }
        } catch (RuntimeException | Error e) {
            close(); // free everything now: the consumer may never close us after a failure
            throw e;
        }
        current = null;
        hasCurrent = false;
        return false;
    }

    /** The next batch of output rows: a block of groups, or a top-k batch expanded from one. */
    private VectorSchemaRoot nextOutput() {
        if (expander == null) {
            return nextGroups();
        }
        while (true) {
            if (groups != null) {
                VectorSchemaRoot rows = expander.next();
                if (rows != null) {
                    return rows;
                }
            }
            groups = nextGroups();
            if (groups == null) {
                return null;
            }
            expander.start(groups);
        }
    }

    private VectorSchemaRoot nextGroups() {
        return aggregator.nextBlock();
    }

    private void build() {
        built = true;
        try {
            aggregator.sink(input, progress::update);
            aggregator.finish();
        } finally {
            afterBuild.run();
        }
        progress.update();
    }

    private Object shape(Object[] values) {
        for (int i = 0; i < values.length; i++) {
            if (binaryOutput[i] && values[i] != null) {
                values[i] = new ByteString((byte[]) values[i]);
            }
        }
        switch (call.outputShape()) {
            case SCALAR:
                return values[0];
            case LIST:
                return FlatLists.of(values);
            default:
                return values;
        }
    }

    @Override
    public void reset() {
        throw new UnsupportedOperationException("an aggregate's rows can be read once");
    }

    @Override
    public void close() {
        block = null;
        groups = null;
        done = true;
        aggregator.close();
        if (expander != null && !expanderClosed) {
            expanderClosed = true;
            expander.close();
            expanderMemory.close();
        }
    }
}
