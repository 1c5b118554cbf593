package io.tally.datasets;

import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemColumn;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;

/**
 * Copies TPC-H line items from the tpch iterator into Arrow batches in the column order of {@link
 * LineitemGenerator#schema()}. Money and fractions are stored as their exact unscaled hundredths
 * (quantity * 100, price in cents, discount and tax in percent), never via double.
 */
final class LineitemBatchGenerator implements BatchGenerator {
    /** Hundredths per unit for DECIMAL(15,2) unscaled values. */
    private static final long HUNDREDTHS = 100;

    private final Iterator<LineItem> items;
    private final long rowLimit;
    private final DictionaryProvider.MapDictionaryProvider noDictionaries =
            new DictionaryProvider.MapDictionaryProvider();
    private long produced;

    LineitemBatchGenerator(Iterator<LineItem> items, long rowLimit) {
        this.items = items;
        this.rowLimit = rowLimit;
    }

    @Override
    public DictionaryProvider dictionaries() {
        return noDictionaries;
    }

    @Override
    public boolean fill(VectorSchemaRoot root) {
        int count = 0;
        while (count < BATCH_ROWS && produced < rowLimit && items.hasNext()) {
            setRow(root, count++, items.next());
            produced++;
        }
        if (count == 0) {
            return false;
        }
        root.setRowCount(count);
        return true;
    }

    private static void setRow(VectorSchemaRoot root, int r, LineItem item) {
        ((BigIntVector) root.getVector(0)).setSafe(r, item.getOrderKey());
        ((BigIntVector) root.getVector(1)).setSafe(r, item.getPartKey());
        ((BigIntVector) root.getVector(2)).setSafe(r, item.getSupplierKey());
        ((IntVector) root.getVector(3)).setSafe(r, item.getLineNumber());
        ((DecimalVector) root.getVector(4))
                .setSafe(r, Math.multiplyExact(item.getQuantity(), HUNDREDTHS));
        ((DecimalVector) root.getVector(5)).setSafe(r, item.getExtendedPriceInCents());
        ((DecimalVector) root.getVector(6)).setSafe(r, item.getDiscountPercent());
        ((DecimalVector) root.getVector(7)).setSafe(r, item.getTaxPercent());
        text(root, 8, r, item.getReturnFlag());
        text(root, 9, r, item.getStatus());
        ((DateDayVector) root.getVector(10)).setSafe(r, LineItemColumn.SHIP_DATE.getDate(item));
        ((DateDayVector) root.getVector(11)).setSafe(r, LineItemColumn.COMMIT_DATE.getDate(item));
        ((DateDayVector) root.getVector(12)).setSafe(r, LineItemColumn.RECEIPT_DATE.getDate(item));
        text(root, 13, r, item.getShipInstructions());
        text(root, 14, r, item.getShipMode());
        text(root, 15, r, item.getComment());
    }

    private static void text(VectorSchemaRoot root, int column, int r, String value) {
        ((VarCharVector) root.getVector(column)).setSafe(r, value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public void close() {
        noDictionaries.close();
    }
}
