package io.tally.datasets;

import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Fills Arrow batches of the h2o groupby table, either streaming rows straight from an {@link
 * H2oRowStream} (one batch buffer) or, for the sorted table, from all rows drawn up front and
 * visited in {@link H2oSorter} order.
 */
final class H2oBatchGenerator implements BatchGenerator {
    private final long rows;
    private final H2oRowStream stream;

    /** Streaming mode: the batch buffer; sorted mode: all rows. */
    private final H2oRows buffer;

    /** Sorted mode: row order; null when streaming. */
    private final int[] order;

    private final PaddedIds shortIds = new PaddedIds("id", 3);
    private final PaddedIds longIds = new PaddedIds("id", 10);
    private final DictionaryProvider.MapDictionaryProvider noDictionaries =
            new DictionaryProvider.MapDictionaryProvider();
    private long position;

    H2oBatchGenerator(long rows, int k, int nasPercent, boolean sorted, long seed) {
        this.rows = rows;
        this.stream = new H2oRowStream(rows, k, nasPercent, seed);
        if (sorted) {
            int n = Math.toIntExact(rows);
            this.buffer = new H2oRows(n);
            stream.next(buffer, 0, n);
            this.order = H2oSorter.sortedOrder(buffer, n, k, Math.toIntExact(rows / k));
        } else {
            this.buffer = new H2oRows(BATCH_ROWS);
            this.order = null;
        }
    }

    @Override
    public DictionaryProvider dictionaries() {
        return noDictionaries;
    }

    @Override
    public boolean fill(VectorSchemaRoot root) {
        int count = (int) Math.min(BATCH_ROWS, rows - position);
        if (count <= 0) {
            return false;
        }
        if (order == null) {
            stream.next(buffer, 0, count);
        }
        int base = order == null ? 0 : (int) position;
        for (int c = 0; c < H2oRows.ID_COLUMNS; c++) {
            int[] ids = buffer.ids[c];
            if (c < 3) {
                VarCharVector vector = (VarCharVector) root.getVector(c);
                PaddedIds format = c < 2 ? shortIds : longIds;
                for (int i = 0; i < count; i++) {
                    int value = ids[row(base, i)];
                    if (value == 0) {
                        vector.setNull(i);
                    } else {
                        format.set(vector, i, value);
                    }
                }
            } else {
                IntVector vector = (IntVector) root.getVector(c);
                for (int i = 0; i < count; i++) {
                    setNullable(vector, i, ids[row(base, i)]);
                }
            }
        }
        fillValues(root, base, count);
        root.setRowCount(count);
        position += count;
        return true;
    }

    private void fillValues(VectorSchemaRoot root, int base, int count) {
        IntVector v1 = (IntVector) root.getVector(H2oRows.ID_COLUMNS);
        IntVector v2 = (IntVector) root.getVector(H2oRows.ID_COLUMNS + 1);
        Float8Vector v3 = (Float8Vector) root.getVector(H2oRows.ID_COLUMNS + 2);
        for (int i = 0; i < count; i++) {
            int row = row(base, i);
            setNullable(v1, i, buffer.v1[row]);
            setNullable(v2, i, buffer.v2[row]);
            double value = buffer.v3[row];
            if (Double.isNaN(value)) {
                v3.setNull(i);
            } else {
                v3.setSafe(i, value);
            }
        }
    }

    private int row(int base, int i) {
        return order == null ? i : order[base + i];
    }

    private static void setNullable(IntVector vector, int index, int value) {
        if (value == 0) {
            vector.setNull(index);
        } else {
            vector.setSafe(index, value);
        }
    }

    @Override
    public void close() {
        noDictionaries.close();
    }
}
