package io.tally.schema.parquet;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.schema.ScanData;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A Parquet file as table data. The footer (schema, row groups, exact row count) is read once, on
 * first use; every scan re-reads the row groups. A parallel scan's splits claim row groups from
 * one shared counter, so a busy thread takes fewer.
 */
public final class ParquetFileData implements ScanData {
  private final String name;
  private final Path file;
  private volatile ParquetFooter footer;

  public ParquetFileData(String name, Path file) {
    this.name = name;
    this.file = file;
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
    AtomicInteger claim = new AtomicInteger();
    List<BatchSplit> splits = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      splits.add(allocator -> new ParquetBatchCursor(file, footer(), fields, allocator,
          claim::getAndIncrement));
    }
    return splits;
  }

  private ParquetFooter footer() {
    ParquetFooter result = footer;
    if (result == null) {
      synchronized (this) {
        result = footer;
        if (result == null) {
          result = ParquetFooter.read(file);
          footer = result;
        }
      }
    }
    return result;
  }
}
