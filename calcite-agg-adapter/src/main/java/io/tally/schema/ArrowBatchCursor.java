package io.tally.schema;

import io.tally.batch.BatchCursor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.message.ArrowBlock;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads an Arrow IPC file batch by batch and hands out the projected columns in Tally's vector
 * types: columns already in those types are transferred (no copy), others converted by {@link
 * ArrowConversions}. Batches with no rows are skipped. A cursor reads either every record batch in
 * file order or, for a parallel scan, the batches whose indexes it claims from a counter shared by
 * all the scan's cursors (each index is claimed by exactly one cursor).
 */
final class ArrowBatchCursor implements BatchCursor {
    private final Path file;
    private final ArrowColumn[] columns;
    private final int[] fields;
    private final ValidatingArrowFileReader reader;
    private final VectorSchemaRoot out;
    private final AtomicInteger claim;

    ArrowBatchCursor(Path file, List<ArrowColumn> all, BufferAllocator allocator, int[] fields) {
        this(file, all, allocator, fields, null);
    }

    /** A cursor reading the record batches it claims from {@code claim} (all of them if null). */
    ArrowBatchCursor(
            Path file,
            List<ArrowColumn> all,
            BufferAllocator allocator,
            int[] fields,
            AtomicInteger claim) {
        this.claim = claim;
        this.file = file;
        this.fields = fields.clone();
        this.columns = new ArrowColumn[fields.length];
        List<Field> projected = new ArrayList<>(fields.length);
        for (int i = 0; i < fields.length; i++) {
            columns[i] = all.get(fields[i]);
            projected.add(columns[i].field());
        }
        this.reader = ValidatingArrowFileReader.open(file, allocator);
        this.out = VectorSchemaRoot.create(new Schema(projected), allocator);
    }

    @Override
    public VectorSchemaRoot next() {
        try {
            while (loadNext()) {
                VectorSchemaRoot in = reader.getVectorSchemaRoot();
                int rows = in.getRowCount();
                if (rows == 0) {
                    continue;
                }
                for (int i = 0; i < columns.length; i++) {
                    ArrowConversions.convert(
                            columns[i], in.getVector(fields[i]), out.getVector(i), reader, rows);
                }
                out.setRowCount(rows);
                return out;
            }
            return null;
        } catch (DataFileException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new DataFileException(file + ": cannot read Arrow batch: " + e.getMessage(), e);
        }
    }

    private boolean loadNext() throws IOException {
        if (claim == null) {
            return reader.loadNextBatch();
        }
        List<ArrowBlock> blocks = reader.getRecordBlocks();
        int index = claim.getAndIncrement();
        return index < blocks.size() && reader.loadRecordBatch(blocks.get(index));
    }

    @Override
    public void close() {
        try (reader;
                out) {
            // closes the output vectors, the reader's vectors and dictionaries, and the file
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
