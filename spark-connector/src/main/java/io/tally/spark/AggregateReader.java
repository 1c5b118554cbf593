package io.tally.spark;

import io.tally.exec.BlockedAggregator;
import io.tally.memory.MemoryPool;
import io.tally.metrics.AggregateMetrics;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * Runs the pushed GROUP BY over one partition on Tally's blocked aggregate: the first {@link #next}
 * sinks every batch of the partition (spilling when the next growth would pass the task's {@code
 * memory_limit}) and finishes; then each call returns one block of partial groups as a Spark batch,
 * the previous block's memory freed first. Spark's final aggregate merges the partitions' groups.
 */
final class AggregateReader extends PartitionBatches {
    private final BlockedAggregator aggregator;
    private boolean built;

    AggregateReader(ReadPlan plan, TallyInputPartition partition) {
        super(plan, partition);
        try {
            TallyOptions options = plan.options();
            MemoryPool pool =
                    new MemoryPool(TallyOptions.MEMORY_LIMIT, options.taskMemoryLimit(), null);
            this.aggregator =
                    new BlockedAggregator(
                            plan.aggregate(),
                            options.aggregateConfig(),
                            input.allocator(),
                            pool,
                            TaskInput::cancelled,
                            "aggregate");
        } catch (RuntimeException e) {
            input.close();
            throw e;
        }
    }

    @Override
    VectorSchemaRoot nextRoot() {
        if (!built) {
            aggregator.sinkAll(openInput());
            aggregator.finish();
            built = true;
        }
        return aggregator.nextBlock();
    }

    @Override
    int columns(VectorSchemaRoot root) {
        return root.getFieldVectors().size();
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        AggregateMetrics m = aggregator.metrics();
        return new CustomTaskMetric[] {
            TallyMetrics.value(TallyMetrics.ROWS_READ, input.rowsRead()),
            TallyMetrics.value(TallyMetrics.GROUPS, m.outputRows),
            TallyMetrics.value(TallyMetrics.SPILLED_BYTES, m.spilledBytes),
            TallyMetrics.value(TallyMetrics.PEAK_MEMORY, m.poolPeak)
        };
    }

    @Override
    void release() {
        try {
            aggregator.close();
        } finally {
            input.close();
        }
    }
}
