package io.tally.spark;

import io.tally.exec.AggregateSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.connector.metric.CustomMetric;
import org.apache.spark.sql.connector.read.Batch;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.connector.read.Scan;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.StructType;

/**
 * A planned read: its output schema (the selected columns, or with a pushed aggregate the group
 * columns then one column per call), its description in EXPLAIN (pushed filters and aggregate, or
 * why the aggregate runs in Spark), and its input partitions.
 */
final class TallyScan implements Scan, Batch {
    private final List<TallyFiles.DataFile> files;
    private final ReadPlan plan;
    private final StructType readSchema;
    private final String description;

    TallyScan(
            List<TallyFiles.DataFile> files,
            ReadPlan plan,
            StructType readSchema,
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

    /** Slices packed as Spark packs files, under Spark's file-partition settings. */
    @Override
    public InputPartition[] planInputPartitions() {
        List<TallyInputPartition.Slice> slices = new ArrayList<>();
        for (TallyFiles.DataFile file : files) {
            slices.add(TallyInputPartition.Slice.whole(file));
        }
        SQLConf conf = SQLConf.get();
        long partitionBytes =
                plan.options().partitionBytes() == TallyOptions.SPARK_PARTITION_BYTES
                        ? conf.filesMaxPartitionBytes()
                        : plan.options().partitionBytes();
        long openCost = conf.filesOpenCostInBytes();
        int parallelism =
                conf.filesMinPartitionNum().isDefined()
                        ? (Integer) conf.filesMinPartitionNum().get()
                        : SparkSession.active().sparkContext().defaultParallelism();
        long maxSplit =
                PartitionPlanner.maxSplitBytes(slices, partitionBytes, openCost, parallelism);
        return PartitionPlanner.pack(slices, maxSplit, openCost).toArray(new InputPartition[0]);
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
