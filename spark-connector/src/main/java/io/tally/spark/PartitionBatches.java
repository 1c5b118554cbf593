package io.tally.spark;

import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * What both readers share: Spark asks for the next batch, the reader produces a Tally batch (its
 * memory valid until the next call) and it is handed on as a Spark batch over the same vectors.
 */
abstract class PartitionBatches implements PartitionReader<ColumnarBatch> {
  private ColumnarBatch current;

  /** The next Tally batch, or null at the end. */
  abstract VectorSchemaRoot nextRoot();

  /** How many leading columns of {@code root} Spark reads. */
  abstract int columns(VectorSchemaRoot root);

  /** Frees the reader's batches, memory and files. */
  abstract void release();

  @Override
  public final boolean next() {
    VectorSchemaRoot root = nextRoot();
    current = root == null ? null : TaskInput.wrap(root, columns(root));
    return current != null;
  }

  @Override
  public final ColumnarBatch get() {
    return current;
  }

  @Override
  public final void close() {
    current = null;
    release();
  }
}
