package io.tally.schema;

import io.tally.batch.BatchCursor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A CSV (or gzip-compressed CSV) file as table data. The header and the type-inference sample are
 * read once, on first use; every scan re-reads the file.
 */
public final class CsvData implements ScanData {
  /**
   * Assumed ratio of uncompressed to compressed size of a {@code .csv.gz} file, used only for the
   * planner's row-count estimate; typical CSV compresses 3-6x.
   */
  static final double GZIP_EXPANSION_GUESS = 4.0;

  private final String name;
  private final Path file;
  private volatile CsvLayout layout;

  public CsvData(String name, Path file) {
    this.name = name;
    this.file = file;
  }

  @Override
  public Path file() {
    return file;
  }

  @Override
  public String name() {
    return name;
  }

  /** The file's columns, header and sample parsed on first call. */
  CsvLayout layout() {
    CsvLayout result = layout;
    if (result == null) {
      synchronized (this) {
        result = layout;
        if (result == null) {
          result = CsvInference.infer(file);
          layout = result;
        }
      }
    }
    return result;
  }

  @Override
  public Schema schema() {
    return layout().arrowSchema();
  }

  @Override
  public double estimatedRowCount() {
    CsvLayout l = layout();
    if (l.wholeFile()) {
      return l.sampledRows();
    }
    try {
      double chars = Files.size(file) * (CsvFiles.isGzip(file) ? GZIP_EXPANSION_GUESS : 1.0);
      double charsPerRow = Math.max(1.0, (double) l.sampledChars() / Math.max(1, l.sampledRows()));
      return Math.max(l.sampledRows(), chars / charsPerRow);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public BatchCursor open(BufferAllocator allocator, int[] fields) {
    return new CsvBatchCursor(file, layout(), allocator, fields);
  }
}
