package io.tally.datasets;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * A stream of record batches that fills a caller-owned {@link VectorSchemaRoot} batch by batch, so
 * a table of any length is produced with memory bounded by one batch (plus any dictionaries).
 */
public interface BatchGenerator extends AutoCloseable {
    /**
     * Rows per batch: large enough to amortize per-batch costs, small enough to stay in cache-ish
     * memory.
     */
    int BATCH_ROWS = 1 << 16;

    /**
     * Dictionaries referenced by dictionary-encoded fields of the schema (an empty provider if
     * none).
     */
    DictionaryProvider dictionaries();

    /**
     * Fills {@code root} (already allocated, values reset) with the next at most {@link
     * #BATCH_ROWS} rows and sets its row count.
     *
     * @return false, leaving the root untouched, when there are no more rows
     */
    boolean fill(VectorSchemaRoot root);

    /** Releases dictionaries and any other memory the generator holds. */
    @Override
    void close();
}
