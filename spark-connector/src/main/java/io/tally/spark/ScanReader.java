package io.tally.spark;

import io.tally.batch.BatchCursor;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.spark.sql.connector.metric.CustomTaskMetric;

/**
 * Reads one partition as it is (after any pushed filter): each Tally batch becomes one Spark batch
 * over the same vectors, valid until the next call, as Spark's contract allows.
 */
final class ScanReader extends PartitionBatches {
    private BatchCursor cursor;

    ScanReader(ReadPlan plan, TallyInputPartition partition) {
        super(plan, partition);
    }

    @Override
    VectorSchemaRoot nextRoot() {
        if (cursor == null) {
            cursor = openInput();
        }
        return cursor.next();
    }

    @Override
    int columns(VectorSchemaRoot root) {
        return plan.visible();
    }

    @Override
    public CustomTaskMetric[] currentMetricsValues() {
        return new CustomTaskMetric[] {
            TallyMetrics.value(TallyMetrics.ROWS_READ, input.rowsRead())
        };
    }

    @Override
    void release() {
        input.close();
    }
}
