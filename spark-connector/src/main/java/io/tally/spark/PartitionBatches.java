package io.tally.spark;

import io.tally.batch.BatchCursor;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * What both readers share: Spark asks for the next batch, the reader produces a Tally batch (its
 * memory valid until the next call) and it is handed on as a Spark batch over the same vectors.
 */
abstract class PartitionBatches implements PartitionReader<ColumnarBatch> {
    final ReadPlan plan;
    final TaskInput input;
    private final TallyInputPartition partition;
    private ColumnarBatch current;

    PartitionBatches(ReadPlan plan, TallyInputPartition partition) {
        this.plan = plan;
        this.partition = partition;
        this.input = new TaskInput(partition);
    }

    /** The partition's batches after the plan's pushed filter and projection. */
    final BatchCursor openInput() {
        return input.open(plan, partition);
    }

    /** The next Tally batch, or null at the end. */
    abstract VectorSchemaRoot nextRoot();

    /** How many leading columns of {@code root} Spark reads. */
    abstract int columns(VectorSchemaRoot root);

    /** Frees the reader's batches, memory and files. */
    abstract void release();

    @Override
    public final boolean next() {
        VectorSchemaRoot root = nextRoot();
        current = root == null ? null : TaskInput.wrap(root, columns(root));
        return current != null;
    }

    @Override
    public final ColumnarBatch get() {
        return current;
    }

    @Override
    public final void close() {
        current = null;
        release();
    }
}
