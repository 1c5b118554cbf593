package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.batch.SplittableBatchSource;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * A blocked aggregate whose output a Tally operator above it (an aggregate, a batch calc) reads as
 * Arrow batches: each emitted block of groups goes on as it is, with no rows in between. Calcite
 * operators still read it as rows ({@link #enumerator()}).
 *
 * <p>Read through {@link #openBatches}, one thread builds the groups on the first {@code next} and
 * drains them block by block. When the aggregate runs on several threads, the reader may instead
 * ask for {@link #splits}: the groups are built there and then, and split {@code i} drains its
 * share of the final tables on the reader's own thread ({@link DrainSplits}), so an aggregate above
 * drains and aggregates in parallel.
 *
 * <p>Memory: the batches are the aggregator's own (its operator allocator, counted in the query's
 * pool), not the reader's allocator's; each is freed when the next is asked for.
 */
final class AggregateBatchSource extends AbstractEnumerable<Object>
        implements SplittableBatchSource {
    private final DataContext root;
    private final Enumerable<?> input;
    private final BlockedAggregateCall call;

    AggregateBatchSource(DataContext root, Enumerable<?> input, BlockedAggregateCall call) {
        this.root = root;
        this.input = input;
        this.call = call;
    }

    @Override
    public Enumerator<Object> enumerator() {
        return new BlockedAggregateEnumerator(
                TallyRuntime.open(root, input, call), call.outputShape());
    }

    @Override
    public Schema batchSchema() {
        return call.spec().outputSchema();
    }

    @Override
    public BatchCursor openBatches(BufferAllocator allocator) {
        return new RunCursor(TallyRuntime.open(root, input, call));
    }

    /** Splittable when the aggregate itself runs on several threads (its final tables drain). */
    @Override
    public boolean splittable() {
        return call.topK() == null && TallyRuntime.parallel(root, input, call);
    }

    /** Builds the groups now, then hands out {@code count} parts of the drain. */
    @Override
    public List<BatchSplit> splits(int count) {
        AggregateRun run = TallyRuntime.open(root, input, call);
        try {
            run.build();
            return DrainSplits.of(run, count);
        } catch (RuntimeException | Error e) {
            run.close();
            throw e;
        }
    }

    /** All of one execution's batches on one thread: built on the first call. */
    private static final class RunCursor implements BatchCursor {
        private final AggregateRun run;

        RunCursor(AggregateRun run) {
            this.run = run;
        }

        @Override
        public VectorSchemaRoot next() {
            try {
                if (!run.built()) {
                    run.build();
                }
                return run.next();
            } catch (RuntimeException | Error e) {
                run.close(); // free everything now, as the row enumerator does
                throw e;
            }
        }

        @Override
        public void close() {
            run.close();
        }
    }
}
