package io.tally.schema;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.batch.ReleasingCursor;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.util.VectorSchemaRootAppender;

/**
 * Splits of a table whose format has no independent parts (CSV: quoted fields may hold line breaks,
 * so a byte offset is not a safe place to start parsing): one reader, opened by the first split
 * that asks, parses batches under a lock, and the split that took a batch copies it into vectors of
 * its own thread's allocator before the reader is released. Parsing is therefore serial while the
 * consumers of the batches run in parallel. The reader and its allocator are closed by the last
 * split to close or to be discarded unopened.
 */
final class SharedReaderSplits {
    private final ScanData data;
    private final int[] fields;
    private int open;
    private BufferAllocator readerAllocator;
    private BatchCursor reader;
    private boolean exhausted;

    private SharedReaderSplits(ScanData data, int[] fields, int count) {
        this.data = data;
        this.fields = fields.clone();
        this.open = count;
    }

    /** {@code count} splits sharing one reader of {@code data}. */
    static List<BatchSplit> of(ScanData data, int[] fields, int count) {
        SharedReaderSplits shared = new SharedReaderSplits(data, fields, count);
        List<BatchSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            splits.add(BatchSplit.of(shared::cursor, shared::release));
        }
        return splits;
    }

    private BatchCursor cursor(BufferAllocator allocator) {
        return new Cursor(allocator);
    }

    /** Takes the next parsed batch and copies it into the split's root; false at the end. */
    private synchronized boolean take(Cursor into) {
        if (exhausted) {
            return false;
        }
        if (reader == null) {
            readerAllocator =
                    into.allocator
                            .getRoot()
                            .newChildAllocator(
                                    "scan:" + data.name() + ".reader", 0, Long.MAX_VALUE);
            reader = data.open(readerAllocator, fields);
        }
        VectorSchemaRoot batch = reader.next();
        if (batch == null) {
            exhausted = true;
            closeReader();
            return false;
        }
        if (into.root == null) {
            into.root = VectorSchemaRoot.create(batch.getSchema(), into.allocator);
        }
        for (FieldVector v : into.root.getFieldVectors()) {
            v.reset();
        }
        into.root.setRowCount(0);
        VectorSchemaRootAppender.append(false, into.root, batch);
        return true;
    }

    private synchronized void release() {
        if (--open == 0) {
            exhausted = true;
            closeReader();
        }
    }

    private void closeReader() {
        try {
            if (reader != null) {
                reader.close();
            }
        } finally {
            reader = null;
            if (readerAllocator != null) {
                readerAllocator.close();
                readerAllocator = null;
            }
        }
    }

    /** One split: its own root, refilled with a copy of each batch it takes. */
    private final class Cursor extends ReleasingCursor {
        private final BufferAllocator allocator;
        private VectorSchemaRoot root;

        Cursor(BufferAllocator allocator) {
            super(SharedReaderSplits.this::release);
            this.allocator = allocator;
        }

        @Override
        public VectorSchemaRoot next() {
            return take(this) ? root : null;
        }

        @Override
        protected void free() {
            if (root != null) {
                root.close();
            }
        }
    }
}
