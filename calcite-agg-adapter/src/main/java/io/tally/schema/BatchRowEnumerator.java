package io.tally.schema;

import io.tally.batch.BatchCursor;
import io.tally.memory.EngineMemory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Walks Arrow batches row by row for Calcite operators. It opens its batch cursor on the first
 * {@link #moveNext} in a child allocator of the engine root that it owns while open, and on close,
 * reset and any failure closes the cursor and then that allocator, so nothing leaks when a consumer
 * stops early or an error interrupts the walk. Subclasses say how to open the batches and read a
 * row (the table scan, the vectorized calc).
 */
public abstract class BatchRowEnumerator implements Enumerator<Object> {
    private final String allocatorName;
    private BufferAllocator allocator;
    private BatchCursor cursor;
    private int row;
    private int rows;
    private Object current;

    /** Rows of batches read through a child allocator named {@code allocatorName}. */
    protected BatchRowEnumerator(String allocatorName) {
        this.allocatorName = allocatorName;
    }

    /** Opens the batches in {@code allocator} (called on the first {@link #moveNext}). */
    protected abstract BatchCursor open(BufferAllocator allocator);

    /** A batch of rows starts: bind what {@link #readRow} reads to its vectors. */
    protected abstract void startBatch(VectorSchemaRoot batch);

    /** Row {@code r} of the current batch as Calcite sees it (the bare value of one column). */
    protected abstract Object readRow(int r);

    /** Whether to end now without an error (a cancelled scan ends, Calcite's convention). */
    protected boolean stopped() {
        return false;
    }

    @Override
    public Object current() {
        return current;
    }

    @Override
    public boolean moveNext() {
        if (stopped()) {
            return false;
        }
        try {
            if (cursor == null) {
                allocator = EngineMemory.newChild(allocatorName);
                cursor = open(allocator);
            }
            while (row >= rows) {
                VectorSchemaRoot batch = cursor.next();
                if (batch == null) {
                    current = null;
                    return false;
                }
                startBatch(batch);
                row = 0;
                rows = batch.getRowCount();
            }
            current = readRow(row++);
            return true;
        } catch (RuntimeException | Error e) {
            close(); // the consumer may never close us after a failure
            throw e;
        }
    }

    @Override
    public void reset() {
        close();
        current = null;
    }

    @Override
    public void close() {
        row = 0;
        rows = 0;
        try {
            if (cursor != null) {
                cursor.close();
            }
        } finally {
            cursor = null;
            if (allocator != null) {
                BufferAllocator a = allocator;
                allocator = null;
                a.close();
            }
        }
    }
}
