package io.tally.batch;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A producer of columnar input that hands out Arrow record batches, so an operator can consume a
 * scan without packing rows.
 *
 * <p>Tally's scans return an {@code Enumerable} that also implements this interface; the aggregate
 * runtime checks for it and reads batches instead of rows. Batches carry plain (not
 * dictionary-encoded) vectors, one per output column, in row order, using the Arrow types listed in
 * {@link BatchCursor}.
 */
public interface BatchSource {
    /** The Arrow schema of every batch this source produces. */
    Schema batchSchema();

    /**
     * Opens a cursor over the data. Every buffer of its batches is allocated from {@code
     * allocator}; the cursor owns them and frees them on {@link BatchCursor#close()}.
     */
    BatchCursor openBatches(BufferAllocator allocator);
}
