package io.tally.spark;

import io.tally.exec.BatchCursor;
import io.tally.schema.ScanData;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.spark.sql.connector.read.InputPartition;

/**
 * One task's input: a whole file, or a range of an Arrow IPC file's record batches.
 *
 * @param file the data file
 * @param firstBatch first record batch read (Arrow only)
 * @param endBatch record batch after the last one read, or {@link #WHOLE_FILE}
 */
record TallyInputPartition(TallyFiles.DataFile file, int firstBatch, int endBatch)
    implements InputPartition {
  static final int WHOLE_FILE = -1;

  static TallyInputPartition whole(TallyFiles.DataFile file) {
    return new TallyInputPartition(file, 0, WHOLE_FILE);
  }

  /** Opens this partition's rows of {@code data} (the file's reader), columns {@code fields}. */
  BatchCursor open(ScanData data, int[] fields, BufferAllocator allocator) {
    return data.open(allocator, fields);
  }

  /** The file and, for a batch range, which batches: for messages and allocator names. */
  String describe() {
    return file.path() + (endBatch == WHOLE_FILE ? "" : " batches " + firstBatch + ".." + (endBatch - 1));
  }
}
