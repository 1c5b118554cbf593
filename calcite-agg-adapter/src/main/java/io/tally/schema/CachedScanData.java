package io.tally.schema;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.batch.CodedBatch;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A file table scanned through the {@link TableCache}: the first scan loads the file's batches into
 * the cache, every scan then walks the cached batches as projected, read-only views, with their
 * dictionary codes where the cache made some (the allocator passed to {@link #open} stays unused:
 * no buffer is allocated per scan).
 */
final class CachedScanData implements ScanData {
    private final ScanData data;
    private final TableCache cache;

    CachedScanData(ScanData data, TableCache cache) {
        this.data = data;
        this.cache = cache;
    }

    @Override
    public String name() {
        return data.name();
    }

    @Override
    public Schema schema() {
        return data.schema();
    }

    @Override
    public double estimatedRowCount() {
        return data.estimatedRowCount();
    }

    @Override
    public Path file() {
        return data.file();
    }

    @Override
    public BatchCursor open(BufferAllocator allocator, int[] fields) {
        return open(fields, new AtomicInteger());
    }

    /**
     * Splits that claim cached batches from one shared counter (busy threads take more); each hands
     * out views like {@link #open}, so no batch is copied.
     */
    @Override
    public List<BatchSplit> splits(int[] fields, int count) {
        AtomicInteger claim = new AtomicInteger();
        List<BatchSplit> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            splits.add(allocator -> open(fields, claim));
        }
        return splits;
    }

    private BatchCursor open(int[] fields, AtomicInteger claim) {
        CachedTable entry = cache.acquire(data);
        if (!entry.schema().equals(data.schema())) {
            entry.release();
            throw new DataFileException(
                    data.file()
                            + ": the file changed while the query was planned; "
                            + "run the query again");
        }
        return new Cursor(entry, fields.clone(), claim);
    }

    /** Hands out projected views of the cached batches; closing it releases the entry. */
    private static final class Cursor implements BatchCursor {
        private final CachedTable entry;
        private final int[] fields;
        private final List<VectorSchemaRoot> batches;
        private final List<Field> projected;

        /** Index of the next unclaimed batch, shared by the cursors of one scan's splits. */
        private final AtomicInteger claim;

        private boolean closed;

        Cursor(CachedTable entry, int[] fields, AtomicInteger claim) {
            this.entry = entry;
            this.claim = claim;
            this.fields = fields;
            this.batches = entry.batches();
            List<Field> all = entry.schema().getFields();
            this.projected = new ArrayList<>(fields.length);
            for (int f : fields) {
                projected.add(all.get(f));
            }
        }

        @Override
        public VectorSchemaRoot next() {
            int next = closed ? batches.size() : claim.getAndIncrement();
            if (next >= batches.size()) {
                return null;
            }
            return CodedBatch.project(batches.get(next), fields, projected);
        }

        @Override
        public void close() {
            if (!closed) {
                closed = true;
                entry.release();
            }
        }
    }
}
