package io.tally.datasets;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * A generated table: its name, its Arrow schema and a way to open a fresh, deterministic stream of
 * record batches; writing it to CSV or Arrow goes through {@link DatasetWriter}.
 */
public interface Dataset {
    /** The table name, also the output file stem (e.g. {@code G1_1e7_1e2_0_0}). */
    String tableName();

    /** The Arrow schema of every batch (dictionary-encoded fields carry their index type). */
    Schema schema();

    /** Opens a new batch stream from the first row; each call yields identical batches. */
    BatchGenerator open(BufferAllocator allocator);

    /**
     * Writes the table as RFC 4180 CSV with a header row ({@code .csv.gz} paths are gzipped).
     *
     * @return the number of data rows written
     */
    default long writeCsv(Path path) throws IOException {
        return DatasetWriter.write(this, path, FileFormat.CSV);
    }

    /**
     * Writes the table as an Arrow IPC file.
     *
     * @return the number of rows written
     */
    default long writeArrow(Path path) throws IOException {
        return DatasetWriter.write(this, path, FileFormat.ARROW);
    }
}
