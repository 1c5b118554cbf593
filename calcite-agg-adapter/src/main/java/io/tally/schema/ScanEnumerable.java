package io.tally.schema;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.batch.SplittableBatchSource;
import io.tally.metrics.ScanMetrics;
import io.tally.session.QueryContext;
import io.tally.session.QueryProgress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.AbstractEnumerable;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;
import org.apache.calcite.linq4j.Linq4j;

/**
 * The result of a Tally table scan as generated code sees it: an {@code Enumerable} of Calcite rows
 * ({@code Object[]} when several columns are projected, the bare value for one column) that is also
 * a {@link BatchSource}, so a Tally operator can read the projected columns as Arrow batches
 * instead.
 *
 * <p>Each batch read adds its rows to the statement's {@link QueryProgress}; opening adds the
 * table's estimated row count.
 *
 * <p>Cancellation: the row enumerator ends (returns {@code false}, Calcite's convention; the JDBC
 * layer then reports the cancel) and a batch cursor throws {@link CancellationException} once the
 * statement's cancel flag is set.
 */
public final class ScanEnumerable extends AbstractEnumerable<Object>
        implements SplittableBatchSource {
    private final ScanData data;
    private final int[] fields;
    private final AtomicBoolean cancelFlag;
    private final QueryProgress progress;
    private final ScanMetrics metrics;

    ScanEnumerable(ScanData data, int[] fields, AtomicBoolean cancelFlag) {
        this(data, fields, cancelFlag, new QueryProgress(), new ScanMetrics());
    }

    ScanEnumerable(
            ScanData data,
            int[] fields,
            AtomicBoolean cancelFlag,
            QueryProgress progress,
            ScanMetrics metrics) {
        this.data = data;
        this.fields = fields.clone();
        this.cancelFlag = cancelFlag == null ? new AtomicBoolean() : cancelFlag;
        this.progress = progress;
        this.metrics = metrics;
    }

    /**
     * Scans {@code fields} of {@code data} for a statement whose context is {@code root}, skipping
     * the parts of the data that {@code filter} rules out ({@link ScanData#pruned}); with the
     * connection's setting {@code cache=true} a file table is read whole through {@link TableCache}
     * instead (the cache keeps every row). Called by generated code through {@code
     * io.tally.runtime.TallyMethod#SCAN}.
     */
    public static ScanEnumerable scan(
            DataContext root, ScanData data, int[] fields, ScanFilter filter) {
        QueryContext query = QueryContext.of(root);
        ScanMetrics metrics = new ScanMetrics();
        ScanData source =
                query.settings().cache()
                        ? TableCache.engine().wrap(data)
                        : data.pruned(filter, metrics);
        return new ScanEnumerable(source, fields, query.cancelFlag(), query.progress(), metrics);
    }

    /**
     * The one row of {@code columns} copies of {@code data}'s exact row count (read from file
     * metadata), for {@code COUNT(*)} with no filter: a Long, or an {@code Object[]} of them.
     * Called by generated code through {@code io.tally.runtime.TallyMethod#ROW_COUNT}.
     */
    public static Enumerable<Object> rowCount(ScanData data, int columns) {
        long rows = data.exactRowCount();
        if (rows < 0) {
            throw new IllegalStateException(data.name() + " does not record its row count");
        }
        Object[] row = new Object[columns];
        Arrays.fill(row, rows);
        return Linq4j.singletonEnumerable(columns == 1 ? row[0] : row);
    }

    /** What the scan skipped and read, for {@code EXPLAIN ANALYZE}. */
    public ScanMetrics metrics() {
        return metrics;
    }

    /** The table being scanned. */
    public ScanData data() {
        return data;
    }

    /** Indexes of the projected columns in the table, in output order. */
    public int[] fields() {
        return fields.clone();
    }

    @Override
    public Schema batchSchema() {
        List<Field> all = data.schema().getFields();
        List<Field> projected = new ArrayList<>(fields.length);
        for (int field : fields) {
            projected.add(all.get(field));
        }
        return new Schema(projected);
    }

    @Override
    public BatchCursor openBatches(BufferAllocator allocator) {
        BatchCursor cursor = data.open(allocator, fields);
        progress.addEstimatedRows((long) data.estimatedRowCount());
        return watched(cursor);
    }

    /** Every format splits: see {@link ScanData#splits}. */
    @Override
    public boolean splittable() {
        return true;
    }

    @Override
    public List<BatchSplit> splits(int count) {
        List<BatchSplit> splits =
                BatchSplit.wrapAll(
                        data.splits(fields, count), (cursor, allocator) -> watched(cursor));
        progress.addEstimatedRows((long) data.estimatedRowCount());
        return splits;
    }

    /** {@code cursor} with the cancel check and progress count of every batch. */
    private BatchCursor watched(BatchCursor cursor) {
        return new BatchCursor() {
            @Override
            public VectorSchemaRoot next() {
                if (cancelFlag.get()) {
                    throw new CancellationException(
                            "Statement canceled while scanning " + data.name());
                }
                VectorSchemaRoot batch = cursor.next();
                if (batch != null) {
                    progress.addRows(batch.getRowCount());
                }
                return batch;
            }

            @Override
            public void close() {
                cursor.close();
            }
        };
    }

    @Override
    public Enumerator<Object> enumerator() {
        return new RowEnumerator();
    }

    /** The scan's rows: the projected columns read through typed {@link ColumnReader}s. */
    private final class RowEnumerator extends BatchRowEnumerator {
        private final ColumnReader[] readers = new ColumnReader[fields.length];

        RowEnumerator() {
            super("scan:" + data.name());
        }

        /** Ends at cancel. */
        @Override
        protected boolean stopped() {
            return cancelFlag.get();
        }

        @Override
        protected BatchCursor open(BufferAllocator allocator) {
            BatchCursor cursor = data.open(allocator, fields);
            progress.addEstimatedRows((long) data.estimatedRowCount());
            return cursor;
        }

        @Override
        protected void startBatch(VectorSchemaRoot batch) {
            for (int i = 0; i < readers.length; i++) {
                readers[i] = ColumnReader.of(batch.getVector(i));
            }
            progress.addRows(batch.getRowCount());
        }

        @Override
        protected Object readRow(int r) {
            if (readers.length == 1) {
                return readers[0].get(r);
            }
            Object[] values = new Object[readers.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = readers[i].get(r);
            }
            return values;
        }
    }
}
