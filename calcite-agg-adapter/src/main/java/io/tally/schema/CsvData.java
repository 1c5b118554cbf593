package io.tally.schema;

import com.google.common.base.Suppliers;
import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A CSV (or gzip-compressed CSV) file as table data. The file is sniffed once, on first use ({@link
 * CsvSniffer}: dialect, header, types); every scan re-reads it. A parallel scan of an uncompressed
 * file parses byte ranges ({@link CsvRanges}, computed once) claimed from a shared counter; a gzip
 * file is parsed by one shared reader ({@link SharedReaderSplits}).
 */
public final class CsvData implements ScanData {
    /**
     * Assumed ratio of uncompressed to compressed size of a {@code .csv.gz} file, used only for the
     * planner's row-count estimate; typical CSV compresses 3-6x.
     */
    static final double GZIP_EXPANSION_GUESS = 4.0;

    private final String name;
    private final Path file;
    private final CsvOptions options;
    private final Supplier<CsvFormat> format;
    private final Supplier<CsvRanges> ranges;

    public CsvData(String name, Path file) {
        this(name, file, CsvOptions.AUTO);
    }

    public CsvData(String name, Path file, CsvOptions options) {
        this.name = name;
        this.file = file;
        this.options = options;
        this.format = Suppliers.memoize(() -> CsvSniffer.sniff(file, options));
        this.ranges = Suppliers.memoize(() -> CsvRanges.of(file, format().dialect()));
    }

    @Override
    public Path file() {
        return file;
    }

    @Override
    public String name() {
        return name;
    }

    /** The file's dialect and columns, sniffed on first call. */
    CsvFormat format() {
        return format.get();
    }

    @Override
    public Schema schema() {
        return format().arrowSchema();
    }

    @Override
    public double estimatedRowCount() {
        CsvFormat f = format();
        if (f.wholeFile()) {
            return f.sampledRows();
        }
        try {
            double bytes = Files.size(file) * (CsvFiles.isGzip(file) ? GZIP_EXPANSION_GUESS : 1.0);
            double bytesPerRow =
                    Math.max(1.0, (double) f.sampledBytes() / Math.max(1, f.sampledRows()));
            return Math.max(f.sampledRows(), bytes / bytesPerRow);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public BatchCursor open(BufferAllocator allocator, int[] fields) {
        CsvFormat f = format();
        return new CsvScanCursor(file, f, allocator, fields, CsvScanCursor.wholeFile(file, f));
    }

    /** Splits parsing byte ranges in parallel where the file allows, else one shared reader. */
    @Override
    public List<BatchSplit> splits(int[] fields, int count) {
        CsvFormat f = format();
        if (!CsvRanges.splittable(file, f.dialect())) {
            return SharedReaderSplits.of(this, fields, count);
        }
        CsvRanges r = ranges.get();
        return ScanData.claimingSplits(
                count,
                (allocator, claim) ->
                        new CsvScanCursor(
                                file,
                                f,
                                allocator,
                                fields,
                                () -> {
                                    int k = claim.getAndIncrement();
                                    if (k >= r.count()) {
                                        return null;
                                    }
                                    CsvSource s =
                                            CsvSource.open(
                                                    file,
                                                    f.dialect(),
                                                    r.start(k),
                                                    r.end(k),
                                                    CsvSource.BUFFER_BYTES);
                                    if (k == 0 && f.dialect().header()) {
                                        s.next();
                                    }
                                    return s;
                                }));
    }
}
