package io.tally.schema;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Encodes Arrow batches into one output file (CSV, Arrow IPC or Parquet): {@code COPY ... TO}
 * writes a query's batches through one. Closing without {@link #finish} abandons the file.
 */
public interface FileSink extends AutoCloseable {
  /** Encodes the rows of {@code batch} (its schema is the sink's). */
  void write(VectorSchemaRoot batch) throws IOException;

  /** Completes the file (footer, flush); called once after the last batch. */
  void finish() throws IOException;

  @Override
  void close() throws IOException;
}
