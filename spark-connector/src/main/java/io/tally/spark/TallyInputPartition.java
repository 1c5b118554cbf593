package io.tally.spark;

import java.io.Serializable;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task's input: slices of files read one after the other (small files are packed together, as
 * Spark's file sources pack them).
 *
 * @param slices what the task reads, in order
 */
record TallyInputPartition(List<Slice> slices) implements InputPartition {
    /** The whole record-batch range marker of {@link Slice#endBatch}. */
    static final int WHOLE_FILE = -1;

    /**
     * A whole file, or a range of an Arrow IPC file's record batches.
     *
     * @param file the data file
     * @param firstBatch first record batch read (Arrow only)
     * @param endBatch record batch after the last one read, or {@link #WHOLE_FILE}
     * @param bytes the slice's size on disk, for packing
     */
    record Slice(TallyFiles.DataFile file, int firstBatch, int endBatch, long bytes)
            implements Serializable {
        static Slice whole(TallyFiles.DataFile file) {
            return new Slice(file, 0, WHOLE_FILE, file.size());
        }

        String describe() {
            return file.path()
                    + (endBatch == WHOLE_FILE
                            ? ""
                            : " batches " + firstBatch + ".." + (endBatch - 1));
        }
    }

    TallyInputPartition {
        slices = List.copyOf(slices);
    }

    /** The files (and batch ranges) read, for messages and allocator names. */
    String describe() {
        return slices.stream().map(Slice::describe).collect(Collectors.joining(", "));
    }
}
