package io.tally.schema.parquet;

import com.google.common.base.Suppliers;
import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.schema.ScanData;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A Parquet file as table data. The footer (schema, row groups, exact row count) is read once, on
 * first use; every scan re-reads the row groups. A parallel scan's splits claim row groups from one
 * shared counter, so a busy thread takes fewer.
 */
public final class ParquetFileData implements ScanData {
    private final String name;
    private final Path file;
    private final Supplier<ParquetFooter> footer;

    public ParquetFileData(String name, Path file) {
        this.name = name;
        this.file = file;
        this.footer = Suppliers.memoize(() -> ParquetFooter.read(file));
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public Schema schema() {
        return footer().schema();
    }

    @Override
    public double estimatedRowCount() {
        return footer().rows();
    }

    /** Row groups in the file. */
    public int rowGroups() {
        return footer().rowGroups().size();
    }

    @Override
    public BatchCursor open(BufferAllocator allocator, int[] fields) {
        AtomicInteger next = new AtomicInteger();
        return new ParquetBatchCursor(file, footer(), fields, allocator, next::getAndIncrement);
    }

    @Override
    public List<BatchSplit> splits(int[] fields, int count) {
        return ScanData.claimingSplits(
                count,
                (allocator, claim) ->
                        new ParquetBatchCursor(
                                file, footer(), fields, allocator, claim::getAndIncrement));
    }

    private ParquetFooter footer() {
        return footer.get();
    }
}
