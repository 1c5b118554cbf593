package io.tally.schema.parquet;

import com.google.common.base.Suppliers;
import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.metrics.ScanMetrics;
import io.tally.schema.ScanData;
import io.tally.schema.ScanFilter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A Parquet file as table data. The footer (schema, row groups, exact row count) is read once, on
 * first use; every scan re-reads the row groups. A parallel scan's splits claim row groups from one
 * shared counter, so a busy thread takes fewer. A scan with a filter ({@link #pruned}) reads only
 * the row groups whose statistics let a row satisfy it ({@link RowGroupFilter}).
 */
public final class ParquetFileData implements ScanData {
    private final String name;
    private final Path file;
    private final Supplier<ParquetFooter> footer;

    /** What a pruned view reads: its filter and where it counts row groups; null for all. */
    private final ScanFilter filter;

    private final ScanMetrics metrics;

    public ParquetFileData(String name, Path file) {
        this(name, file, Suppliers.memoize(() -> ParquetFooter.read(file)), null, null);
    }

    private ParquetFileData(
            String name,
            Path file,
            Supplier<ParquetFooter> footer,
            ScanFilter filter,
            ScanMetrics metrics) {
        this.name = name;
        this.file = file;
        this.footer = footer;
        this.filter = filter;
        this.metrics = metrics;
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
    public long exactRowCount() {
        return footer().rows();
    }

    @Override
    public boolean prunes() {
        return true;
    }

    /** This file read by a scan with {@code filter}, counting row groups into {@code metrics}. */
    @Override
    public ScanData pruned(ScanFilter filter, ScanMetrics metrics) {
        return new ParquetFileData(name, file, footer, filter, metrics);
    }

    /**
     * The row groups this data reads, in file order: those the filter lets through (counting the
     * others as skipped), or all.
     */
    int[] selectedRowGroups() {
        ParquetFooter f = footer();
        int[] kept =
                filter == null || filter.isEmpty()
                        ? IntStream.range(0, f.rowGroups().size()).toArray()
                        : RowGroupFilter.select(f, filter);
        if (metrics != null) {
            metrics.rowGroupsSkipped(f.rowGroups().size() - kept.length);
        }
        return kept;
    }

    @Override
    public BatchCursor open(BufferAllocator allocator, int[] fields) {
        return cursor(allocator, fields, selectedRowGroups(), new AtomicInteger());
    }

    @Override
    public List<BatchSplit> splits(int[] fields, int count) {
        int[] groups = selectedRowGroups();
        return ScanData.claimingSplits(
                count, (allocator, claim) -> cursor(allocator, fields, groups, claim));
    }

    /** A cursor over the row groups {@code groups}, claiming positions in it from {@code claim}. */
    private BatchCursor cursor(
            BufferAllocator allocator, int[] fields, int[] groups, AtomicInteger claim) {
        IntSupplier next =
                () -> {
                    int i = claim.getAndIncrement();
                    if (i >= groups.length) {
                        return -1;
                    }
                    if (metrics != null) {
                        metrics.rowGroupsRead(1);
                    }
                    return groups[i];
                };
        return new ParquetBatchCursor(file, footer(), fields, allocator, next);
    }

    private ParquetFooter footer() {
        return footer.get();
    }
}
