package io.tally.spark;

import io.tally.batch.BatchCursor;
import io.tally.batch.DataType;
import io.tally.memory.EngineMemory;
import io.tally.schema.DataFileException;
import io.tally.schema.ScanData;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * A task's input and memory: a named allocator under Tally's root (closed last, failing on any byte
 * still held), the partition's file checked against the table's schema, and its batches (after the
 * plan's calc) as a cursor. Also wraps Tally batches as Spark {@link ColumnarBatch}es.
 */
final class TaskInput implements AutoCloseable {
    private final BufferAllocator allocator;
    private final String name;
    private BatchCursor cursor;
    private long rowsRead;

    TaskInput(TallyInputPartition partition) {
        TaskContext task = TaskContext.get();
        this.name =
                "tally-spark"
                        + (task == null ? "" : " task " + task.taskAttemptId())
                        + ": "
                        + partition.describe();
        this.allocator = EngineMemory.newChild(name);
    }

    String name() {
        return name;
    }

    BufferAllocator allocator() {
        return allocator;
    }

    /**
     * Opens the partition's batches as {@code plan} reads them: its slices one after the other,
     * each file checked against the table's columns when it is opened, then the plan's calc.
     */
    BatchCursor open(ReadPlan plan, TallyInputPartition partition) {
        cursor = plan.withCalc(new SliceCursor(plan, partition.slices()), allocator);
        return cursor;
    }

    /** The slices' batches in order; counts the rows read. */
    private final class SliceCursor implements BatchCursor {
        private final ReadPlan plan;
        private final List<TallyInputPartition.Slice> slices;
        private int next;
        private BatchCursor current;

        SliceCursor(ReadPlan plan, List<TallyInputPartition.Slice> slices) {
            this.plan = plan;
            this.slices = slices;
        }

        @Override
        public VectorSchemaRoot next() {
            while (true) {
                if (current == null) {
                    if (next == slices.size()) {
                        return null;
                    }
                    current = openSlice(plan, slices.get(next++));
                }
                VectorSchemaRoot batch = current.next();
                if (batch != null) {
                    rowsRead += batch.getRowCount();
                    return batch;
                }
                current.close();
                current = null;
            }
        }

        @Override
        public void close() {
            if (current != null) {
                current.close();
                current = null;
            }
        }
    }

    private BatchCursor openSlice(ReadPlan plan, TallyInputPartition.Slice slice) {
        ScanData data = slice.file().open();
        StructType fileSchema = SparkTypes.sparkSchema(data.schema());
        if (!fileSchema.equals(plan.table())) {
            throw new DataFileException(
                    slice.file().path()
                            + ": its columns "
                            + fileSchema.simpleString()
                            + " differ from the table's "
                            + plan.table().simpleString()
                            + " (read from the first file); every file of one load must have the same columns");
        }
        return data.open(allocator, plan.read());
    }

    /** Rows read from the file so far (before the pushed filter). */
    long rowsRead() {
        return rowsRead;
    }

    /** Is the task killed (the aggregate polls this once per batch)? */
    static boolean cancelled() {
        TaskContext task = TaskContext.get();
        return task != null && task.isInterrupted();
    }

    /** The first {@code columns} vectors of {@code root} as a Spark batch (no copy). */
    static ColumnarBatch wrap(VectorSchemaRoot root, int columns) {
        List<ColumnVector> vectors = new ArrayList<>(columns);
        for (int i = 0; i < columns; i++) {
            FieldVector v = root.getVector(i);
            Field f = v.getField();
            DataType type = SparkTypes.tallyType(f);
            vectors.add(new TallyColumnVector(v, type));
        }
        return new ColumnarBatch(vectors.toArray(new ColumnVector[0]), root.getRowCount());
    }

    @Override
    public void close() {
        try {
            if (cursor != null) {
                cursor.close();
            }
        } finally {
            allocator.close();
        }
    }
}
