package io.tally.spark;

import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.connector.read.InputPartition;
import org.apache.spark.sql.connector.read.PartitionReader;
import org.apache.spark.sql.connector.read.PartitionReaderFactory;
import org.apache.spark.sql.vectorized.ColumnarBatch;

/** Shipped to the executors with the scan's {@link ReadPlan}; opens one reader per partition. */
final class TallyReaderFactory implements PartitionReaderFactory {
    private static final long serialVersionUID = 1L;
    private final ReadPlan plan;

    TallyReaderFactory(ReadPlan plan) {
        this.plan = plan;
    }

    @Override
    public boolean supportColumnarReads(InputPartition partition) {
        return true;
    }

    @Override
    public PartitionReader<ColumnarBatch> createColumnarReader(InputPartition partition) {
        TallyInputPartition p = (TallyInputPartition) partition;
        return plan.aggregate() == null ? new ScanReader(plan, p) : new AggregateReader(plan, p);
    }

    @Override
    public PartitionReader<InternalRow> createReader(InputPartition partition) {
        throw new UnsupportedOperationException("the tally source reads columnar batches only");
    }
}
