package io.tally.datasets;

import java.io.IOException;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Receives the filled batches of one table and encodes them into one output file (the generators
 * here; {@code COPY ... TO} in the engine). Closing without {@link #finish} abandons the file.
 */
public interface BatchSink extends AutoCloseable {
    /** Encodes the current contents of {@code root}. */
    void write(VectorSchemaRoot root) throws IOException;

    /** Completes the file (footer, flush); called once after the last batch. */
    void finish() throws IOException;

    @Override
    void close() throws IOException;
}
