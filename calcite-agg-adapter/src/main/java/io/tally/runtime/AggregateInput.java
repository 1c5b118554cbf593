package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSource;
import io.tally.batch.BatchSplit;
import io.tally.batch.DataType;
import io.tally.batch.ProjectedCursor;
import io.tally.batch.SplittableBatchSource;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.linq4j.Enumerable;

/**
 * An aggregate's input as its {@link io.tally.exec.Aggregator} reads it: the columns the aggregate
 * uses ({@link BlockedAggregateCall#inputColumns()}), either as views of the batches of a Tally
 * scan or batch calc (split for parallel readers when that source splits), or, for Calcite
 * operators' rows and any input planned with {@code vectorize=false}, as rows packed into batches
 * ({@link PackedRows}).
 */
final class AggregateInput implements SplittableBatchSource {
    private final Enumerable<?> input;
    private final BlockedAggregateCall call;

    AggregateInput(Enumerable<?> input, BlockedAggregateCall call) {
        this.input = input;
        this.call = call;
    }

    /** Whether the input is read as batches rather than rows. */
    private boolean batches() {
        return !call.rowInput() && input instanceof BatchSource;
    }

    @Override
    public Schema batchSchema() {
        List<DataType> types = call.spec().inputTypes();
        List<Field> fields = new ArrayList<>(types.size());
        for (int i = 0; i < types.size(); i++) {
            fields.add(types.get(i).toField("$" + call.inputColumns()[i]));
        }
        return new Schema(fields);
    }

    @Override
    public BatchCursor openBatches(BufferAllocator allocator) {
        if (batches()) {
            return new ProjectedCursor(
                    ((BatchSource) input).openBatches(allocator), call.inputColumns());
        }
        return new PackedRows(
                input, call.inputColumns(), call.inputShape(), call.spec().inputTypes(), allocator);
    }

    /** Splittable when its batches come from a source that is (see {@link TallyRuntime}). */
    @Override
    public boolean splittable() {
        return batches() && SplittableBatchSource.canSplit(input);
    }

    @Override
    public List<BatchSplit> splits(int count) {
        if (!batches()) {
            throw new IllegalStateException(
                    call.operatorName() + " reads its input as rows, on one" + " thread");
        }
        int[] columns = call.inputColumns();
        return BatchSplit.wrapAll(
                SplittableBatchSource.splitsOf(input, count, call.operatorName()),
                (cursor, allocator) -> new ProjectedCursor(cursor, columns));
    }
}
