package io.tally.schema;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.metrics.ScanMetrics;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The runtime side of a Tally table: its columns as an Arrow schema (vector types as listed in
 * {@link BatchCursor}) and the production of record batches holding a subset of them.
 */
public interface ScanData {
    /** Rows per batch that scans aim for; the last batch of a file may be shorter. */
    int BATCH_ROWS = 1 << 13;

    /** Table name, used to name allocators and in messages. */
    String name();

    /** All columns of the table; reading it may parse the file's header or footer. */
    Schema schema();

    /** An estimate of the number of rows (exact where the format records it). */
    double estimatedRowCount();

    /**
     * Opens a cursor over the columns {@code fields} (indexes into {@link #schema()}, in output
     * order). Every buffer it returns is allocated from {@code allocator}, except for a {@link
     * TableCache} scan, whose batches are shared, read-only views of the cache's buffers.
     */
    BatchCursor open(BufferAllocator allocator, int[] fields);

    /**
     * {@code count} disjoint splits over the columns {@code fields} that together produce every row
     * once (see {@link io.tally.batch.SplittableBatchSource}). By default one shared reader parses
     * the batches and each split copies the batch it takes into its own vectors ({@link
     * SharedReaderSplits}); formats with independent parts override this.
     */
    default List<BatchSplit> splits(int[] fields, int count) {
        return SharedReaderSplits.of(this, fields, count);
    }

    /**
     * {@code count} splits whose cursors claim parts (record batches, row groups, byte ranges) from
     * one shared counter, so a busy thread takes fewer parts.
     */
    static List<BatchSplit> claimingSplits(
            int count, BiFunction<BufferAllocator, AtomicInteger, BatchCursor> cursor) {
        AtomicInteger claim = new AtomicInteger();
        List<BatchSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            splits.add(allocator -> cursor.apply(allocator, claim));
        }
        return splits;
    }

    /**
     * The data as a scan with {@code filter} reads it: formats that can tell from their metadata
     * that a part holds no row satisfying the filter (Parquet row groups, files of a glob) skip
     * that part and count what they skip and read in {@code metrics}; the others return {@code
     * this}. The result may still produce rows that fail the filter, which stays applied above the
     * scan.
     */
    default ScanData pruned(ScanFilter filter, ScanMetrics metrics) {
        return this;
    }

    /** Whether {@link #pruned} can skip anything, so that a filter is worth handing to the scan. */
    default boolean prunes() {
        return false;
    }

    /**
     * The exact number of rows when the format records it without reading the data (a Parquet
     * footer), else -1. Lets {@code COUNT(*)} answer without a scan.
     */
    default long exactRowCount() {
        return -1;
    }

    /** The file this data is read from, or {@code null} for generated data (never cached). */
    default Path file() {
        return null;
    }
}
