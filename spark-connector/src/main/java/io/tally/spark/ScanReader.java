package io.tally.spark;

import io.tally.exec.BatchCursor;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/**
 * Reads one partition as it is (after any pushed filter): each Tally batch becomes one Spark
 * batch over the same vectors, valid until the next call, as Spark's contract allows.
 */
final class ScanReader implements PartitionReader<ColumnarBatch> {
  private final ReadPlan plan;
  private final TallyInputPartition partition;
  private final TaskInput input;
  private BatchCursor cursor;
  private ColumnarBatch current;

  ScanReader(ReadPlan plan, TallyInputPartition partition) {
    this.plan = plan;
    this.partition = partition;
    this.input = new TaskInput(partition);
  }

  @Override
  public boolean next() {
    if (cursor == null) {
      cursor = input.open(plan, partition);
    }
    VectorSchemaRoot batch = cursor.next();
    current = batch == null ? null : TaskInput.wrap(batch, plan.visible());
    return current != null;
  }

  @Override
  public ColumnarBatch get() {
    return current;
  }

  @Override
  public CustomTaskMetric[] currentMetricsValues() {
    return new CustomTaskMetric[] {TallyMetrics.value(TallyMetrics.ROWS_READ, input.rowsRead())};
  }

  @Override
  public void close() {
    current = null;
    input.close();
  }
}
