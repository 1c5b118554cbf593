package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.RowBatcher;
import io.tally.batch.TallyException;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryPool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/** Row packing ({@link RowBatcher}) and unpacking ({@link BatchRows}, {@link AggregateRows}). */
class RowBoundaryTest {
    private static final List<DataType> ALL =
            List.of(
                    DataType.of(ColumnType.BOOLEAN),
                    DataType.of(ColumnType.TINYINT),
                    DataType.of(ColumnType.SMALLINT),
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.REAL),
                    DataType.of(ColumnType.DOUBLE),
                    DataType.decimal(12, 3),
                    DataType.of(ColumnType.DATE),
                    DataType.of(ColumnType.TIME),
                    DataType.of(ColumnType.TIMESTAMP),
                    DataType.of(ColumnType.VARCHAR),
                    DataType.of(ColumnType.VARBINARY),
                    DataType.array(DataType.of(ColumnType.VARCHAR)));

    @Test
    void rowsRoundTripThroughBatches() {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            rows.add(
                    new Object[] {
                        i % 2 == 0,
                        (byte) i,
                        (short) (i * 100),
                        i * 1000,
                        i * 1_000_000_000L,
                        i / 4f,
                        i / 8.0,
                        new BigDecimal(i + ".125"),
                        19000 + i,
                        i * 1000,
                        1_700_000_000_000L + i,
                        "héllo" + i,
                        new byte[] {(byte) i, 0, -1},
                        Arrays.asList("a" + i, null, "")
                    });
        }
        Object[] nulls = new Object[ALL.size()];
        rows.add(nulls);
        List<Object[]> back = new ArrayList<>();
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher = new RowBatcher(ALL, root, 10)) {
            VectorSchemaRoot b;
            int batches = 0;
            Iterator<Object[]> it = rows.iterator();
            while ((b = batcher.fill(it)) != null) {
                batches++;
                back.addAll(BatchRows.rows(b));
            }
            assertEquals(3, batches);
        }
        assertEquals(rows.size(), back.size());
        for (int i = 0; i < rows.size(); i++) {
            for (int c = 0; c < ALL.size(); c++) {
                Object e = rows.get(i)[c];
                Object a = back.get(i)[c];
                if (e instanceof byte[]) {
                    assertArrayEquals((byte[]) e, (byte[]) a);
                } else {
                    assertEquals(e, a, "row " + i + " col " + c);
                    if (e != null && !(e instanceof List)) {
                        assertEquals(e.getClass(), a.getClass(), "row " + i + " col " + c);
                    }
                }
            }
        }
    }

    /** Reused buffers: values of an earlier batch never show through NULLs or shorter values. */
    @Test
    void reusedBatchesCarryNothingOver() {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            boolean values = i < 4 || i >= 8;
            rows.add(
                    values
                            ? new Object[] {i * 7L, "x".repeat(i < 4 ? 500 : 1), List.of("a" + i)}
                            : new Object[] {null, null, null});
        }
        List<DataType> types =
                List.of(
                        DataType.of(ColumnType.BIGINT),
                        DataType.of(ColumnType.VARCHAR),
                        DataType.array(DataType.of(ColumnType.VARCHAR)));
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher = new RowBatcher(types, root, 4)) {
            Iterator<Object[]> it = rows.iterator();
            for (int b = 0; b < 3; b++) {
                List<Object[]> back = BatchRows.rows(batcher.fill(it));
                assertEquals(4, back.size());
                for (int i = 0; i < 4; i++) {
                    assertEquals(
                            Arrays.asList(rows.get(b * 4 + i)),
                            Arrays.asList(back.get(i)),
                            "batch " + b + " row " + i);
                }
            }
        }
    }

    @Test
    void specAndConfigAreSerializable() throws Exception {
        AggregateSpec spec =
                new AggregateSpec(
                        ALL,
                        List.of(3, 11),
                        List.of(BitSet.valueOf(new long[] {1L << 3}), new BitSet()),
                        List.of(
                                AggregateCall.of(
                                                AggKind.SUM,
                                                List.of(7),
                                                DataType.decimal(38, 3),
                                                "s")
                                        .withDistinct(true)
                                        .withFilter(0)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(spec);
            out.writeObject(AggregateConfig.defaults());
        }
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals(spec.toString(), in.readObject().toString());
            assertEquals(AggregateConfig.defaults().toString(), in.readObject().toString());
        }
    }

    @Test
    void badRowsNameRowAndColumn() {
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher =
                        new RowBatcher(
                                List.of(
                                        DataType.of(ColumnType.INTEGER),
                                        DataType.of(ColumnType.VARCHAR)),
                                root,
                                8)) {
            TallyException e =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    batcher.fill(
                                            List.<Object[]>of(
                                                            new Object[] {1, "a"},
                                                            new Object[] {2, 3})
                                                    .iterator()));
            assertEquals("row 2, column 1: expected VARCHAR but got Integer 3", e.getMessage());
        }
    }

    @Test
    void outOfRangeAndNullValuesNameRowAndColumn() {
        DataType notNullInt = DataType.of(ColumnType.INTEGER).withNullable(false);
        try (BufferAllocator root = new RootAllocator();
                RowBatcher batcher =
                        new RowBatcher(
                                List.of(DataType.of(ColumnType.VARCHAR), notNullInt), root, 8)) {
            TallyException range =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    batcher.fill(
                                            List.<Object[]>of(
                                                            new Object[] {"a", 1},
                                                            new Object[] {"b", 1L << 40})
                                                    .iterator()));
            assertEquals(
                    "row 2, column 1: value 1099511627776 out of range for " + notNullInt,
                    range.getMessage());
            TallyException nul =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    batcher.fill(
                                            List.<Object[]>of(new Object[] {null, null})
                                                    .iterator()));
            assertEquals("row 3, column 1: NULL in " + notNullInt, nul.getMessage());
        }
    }

    @Test
    void aggregateRowsIteratesAllBlocksAndCloses() {
        DataType big = DataType.of(ColumnType.BIGINT);
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        List.of(big),
                        List.of(0),
                        List.of(AggregateCall.of(AggKind.COUNT, List.of(), big, "c")));
        try (BufferAllocator root = new RootAllocator()) {
            BlockedAggregator agg =
                    new BlockedAggregator(
                            spec,
                            new AggregateConfig(4, AggregateConfig.EmitMode.BLOCKED),
                            root,
                            new MemoryPool(1 << 30),
                            () -> false,
                            "Agg#rows");
            List<Object[]> in = new ArrayList<>();
            for (long i = 0; i < 30; i++) {
                in.add(new Object[] {i % 10});
            }
            agg.sinkRows(in.iterator());
            agg.finish();
            List<Object[]> out = new ArrayList<>();
            try (AggregateRows rows = new AggregateRows(agg)) {
                rows.forEachRemaining(out::add);
                assertFalse(rows.hasNext());
            }
            assertEquals(10, out.size());
            out.forEach(r -> assertEquals(3L, r[1]));
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
