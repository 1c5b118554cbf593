package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.Int128;
import io.tally.batch.RowBatcher;
import io.tally.exec.TestValues;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * {@link DecodedColumn}'s address-based decoding (validity bits, 1/2/4/8-byte integers, doubles,
 * byte offsets) at unaligned row offsets and over whole 64-row validity words, against {@link
 * BatchRows#value} of the same vector.
 */
class DecodedColumnTest {
    private static final List<DataType> TYPES =
            List.of(
                    DataType.of(ColumnType.TINYINT),
                    DataType.of(ColumnType.SMALLINT),
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.DATE),
                    DataType.of(ColumnType.TIMESTAMP),
                    DataType.of(ColumnType.BOOLEAN),
                    DataType.of(ColumnType.REAL),
                    DataType.of(ColumnType.DOUBLE),
                    DataType.of(ColumnType.VARCHAR),
                    DataType.of(ColumnType.VARBINARY),
                    DataType.decimal(30, 2));

    @Test
    void decodesEveryRowRangeLikeTheVector() {
        Random random = new Random(3);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Object[] row = new Object[TYPES.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(random, TYPES.get(c), 1000, c % 2 == 0 ? 0.2 : 0.0);
            }
            rows.add(row);
        }
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher = new RowBatcher(TYPES, root, 300)) {
            VectorSchemaRoot batch = batcher.fill(rows.iterator());
            for (int c = 0; c < TYPES.size(); c++) {
                DataType type = TYPES.get(c);
                FieldVector v = batch.getVector(c);
                DecodedColumn d = new DecodedColumn(type, "c" + c);
                for (int from : new int[] {0, 1, 7, 8, 13, 64, 128, 250}) {
                    int n = Math.min(37 + from, 300 - from);
                    d.decode(v, from, n);
                    for (int i = 0; i < n; i++) {
                        Object expected = BatchRows.value(v, from + i);
                        assertEquals(
                                expected == null ? 1 : 0,
                                d.nulls[i],
                                type + " null flag of row " + (from + i));
                        if (expected instanceof byte[] bytes) {
                            assertArrayEquals(
                                    bytes,
                                    (byte[]) decodedValue(d, type, i),
                                    type + " row " + (from + i));
                        } else if (expected != null) {
                            assertEquals(
                                    expected,
                                    decodedValue(d, type, i),
                                    type + " row " + (from + i));
                        }
                    }
                }
            }
        }
    }

    /**
     * {@link DecodedColumn#appendRows}: rows of two decoded ranges appended in a shuffled order
     * hold the vector's values, NULL flags, a NULL-seen flag that is set exactly when a NULL may be
     * among them, and the byte tail pad.
     */
    @Test
    void appendedRowsHoldTheirValues() {
        Random random = new Random(5);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            Object[] row = new Object[TYPES.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(random, TYPES.get(c), 1000, i < 150 ? 0.0 : 0.3);
            }
            rows.add(row);
        }
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher = new RowBatcher(TYPES, root, 300)) {
            VectorSchemaRoot batch = batcher.fill(rows.iterator());
            for (int c = 0; c < TYPES.size(); c++) {
                DataType type = TYPES.get(c);
                FieldVector v = batch.getVector(c);
                DecodedColumn source = new DecodedColumn(type, "source " + c);
                DecodedColumn target = new DecodedColumn(type, "target " + c);
                List<Integer> expectedRows = new ArrayList<>();
                for (boolean reuse : new boolean[] {false, true}) {
                    target.clear();
                    expectedRows.clear();
                    // rows 0..149 have no NULL: the flag stays clear until rows 150.. come in
                    for (int from : new int[] {3, 150}) {
                        int n = 140;
                        source.decode(v, from, n);
                        int[] sel = new int[n];
                        for (int i = 0; i < n; i++) {
                            sel[i] = (i * 37) % n;
                        }
                        target.appendRows(source, sel, 10, 90);
                        for (int i = 10; i < 90; i++) {
                            expectedRows.add(from + sel[i]);
                        }
                        assertEquals(from == 150 && source.hasNulls, target.hasNulls, type + "");
                        if (type.family() == ColumnType.Family.LONG) {
                            // the range follows every append (the first one's is asked first)
                            long min = Long.MAX_VALUE;
                            long max = Long.MIN_VALUE;
                            for (int j = 0; j < target.rows; j++) {
                                if (target.nulls[j] == 0) {
                                    min = Math.min(min, target.longs[j]);
                                    max = Math.max(max, target.longs[j]);
                                }
                            }
                            assertEquals(min, target.minLong(), type + " min after " + from);
                            assertEquals(max, target.maxLong(), type + " max after " + from);
                        }
                    }
                    assertEquals(expectedRows.size(), target.rows);
                    for (int j = 0; j < target.rows; j++) {
                        Object expected = BatchRows.value(v, expectedRows.get(j));
                        assertEquals(expected == null ? 1 : 0, target.nulls[j], type + " " + j);
                        if (expected instanceof byte[] bytes) {
                            assertArrayEquals(bytes, (byte[]) decodedValue(target, type, j));
                        } else if (expected != null) {
                            assertEquals(expected, decodedValue(target, type, j), type + " " + j);
                        }
                    }
                    if (type.family() == ColumnType.Family.BYTES) {
                        assertTrue(
                                target.bytes.length >= target.byteCount() + Hashing.TAIL_PAD,
                                type + " tail pad");
                    }
                }
            }
        }
    }

    private static Object decodedValue(DecodedColumn d, DataType type, int i) {
        switch (type.type()) {
            case TINYINT:
                return (byte) d.longs[i];
            case SMALLINT:
                return (short) d.longs[i];
            case INTEGER:
            case DATE:
                return (int) d.longs[i];
            case BOOLEAN:
                return d.longs[i] != 0;
            case BIGINT:
            case TIMESTAMP:
                return d.longs[i];
            case REAL:
                return (float) d.doubles[i];
            case DOUBLE:
                return d.doubles[i];
            case DECIMAL:
                return new BigDecimal(Int128.toBigInteger(d.longs[i], d.highs[i]), type.scale());
            default:
                byte[] b = Arrays.copyOfRange(d.bytes, d.offsets[i], d.offsets[i + 1]);
                return type.type() == ColumnType.VARCHAR
                        ? new String(b, StandardCharsets.UTF_8)
                        : b;
        }
    }

    /**
     * 8-byte columns are copied as one block whatever their size, NULL rows zeroed after it; with
     * and without NULLs, values and the LONG range ({@link DecodedColumn#minLong}, {@link
     * DecodedColumn#maxLong}) agree with the vector for a final merge's few rows, around a word of
     * the validity bitmap, a sink's chunk, and at odd offsets.
     */
    @Test
    void blockCopiesAndKeyRangesMatchTheVector() {
        List<DataType> types =
                List.of(
                        DataType.of(ColumnType.BIGINT),
                        DataType.of(ColumnType.DOUBLE),
                        DataType.of(ColumnType.INTEGER),
                        DataType.of(ColumnType.BIGINT),
                        DataType.of(ColumnType.DOUBLE));
        Random random = new Random(5);
        int total = 1300;
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < total; i++) {
            Object[] row = new Object[types.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(random, types.get(c), 100_000, c < 3 ? 0.0 : 0.3);
            }
            rows.add(row);
        }
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher = new RowBatcher(types, root, total)) {
            VectorSchemaRoot batch = batcher.fill(rows.iterator());
            for (int c = 0; c < types.size(); c++) {
                DataType type = types.get(c);
                FieldVector v = batch.getVector(c);
                if (type.family() == ColumnType.Family.DOUBLE) {
                    // Arrow leaves a NULL slot's value undefined: make it something other than 0
                    for (int i = 0; i < total; i++) {
                        if (v.isNull(i)) {
                            v.getDataBuffer().setDouble(8L * i, 12345.5);
                        }
                    }
                }
                DecodedColumn d = new DecodedColumn(type, "c" + c);
                for (int from : new int[] {0, 3, 64, 200}) {
                    for (int n : new int[] {1, 50, 63, 64, 65, 1000}) {
                        d.decode(v, from, n);
                        long min = Long.MAX_VALUE;
                        long max = Long.MIN_VALUE;
                        for (int i = 0; i < n; i++) {
                            Object expected = BatchRows.value(v, from + i);
                            String at = type + " rows " + from + "+" + n + ", row " + i;
                            assertEquals(expected == null ? 1 : 0, d.nulls[i], at);
                            if (expected == null && type.family() == ColumnType.Family.DOUBLE) {
                                assertEquals(0.0, d.doubles[i], at + ": NULL reads as 0");
                            }
                            if (expected != null) {
                                assertEquals(expected, decodedValue(d, type, i), at);
                                min = Math.min(min, d.longs[i]);
                                max = Math.max(max, d.longs[i]);
                            }
                        }
                        if (type.family() == ColumnType.Family.LONG) {
                            assertEquals(min, d.minLong(), type + " min of " + from + "+" + n);
                            assertEquals(max, d.maxLong(), type + " max of " + from + "+" + n);
                        }
                    }
                }
            }
        }
    }

    /** The LONG range answers for the rows as they are after every decode, fill and change. */
    @Test
    void keyRangeFollowsFillsAndChanges() {
        DecodedColumn d = new DecodedColumn(DataType.of(ColumnType.BIGINT), "k");
        d.fillConstant(7, 10);
        assertEquals(7, d.minLong());
        assertEquals(7, d.maxLong());
        d.fillNull(4);
        assertEquals(Long.MAX_VALUE, d.minLong(), "all NULL: min above max");
        assertEquals(Long.MIN_VALUE, d.maxLong());
        d.fillConstant(3, 5);
        assertEquals(3, d.maxLong());
        d.longs[2] = -9;
        d.longs[4] = 40;
        d.nulls[4] = 1;
        d.changed();
        assertEquals(-9, d.minLong());
        assertEquals(3, d.maxLong(), "the NULL row's value does not count");
    }

    @Test
    void byteArraysKeepTheTailPad() {
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher =
                        new RowBatcher(List.of(DataType.of(ColumnType.VARCHAR)), root, 10)) {
            VectorSchemaRoot batch =
                    batcher.fill(List.<Object[]>of(new Object[] {"abcdefghijk"}).iterator());
            DecodedColumn d = new DecodedColumn(DataType.of(ColumnType.VARCHAR), "s");
            d.decode(batch.getVector(0), 1);
            assertEquals(11, d.offsets[1]);
            assertArrayEquals("abcdefghijk".getBytes(), Arrays.copyOf(d.bytes, 11));
            assertEquals(true, d.bytes.length >= 11 + Hashing.TAIL_PAD);
        }
    }
}
