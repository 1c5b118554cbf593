package io.tally.schema;

import com.google.common.base.Suppliers;
import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.memory.EngineMemory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * An Arrow IPC file (random-access "file" format, LZ4/ZSTD buffer compression allowed) as table
 * data. The schema and the exact row count are read once from the footer and the record batch
 * headers (no batch body is read for that); every scan re-reads the batches.
 */
public final class ArrowFileData implements ScanData {
    private final String name;
    private final Path file;
    private final Supplier<Footer> footer;

    /** What the footer tells: the column mappings and the total row count. */
    private record Footer(List<ArrowColumn> columns, Schema schema, long rows) {}

    public ArrowFileData(String name, Path file) {
        this.name = name;
        this.file = file;
        this.footer = Suppliers.memoize(this::readFooter);
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Schema schema() {
        return footer().schema();
    }

    @Override
    public double estimatedRowCount() {
        return footer().rows();
    }

    List<ArrowColumn> columns() {
        return footer().columns();
    }

    @Override
    public BatchCursor open(BufferAllocator allocator, int[] fields) {
        return new ArrowBatchCursor(file, columns(), allocator, fields);
    }

    /** Splits claiming record batches from one shared counter, so busy threads take more. */
    @Override
    public List<BatchSplit> splits(int[] fields, int count) {
        return ScanData.claimingSplits(
                count,
                (allocator, claim) ->
                        new ArrowBatchCursor(file, columns(), allocator, fields, claim));
    }

    private Footer footer() {
        return footer.get();
    }

    private Footer readFooter() {
        try (BufferAllocator allocator = EngineMemory.newChild("footer:" + name);
                ValidatingArrowFileReader reader =
                        ValidatingArrowFileReader.open(file, allocator)) {
            List<Field> fileFields = reader.getVectorSchemaRoot().getSchema().getFields();
            List<ArrowColumn> columns = new ArrayList<>(fileFields.size());
            List<Field> fields = new ArrayList<>(fileFields.size());
            for (int i = 0; i < fileFields.size(); i++) {
                ArrowColumn column = ArrowColumn.of(file, i, fileFields.get(i));
                columns.add(column);
                fields.add(column.field());
            }
            long rows = 0;
            for (long batchRows : reader.batchRowCounts()) {
                rows += batchRows;
            }
            return new Footer(List.copyOf(columns), new Schema(fields), rows);
        } catch (IOException | RuntimeException e) {
            if (e instanceof DataFileException d) {
                throw d;
            }
            throw new DataFileException(
                    file + ": cannot read Arrow IPC file: " + e.getMessage(), e);
        }
    }
}
