package io.tally.spark;

import io.tally.exec.AggregateSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.types.StructType;

/**
 * A planned read: its output schema (the selected columns, or with a pushed aggregate the group
 * columns then one column per call), its description in EXPLAIN (pushed filters and aggregate,
 * or why the aggregate runs in Spark), and one input partition per file or Arrow batch range.
 */
final class TallyScan implements Scan, Batch {
  private final List<TallyFiles.DataFile> files;
  private final ReadPlan plan;
  private final StructType readSchema;
  private final String description;

  TallyScan(List<TallyFiles.DataFile> files, ReadPlan plan, StructType readSchema,
      String description) {
    this.files = files;
    this.plan = plan;
    this.readSchema = readSchema;
    this.description = description;
  }

  ReadPlan plan() {
    return plan;
  }

  @Override
  public StructType readSchema() {
    return readSchema;
  }

  @Override
  public String description() {
    return description;
  }

  @Override
  public Batch toBatch() {
    return this;
  }

  @Override
  public InputPartition[] planInputPartitions() {
    List<InputPartition> partitions = new ArrayList<>();
    for (TallyFiles.DataFile file : files) {
      partitions.add(TallyInputPartition.whole(file));
    }
    return partitions.toArray(new InputPartition[0]);
  }

  @Override
  public PartitionReaderFactory createReaderFactory() {
    return new TallyReaderFactory(plan);
  }

  @Override
  public CustomMetric[] supportedCustomMetrics() {
    return TallyMetrics.all();
  }

  /** The pushed aggregate, or null. */
  AggregateSpec aggregate() {
    return plan.aggregate();
  }
}
