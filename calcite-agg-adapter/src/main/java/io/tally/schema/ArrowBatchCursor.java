package io.tally.schema;

import io.tally.exec.BatchCursor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.compression.CommonsCompressionFactory;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Reads an Arrow IPC file batch by batch and hands out the projected columns in Tally's vector
 * types: columns already in those types are transferred (no copy), others converted by
 * {@link ArrowConversions}. Batches with no rows are skipped.
 */
final class ArrowBatchCursor implements BatchCursor {
  private final Path file;
  private final ArrowColumn[] columns;
  private final int[] fields;
  private final FileChannel channel;
  private final ArrowFileReader reader;
  private final VectorSchemaRoot out;

  ArrowBatchCursor(Path file, List<ArrowColumn> all, BufferAllocator allocator, int[] fields) {
    this.file = file;
    this.fields = fields.clone();
    this.columns = new ArrowColumn[fields.length];
    List<Field> projected = new ArrayList<>(fields.length);
    for (int i = 0; i < fields.length; i++) {
      columns[i] = all.get(fields[i]);
      projected.add(columns[i].field());
    }
    try {
      this.channel = FileChannel.open(file, StandardOpenOption.READ);
    } catch (IOException e) {
      throw new DataFileException(file + ": cannot open Arrow file: " + e.getMessage(), e);
    }
    this.reader = new ArrowFileReader(channel, allocator, CommonsCompressionFactory.INSTANCE);
    this.out = VectorSchemaRoot.create(new Schema(projected), allocator);
  }

  @Override
  public VectorSchemaRoot next() {
    try {
      while (reader.loadNextBatch()) {
        VectorSchemaRoot in = reader.getVectorSchemaRoot();
        int rows = in.getRowCount();
        if (rows == 0) {
          continue;
        }
        for (int i = 0; i < columns.length; i++) {
          ArrowConversions.convert(columns[i], in.getVector(fields[i]), out.getVector(i),
              reader, rows);
        }
        out.setRowCount(rows);
        return out;
      }
      return null;
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read Arrow batch: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    try (channel; reader; out) {
      // closes the output vectors, the reader's vectors and dictionaries, and the file
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
