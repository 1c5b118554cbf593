package io.tally.runtime;

import io.tally.batch.BatchCursor;
import io.tally.batch.DataType;
import io.tally.batch.RowBatcher;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.linq4j.Enumerable;
import org.apache.calcite.linq4j.Enumerator;

/**
 * Calcite rows packed into Arrow batches of {@link RowBatcher#DEFAULT_BATCH_ROWS} rows: of each row
 * of an {@code Enumerable} (shaped as {@link RowShape} says) the columns {@code columns}, in that
 * order, typed {@code types}; {@code ByteString} values become {@code byte[]}. A returned batch is
 * valid until the next call. Closing closes the rows' enumerator and frees the batch.
 */
final class PackedRows implements BatchCursor {
    private final RowBatcher batcher;
    private final Enumerator<?> rows;
    private final Iterator<Object[]> values;

    PackedRows(
            Enumerable<?> input,
            int[] columns,
            RowShape shape,
            List<DataType> types,
            BufferAllocator allocator) {
        this.batcher = new RowBatcher(types, allocator, RowBatcher.DEFAULT_BATCH_ROWS);
        try {
            this.rows = input.enumerator();
        } catch (RuntimeException | Error e) {
            batcher.close();
            throw e;
        }
        this.values = new Values(rows, columns.clone(), shape);
    }

    /** The columns {@code 0 .. count-1}, all of a row. */
    static int[] allColumns(int count) {
        int[] columns = new int[count];
        for (int i = 0; i < count; i++) {
            columns[i] = i;
        }
        return columns;
    }

    @Override
    public VectorSchemaRoot next() {
        return batcher.fill(values);
    }

    @Override
    public void close() {
        try {
            rows.close();
        } finally {
            batcher.close();
        }
    }

    /** The picked columns of each row as {@code Object[]}. */
    private static final class Values implements Iterator<Object[]> {
        private final Enumerator<?> rows;
        private final int[] columns;
        private final RowShape shape;
        private Boolean hasNext;

        Values(Enumerator<?> rows, int[] columns, RowShape shape) {
            this.rows = rows;
            this.columns = columns;
            this.shape = shape;
        }

        @Override
        public boolean hasNext() {
            if (hasNext == null) {
                hasNext = rows.moveNext();
            }
            return hasNext;
        }

        @Override
        public Object[] next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            hasNext = null;
            Object r = rows.current();
            Object[] out = new Object[columns.length];
            for (int i = 0; i < columns.length; i++) {
                Object v =
                        shape == RowShape.SCALAR
                                ? r
                                : shape == RowShape.ARRAY
                                        ? ((Object[]) r)[columns[i]]
                                        : ((List<?>) r).get(columns[i]);
                out[i] = v instanceof ByteString ? ((ByteString) v).getBytes() : v;
            }
            return out;
        }
    }
}
