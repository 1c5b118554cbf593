package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.QueryCancelledException;
import io.tally.batch.TallyException;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryPool;
import io.tally.metrics.AggregateMetrics;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Drain memory, limits, cancellation, errors and partial states of {@link BlockedAggregator}. */
class AggregatorLifecycleTest {
    private static final DataType BIG = DataType.of(ColumnType.BIGINT);
    private static final int BATCH = 8192;

    enum KeyKind {
        INT64,
        UTF8
    }

    /** Input: (k, v) with k cycling over {@code groups} distinct keys, v = row number. */
    private static VectorSchemaRoot batch(
            BufferAllocator a, KeyKind kind, long from, int n, int groups) {
        DataType keyType = kind == KeyKind.INT64 ? BIG : DataType.of(ColumnType.VARCHAR);
        VectorSchemaRoot root =
                VectorSchemaRoot.create(
                        new Schema(List.of(keyType.toField("k"), BIG.toField("v"))), a);
        root.allocateNew();
        BigIntVector v = (BigIntVector) root.getVector(1);
        for (int i = 0; i < n; i++) {
            long row = from + i;
            long key = row % groups;
            if (kind == KeyKind.INT64) {
                ((BigIntVector) root.getVector(0)).setSafe(i, key * 31);
            } else {
                ((VarCharVector) root.getVector(0))
                        .setSafe(i, ("key-" + key).getBytes(StandardCharsets.UTF_8));
            }
            v.setSafe(i, row);
        }
        root.setRowCount(n);
        return root;
    }

    private static AggregateSpec spec(KeyKind kind) {
        DataType keyType = kind == KeyKind.INT64 ? BIG : DataType.of(ColumnType.VARCHAR);
        return AggregateSpec.groupBy(
                List.of(keyType, BIG),
                List.of(0),
                List.of(
                        AggregateCall.of(AggKind.COUNT, List.of(), BIG, "c"),
                        AggregateCall.of(AggKind.SUM, List.of(1), BIG, "s")));
    }

