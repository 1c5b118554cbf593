package io.tally.schema.files;

import io.tally.schema.FileSink;
import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowFileWriter;

/**
 * Writes batches as an Arrow IPC file. Arrow's writer is bound to one root: every batch must
 * come in the root the sink was made for (a {@code RowBatcher} reuses one).
 */
final class ArrowFileSink implements FileSink {
  private final VectorSchemaRoot root;
  private final ArrowFileWriter writer;

  ArrowFileSink(VectorSchemaRoot root, WritableByteChannel channel) throws IOException {
    this.root = root;
    this.writer = new ArrowFileWriter(root, null, channel);
    writer.start();
  }

  @Override
  public void write(VectorSchemaRoot batch) throws IOException {
    if (batch != root) {
      throw new IllegalArgumentException("an Arrow file sink writes only the root it was made for");
    }
    writer.writeBatch();
  }

  @Override
  public void finish() throws IOException {
    writer.end();
  }

  @Override
  public void close() {
    writer.close();
  }
}
