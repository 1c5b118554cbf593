package io.tally.datasets;

import java.io.IOException;
import java.nio.channels.WritableByteChannel;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.ipc.ArrowFileWriter;

/**
 * Writes batches as an Arrow IPC file; dictionaries are written once, before the first batch, as
 * the file format allows only one dictionary per encoded field.
 */
public final class ArrowFileSink implements BatchSink {
    private final ArrowFileWriter writer;

    /**
     * A sink writing the batches of {@code root} (the writer is bound to it) to {@code channel}.
     */
    public ArrowFileSink(
            VectorSchemaRoot root, DictionaryProvider dictionaries, WritableByteChannel channel)
            throws IOException {
        this.writer = new ArrowFileWriter(root, dictionaries, channel);
        writer.start();
    }

    @Override
    public void write(VectorSchemaRoot root) throws IOException {
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