    @ParameterizedTest
    @EnumSource(KeyKind.class)
    void drainFreesMemoryBlockByBlock(KeyKind kind) {
        int groups = 1_000_000;
        int blockSize = AggregateConfig.DEFAULT_BLOCK_SIZE;
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(4L << 30);
            try (BlockedAggregator agg =
                    new BlockedAggregator(
                            spec(kind),
                            AggregateConfig.defaults(),
                            root,
                            pool,
                            () -> false,
                            "EnumerableBlockedAggregate#1")) {
                for (long from = 0; from < groups; from += BATCH) {
                    try (VectorSchemaRoot b =
                            batch(root, kind, from, (int) Math.min(BATCH, groups - from), groups)) {
                        agg.sink(b);
                    }
                }
                agg.finish();
                long batches = 0;
                long seen = 0;
                VectorSchemaRoot out;
                while ((out = agg.nextBlock()) != null) {
                    batches++;
                    assertEquals(Math.min(blockSize, groups - seen), out.getRowCount());
                    for (int i = 0; i < out.getRowCount(); i += 997) {
                        assertEquals(1L, ((BigIntVector) out.getVector(1)).get(i));
                    }
                    seen += out.getRowCount();
                    assertEquals(agg.poolBytes(), pool.reserved());
                }
                AggregateMetrics m = agg.metrics();
                assertEquals(groups, seen);
                assertEquals((groups + blockSize - 1) / blockSize, batches);
                assertEquals(batches, m.outputBatches);
                assertEquals(groups, m.groups);
                assertTrue(m.poolAtHalfDrain <= 0.6 * m.poolAfterFirstBatch, m.toString());
                assertTrue(m.liveAtHalfDrain <= 0.6 * m.liveAfterFirstBatch, m.toString());
                assertTrue(m.poolAfterFirstBatch > 0 && m.liveAfterFirstBatch > 0, m.toString());
                assertTrue(
                        m.poolPeak >= m.poolAfterFirstBatch && m.livePeak >= m.liveAfterFirstBatch,
                        m.toString());
                assertEquals(0, agg.liveBytes());
                assertEquals(0, agg.poolBytes());
            }
            assertEquals(0, pool.reserved());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void memoryLimitSpillsAndLeaksNothing() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1L << 20);
            BlockedAggregator agg =
                    new BlockedAggregator(
                            spec(KeyKind.UTF8),
                            AggregateConfig.defaults(),
                            root,
                            pool,
                            () -> false,
                            "EnumerableBlockedAggregate#3");
            for (long from = 0; from < 200_000; from += BATCH) {
                try (VectorSchemaRoot b = batch(root, KeyKind.UTF8, from, BATCH, 200_000)) {
                    agg.sink(b);
                }
            }
            assertTrue(agg.spilled());
            agg.finish();
            long rows = 0;
            VectorSchemaRoot out;
            while ((out = agg.nextBlock()) != null) {
                rows += out.getRowCount();
            }
            assertEquals(200_000, rows);
            assertTrue(pool.peak() <= pool.limit());
            agg.close();
            assertEquals(0, pool.reserved());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void cancelMidBuildAndMidDrainLeaksNothing() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1L << 30);
            AtomicBoolean cancel = new AtomicBoolean();
            BlockedAggregator agg =
                    new BlockedAggregator(
                            spec(KeyKind.INT64),
                            new AggregateConfig(64, AggregateConfig.EmitMode.BLOCKED),
                            root,
                            pool,
                            cancel::get,
                            "Agg#cancel-build");
            try (VectorSchemaRoot b = batch(root, KeyKind.INT64, 0, 1000, 500)) {
                agg.sink(b);
                cancel.set(true);
                assertThrows(QueryCancelledException.class, () -> agg.sink(b));
            }
            agg.close();
            assertEquals(0, root.getAllocatedMemory());

            cancel.set(false);
            BlockedAggregator drain =
                    new BlockedAggregator(
                            spec(KeyKind.UTF8),
                            new AggregateConfig(64, AggregateConfig.EmitMode.BLOCKED),
                            root,
                            pool,
                            cancel::get,
                            "Agg#cancel-drain");
            try (VectorSchemaRoot b = batch(root, KeyKind.UTF8, 0, 1000, 500)) {
                drain.sink(b);
            }
            drain.finish();
            drain.nextBlock();
            drain.nextBlock();
            cancel.set(true);
            QueryCancelledException e =
                    assertThrows(QueryCancelledException.class, drain::nextBlock);
            assertEquals("Operator Agg#cancel-drain was cancelled", e.getMessage());
            drain.close();
            drain.close();
            assertEquals(0, pool.reserved());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void closeMidDrainWithEmitAllLeaksNothing() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1L << 30);
            BlockedAggregator agg =
                    new BlockedAggregator(
                            spec(KeyKind.UTF8),
                            new AggregateConfig(16, AggregateConfig.EmitMode.ALL),
                            root,
                            pool,
                            () -> false,
                            "Agg#all");
            try (VectorSchemaRoot b = batch(root, KeyKind.UTF8, 0, 1000, 300)) {
                agg.sink(b);
            }
            agg.finish();
            assertEquals(300, agg.nextBlock().getRowCount());
            assertEquals(1, agg.metrics().outputBatches);
            agg.close();
            assertEquals(0, pool.reserved());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void sumOverflowIsAnError() {
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        List.of(BIG, BIG),
                        List.of(0),
                        List.of(AggregateCall.of(AggKind.SUM, List.of(1), BIG, "total")));
        List<Object[]> rows =
                List.of(
                        new Object[] {1L, Long.MAX_VALUE},
                        new Object[] {2L, 5L},
                        new Object[] {1L, 1L});
        try (BufferAllocator root = new RootAllocator()) {
            TallyException e =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    AggregatorHarness.run(
                                            spec, AggregateConfig.defaults(), rows, root));
            assertEquals("SUM overflowed in aggregate 'total' (BIGINT)", e.getMessage());
            AggregateSpec intSum =
                    AggregateSpec.groupBy(
                            List.of(BIG, DataType.of(ColumnType.INTEGER)),
                            List.of(0),
                            List.of(
                                    AggregateCall.of(
                                            AggKind.SUM,
                                            List.of(1),
                                            DataType.of(ColumnType.INTEGER),
                                            "isum")));
            List<Object[]> ints =
                    List.of(new Object[] {1L, Integer.MAX_VALUE}, new Object[] {1L, 1});
            TallyException e2 =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    AggregatorHarness.run(
                                            intSum, AggregateConfig.defaults(), ints, root));
            assertEquals(
                    "aggregate 'isum': value 2147483648 out of range for INTEGER", e2.getMessage());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void singleValue() {
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        List.of(BIG, DataType.of(ColumnType.VARCHAR)),
                        List.of(0),
                        List.of(
                                AggregateCall.of(
                                        AggKind.SINGLE_VALUE,
                                        List.of(1),
                                        DataType.of(ColumnType.VARCHAR),
                                        "sv")));
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> ok =
                    AggregatorHarness.run(
                            spec,
                            AggregateConfig.defaults(),
                            List.of(new Object[] {1L, "a"}, new Object[] {2L, null}),
                            root);
            AggregatorHarness.assertSameRows(
                    List.of(new Object[] {1L, "a"}, new Object[] {2L, null}), ok);
            TallyException e =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    AggregatorHarness.run(
                                            spec,
                                            AggregateConfig.defaults(),
                                            List.of(
                                                    new Object[] {1L, "a"},
                                                    new Object[] {1L, null}),
                                            root));
            assertEquals("more than one value in agg SINGLE_VALUE ('sv')", e.getMessage());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void arrayKeysAndValues() {
        DataType arr = DataType.array(DataType.of(ColumnType.VARCHAR));
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        List.of(arr, BIG),
                        List.of(0),
                        List.of(
                                AggregateCall.of(AggKind.COUNT, List.of(), BIG, "c"),
                                AggregateCall.of(AggKind.ANY_VALUE, List.of(0), arr, "a")));
        List<Object[]> rows = new ArrayList<>();
        rows.add(new Object[] {List.of("x", "y"), 1L});
        rows.add(new Object[] {Arrays.asList("x", null), 2L});
        rows.add(new Object[] {List.of("x", "y"), 3L});
        rows.add(new Object[] {null, 4L});
        rows.add(new Object[] {List.of(), 5L});
        rows.add(new Object[] {Arrays.asList("x", null), 6L});
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> out =
                    AggregatorHarness.run(
                            spec,
                            new AggregateConfig(2, AggregateConfig.EmitMode.BLOCKED),
                            rows,
                            root);
            AggregatorHarness.assertSameRows(
                    List.of(
                            new Object[] {List.of("x", "y"), 2L, List.of("x", "y")},
                            new Object[] {Arrays.asList("x", null), 2L, Arrays.asList("x", null)},
                            new Object[] {null, 1L, null},
                            new Object[] {List.of(), 1L, List.of()}),
                    out);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void partialStatesSerializeAndMerge() {
        List<Object[]> rows = AggregateFunctionsTest.rows(4000, 21);
        List<AggregateCall> calls = new ArrayList<>(AggregateFunctionsTest.baseCalls());
        calls.add(
                AggregateCall.of(
                                AggKind.MIN,
                                List.of(AggregateFunctionsTest.S),
                                DataType.of(ColumnType.VARCHAR),
                                "min_s_distinct")
                        .withDistinct(true));
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        AggregateFunctionsTest.TYPES,
                        List.of(AggregateFunctionsTest.K1, AggregateFunctionsTest.K2),
                        calls);
        AggregateConfig config = new AggregateConfig(32, AggregateConfig.EmitMode.BLOCKED);
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1L << 30);
            List<Object[]> out = new ArrayList<>();
            try (BlockedAggregator a =
                            new BlockedAggregator(spec, config, root, pool, () -> false, "A");
                    BlockedAggregator b =
                            new BlockedAggregator(spec, config, root, pool, () -> false, "B")) {
                a.sinkRows(rows.subList(0, 2500).iterator());
                b.sinkRows(rows.subList(2500, 4000).iterator());
                assertEquals(a.partialSchema(), b.partialSchema());
                for (int blk = 0; blk < b.blockCount(); blk++) {
                    try (VectorSchemaRoot partial = b.serializeBlock(blk, root)) {
                        a.mergePartial(partial);
                    }
                }
                a.finish();
                VectorSchemaRoot batch;
                while ((batch = a.nextBlock()) != null) {
                    out.addAll(BatchRows.rows(batch));
                }
            }
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), out);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void rejectsBadSpecsAndBatches() {
        assertThrows(
                IllegalArgumentException.class,
                () -> new AggregateConfig(1000, AggregateConfig.EmitMode.BLOCKED));
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        AggregateSpec.groupBy(
                                List.of(DataType.of(ColumnType.VARCHAR)),
                                List.of(0),
                                List.of(AggregateCall.of(AggKind.SUM, List.of(0), BIG, "s"))));
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        AggregateSpec.groupBy(
                                List.of(BIG),
                                List.of(0),
                                List.of(
                                        AggregateCall.of(AggKind.COUNT, List.of(), BIG, "c")
                                                .withFilter(0))));
        IllegalArgumentException out =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                AggregateSpec.groupBy(
                                        List.of(BIG),
                                        List.of(),
                                        List.of(
                                                AggregateCall.of(
                                                        AggKind.MAX,
                                                        List.of(0),
                                                        DataType.of(ColumnType.VARCHAR),
                                                        "m"))));
        assertEquals("MAX (m) cannot produce VARCHAR from BIGINT", out.getMessage());
        try (BufferAllocator root = new RootAllocator()) {
            AggregateSpec spec =
                    AggregateSpec.groupBy(
                            List.of(DataType.of(ColumnType.INTEGER), BIG),
                            List.of(0),
                            List.of(AggregateCall.of(AggKind.COUNT, List.of(), BIG, "c")));
            try (BlockedAggregator agg =
                            new BlockedAggregator(
                                    spec,
                                    AggregateConfig.defaults(),
                                    root,
                                    new MemoryPool(1 << 30),
                                    () -> false,
                                    "Agg#bad");
                    VectorSchemaRoot b = batch(root, KeyKind.INT64, 0, 10, 5)) {
                TallyException e = assertThrows(TallyException.class, () -> agg.sink(b));
                assertEquals(
                        "input column 0: expected INTEGER as IntVector but the batch has BigIntVector",
                        e.getMessage());
            }
            assertNull(null);
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
