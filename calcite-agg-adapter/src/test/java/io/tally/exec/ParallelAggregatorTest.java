package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchRows;
import io.tally.batch.BatchSplit;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.QueryCancelledException;
import io.tally.batch.RowBatcher;
import io.tally.exec.exchange.WorkerPool;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryPool;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.SpillOptions;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ParallelAggregator} against the HashMap model {@link ReferenceAggregate}: answers for 1 to
 * 8 threads, spilling, cancellation, a failing worker; every test closes its RootAllocator (failing
 * on outstanding bytes) and checks that no worker task is left running.
 */
class ParallelAggregatorTest {
    private static final List<DataType> TYPES = AggregateFunctionsTest.TYPES;
    private static final int K1 = AggregateFunctionsTest.K1;
    private static final int K2 = AggregateFunctionsTest.K2;
    private static final int V = AggregateFunctionsTest.V;

    /** Results that depend on the order rows arrive in, which threads do not keep. */
    private static final Set<AggKind> ORDER_DEPENDENT =
            EnumSet.of(
                    AggKind.ANY_VALUE,
                    AggKind.LISTAGG,
                    AggKind.ARRAY_AGG,
                    AggKind.COLLECT,
                    AggKind.JSON_ARRAYAGG);

    private static final String NAME = "EnumerableBlockedAggregate#par";

    @TempDir Path spillDir;

    @AfterEach
    void noWorkerThreadIsLeft() {
        assertEquals(0, WorkerPool.runningTasks(), "a worker task outlived its aggregate");
    }

    /** Base calls (order-insensitive) plain and with FILTER; MIN/MAX also DISTINCT. */
    static List<AggregateCall> calls() {
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : AggregateFunctionsTest.baseCalls()) {
            if (ORDER_DEPENDENT.contains(c.kind()) && !c.ordered()) {
                continue;
            }
            calls.add(c);
            calls.add(
                    new AggregateCall(
                            c.kind(),
                            c.args(),
                            false,
                            AggregateFunctionsTest.B,
                            c.outputType(),
                            c.name() + "_f",
                            null,
                            c.options()));
            if (c.kind() == AggKind.MIN || c.kind() == AggKind.MAX) {
                calls.add(
                        new AggregateCall(
                                c.kind(), c.args(), true, -1, c.outputType(), c.name() + "_d"));
            }
        }
        return calls;
    }

    private AggregateConfig config(int blockSize) {
        return new AggregateConfig(
                blockSize,
                AggregateConfig.EmitMode.BLOCKED,
                SpillOptions.defaults().withDir(spillDir.toString()));
    }

    /** The rows of {@code parts} interleaved chunks, each packed into batches of 500 rows. */
    static List<BatchSplit> splits(AggregateSpec spec, List<Object[]> rows, int parts, Hook hook) {
        List<BatchSplit> splits = new ArrayList<>();
        for (int p = 0; p < parts; p++) {
            List<Object[]> mine = new ArrayList<>();
            for (int i = p; i < rows.size(); i += parts) {
                mine.add(rows.get(i));
            }
            int part = p;
            splits.add(allocator -> new RowsCursor(spec.inputTypes(), mine, allocator, part, hook));
        }
        return splits;
    }

    /** Called before each batch a split hands out (split index, batches so far). */
    interface Hook {
        Hook NONE = (split, batch) -> {};

        void beforeBatch(int split, int batch);
    }

    /** Packs a list of rows into batches. */
    private static final class RowsCursor implements BatchCursor {
        private final RowBatcher batcher;
        private final Iterator<Object[]> rows;
        private final int split;
        private final Hook hook;
        private int batches;

        RowsCursor(
                List<DataType> types,
                List<Object[]> rows,
                BufferAllocator allocator,
                int split,
                Hook hook) {
            this.batcher = new RowBatcher(types, allocator, 500);
            this.rows = rows.iterator();
            this.split = split;
            this.hook = hook;
        }

        @Override
        public VectorSchemaRoot next() {
            hook.beforeBatch(split, batches++);
            return batcher.fill(rows);
        }

        @Override
        public void close() {
            batcher.close();
        }
    }

    record Run(List<Object[]> rows, AggregateMetrics metrics) {}

    private static int[] allColumns(AggregateSpec spec) {
        int[] columns = new int[spec.inputTypes().size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = i;
        }
        return columns;
    }

    private static Run run(
            AggregateSpec spec,
            AggregateConfig config,
            int threads,
            long limit,
            List<Object[]> rows,
            BufferAllocator root,
            BooleanSupplier cancelled,
            Hook hook) {
        List<Object[]> out = new ArrayList<>();
        try (ParallelAggregator agg =
                new ParallelAggregator(
                        spec, config, threads, root, new MemoryPool(limit), cancelled, NAME)) {
            agg.build(splits(spec, rows, threads, hook), allColumns(spec), () -> {});
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                out.addAll(BatchRows.rows(batch));
            }
            assertNull(agg.nextBlock());
            assertEquals(out.size(), agg.metrics().outputRows);
            assertEquals(rows.size(), agg.metrics().inputRows);
            assertEquals(threads, agg.metrics().threads);
            return new Run(out, agg.metrics());
        }
    }

    static Run run(
            AggregateSpec spec,
            AggregateConfig config,
            int threads,
            List<Object[]> rows,
            BufferAllocator root) {
        return run(spec, config, threads, 1L << 32, rows, root, () -> false, Hook.NONE);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 8})
    void everyFunctionMatchesTheModel(int threads) {
        List<Object[]> rows = AggregateFunctionsTest.rows(12000, threads);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2), calls());
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> actual;
            if (threads == 1) {
                actual = AggregatorHarness.run(spec, config(64), rows, root);
            } else {
                Run run = run(spec, config(64), threads, rows, root);
                actual = run.rows();
                // the partial tables reached the final tables table to table
                assertTrue(run.metrics().tableMergedGroups > 0, run.metrics().toString());
            }
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), actual);
        }
    }

    /**
     * COUNT, SUM, $SUM0 and AVG (integer, double, decimal) and MIN/MAX of integer, boolean, date
     * and double arguments (with FILTER, DISTINCT and NULLs) merge their states state column to
     * state column when the partial tables reach the final tables: the answers match the model at 2
     * to 4 threads, with few groups (each in every partial table) and many.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3, 4})
    void fixedWidthStatesMergeInPlace(int threads) {
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : calls()) {
            boolean minMax = c.kind() == AggKind.MIN || c.kind() == AggKind.MAX;
            ColumnType.Family family =
                    minMax ? TYPES.get(c.args().get(0)).family() : ColumnType.Family.LONG;
            if (EnumSet.of(AggKind.COUNT, AggKind.SUM, AggKind.SUM0, AggKind.AVG).contains(c.kind())
                    || (minMax
                            && (family == ColumnType.Family.LONG
                                    || family == ColumnType.Family.DOUBLE))) {
                calls.add(c);
            }
        }
        assertTrue(calls.size() >= 30, calls.toString());
        List<Object[]> rows = AggregateFunctionsTest.rows(20000, threads);
        try (BufferAllocator root = new RootAllocator()) {
            for (List<Integer> keys : List.of(List.of(K2), List.of(K1, V, K2))) {
                AggregateSpec spec = AggregateSpec.groupBy(TYPES, keys, calls);
                Run run = run(spec, config(64), threads, rows, root);
                AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
                assertTrue(run.metrics().tableMergedGroups > 0, run.metrics().toString());
            }
        }
    }

    /** Integer and decimal sums, counts and MIN/MAX are exact whatever the merge order. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void manyGroupsWithStringAndNullKeys(int threads) {
        List<DataType> types =
                List.of(
                        DataType.of(ColumnType.VARCHAR),
                        DataType.of(ColumnType.BIGINT),
                        DataType.decimal(20, 2));
        Random r = new Random(threads);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 60000; i++) {
            rows.add(
                    new Object[] {
                        r.nextInt(50) == 0 ? null : "k" + r.nextInt(30000),
                        r.nextInt(20) == 0 ? null : (long) r.nextInt(1 << 20),
                        BigDecimal.valueOf(r.nextInt(100000), 2)
                    });
        }
        DataType big = DataType.of(ColumnType.BIGINT);
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        types,
                        List.of(0),
                        List.of(
                                AggregateCall.of(AggKind.COUNT, List.of(), big, "n"),
                                AggregateCall.of(AggKind.SUM, List.of(1), big, "s"),
                                AggregateCall.of(
                                        AggKind.SUM, List.of(2), DataType.decimal(38, 2), "d"),
                                AggregateCall.of(AggKind.MAX, List.of(1), big, "mx")));
        try (BufferAllocator root = new RootAllocator()) {
            Run run = run(spec, config(1024), threads, rows, root);
            List<Object[]> expected = ReferenceAggregate.run(spec, rows);
            assertEquals(
                    AggregatorHarness.canonical(expected), AggregatorHarness.canonical(run.rows()));
            assertEquals(expected.size(), run.metrics().groups);
            // every group left some partial table, table to table or passed through as a row
            assertTrue(
                    run.metrics().tableMergedGroups + run.metrics().passthroughRows
                            >= expected.size(),
                    run.metrics().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void globalAggregateAndRollupHaveOneEmptySetGroup(int threads) {
        List<Object[]> rows = AggregateFunctionsTest.rows(3000, 7);
        DataType big = DataType.of(ColumnType.BIGINT);
        List<AggregateCall> calls =
                List.of(
                        AggregateCall.of(AggKind.COUNT, List.of(), big, "n"),
                        AggregateCall.of(AggKind.SUM, List.of(V), big, "s"));
        BitSet both = new BitSet();
        both.set(K1);
        both.set(K2);
        BitSet first = new BitSet();
        first.set(K1);
        AggregateSpec rollup =
                new AggregateSpec(
                        TYPES, List.of(K1, K2), List.of(both, first, new BitSet()), calls);
        try (BufferAllocator root = new RootAllocator()) {
            Run global =
                    run(
                            AggregateSpec.groupBy(TYPES, List.of(), calls),
                            config(64),
                            threads,
                            rows,
                            root);
            assertEquals(1, global.rows().size());
            assertEquals(3000L, ((Number) global.rows().get(0)[0]).longValue());
            AggregatorHarness.assertSameRows(
                    ReferenceAggregate.run(rollup, rows),
                    run(rollup, config(64), threads, rows, root).rows());
            Run empty =
                    run(
                            AggregateSpec.groupBy(TYPES, List.of(), calls),
                            config(64),
                            threads,
                            List.of(),
                            root);
            assertEquals(1, empty.rows().size());
            assertEquals(0L, ((Number) empty.rows().get(0)[0]).longValue());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void spillsUnderASmallLimitWithTheSameAnswerAndNoFilesLeft(int threads) throws Exception {
        List<Object[]> rows = spillingRows();
        AggregateSpec spec = countSumMinByKey();
        try (BufferAllocator root = new RootAllocator()) {
            Run run =
                    run(spec, config(1024), threads, 2L << 20, rows, root, () -> false, Hook.NONE);
            assertEquals(
                    AggregatorHarness.canonical(ReferenceAggregate.run(spec, rows)),
                    AggregatorHarness.canonical(run.rows()));
            assertTrue(run.metrics().spillWriteBytes > 0, run.metrics().toString());
            assertEquals(0, root.getAllocatedMemory());
        }
        try (Stream<Path> left = Files.walk(spillDir)) {
            assertEquals(1, left.count(), "spill files left behind");
        }
    }

    /** Workers racing for the last bytes of a tiny pool must wait for each other, not fail. */
    @RepeatedTest(8)
    void spillsUnderASmallLimitRepeatedlyWithFourThreads() throws Exception {
        spillsUnderASmallLimitWithTheSameAnswerAndNoFilesLeft(4);
    }

    @Test
    void drainIsIncrementalAndMemoryFalls() {
        List<DataType> types = List.of(DataType.of(ColumnType.BIGINT));
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < 200000; i++) {
            rows.add(new Object[] {i});
        }
        DataType big = DataType.of(ColumnType.BIGINT);
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        types,
                        List.of(0),
                        List.of(AggregateCall.of(AggKind.SUM, List.of(0), big, "s")));
        try (BufferAllocator root = new RootAllocator();
                ParallelAggregator agg =
                        new ParallelAggregator(
                                spec,
                                config(1024),
                                4,
                                root,
                                new MemoryPool(1L << 32),
                                () -> false,
                                NAME)) {
            agg.build(splits(spec, rows, 4, Hook.NONE), new int[] {0}, () -> {});
            long rowsOut = 0;
            long first = -1;
            long half = -1;
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                assertTrue(batch.getRowCount() <= 1024);
                rowsOut += batch.getRowCount();
                if (first < 0) {
                    first = agg.poolBytes();
                }
                if (half < 0 && rowsOut * 2 >= rows.size()) {
                    half = agg.poolBytes();
                }
            }
            assertEquals(rows.size(), rowsOut);
            assertTrue(half < first * 0.7, "pool at half-drain " + half + " vs first " + first);
            assertTrue(agg.metrics().outputBatches >= 200000 / 1024, agg.metrics().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void cancelMidBuildStopsEveryThreadAndFreesEverything(int threads) {
        AtomicBoolean cancel = new AtomicBoolean();
        Hook cancelAtThird =
                (split, batch) -> {
                    if (split == threads - 1 && batch == 2) {
                        cancel.set(true);
                    }
                };
        List<Object[]> rows = AggregateFunctionsTest.rows(30000, 3);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2), calls());
        try (BufferAllocator root = new RootAllocator()) {
            assertThrows(
                    QueryCancelledException.class,
                    () ->
                            run(
                                    spec,
                                    config(64),
                                    threads,
                                    1L << 32,
                                    rows,
                                    root,
                                    cancel::get,
                                    cancelAtThird));
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void cancelMidDrainStopsAtTheNextBlock() {
        AtomicBoolean cancel = new AtomicBoolean();
        List<Object[]> rows = AggregateFunctionsTest.rows(5000, 4);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2), calls());
        try (BufferAllocator root = new RootAllocator()) {
            try (ParallelAggregator agg =
                    new ParallelAggregator(
                            spec,
                            config(16),
                            4,
                            root,
                            new MemoryPool(1L << 32),
                            cancel::get,
                            NAME)) {
                agg.build(splits(spec, rows, 4, Hook.NONE), allColumns(spec), () -> {});
                assertTrue(agg.nextBlock() != null);
                cancel.set(true);
                assertThrows(QueryCancelledException.class, agg::nextBlock);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void aFailingWorkerIsRethrownAsItWasThrown(int threads) {
        IllegalStateException boom = new IllegalStateException("disk on fire");
        AtomicInteger failing = new AtomicInteger(threads / 2);
        Hook fail =
                (split, batch) -> {
                    if (split == failing.get() && batch == 1) {
                        throw boom;
                    }
                };
        List<Object[]> rows = AggregateFunctionsTest.rows(20000, 5);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2), calls());
        try (BufferAllocator root = new RootAllocator()) {
            IllegalStateException thrown =
                    assertThrows(
                            IllegalStateException.class,
                            () ->
                                    run(
                                            spec,
                                            config(64),
                                            threads,
                                            1L << 32,
                                            rows,
                                            root,
                                            () -> false,
                                            fail));
            assertSame(boom, thrown);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void distinctWithAValueTableIsRefused() {
        DataType big = DataType.of(ColumnType.BIGINT);
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        TYPES,
                        List.of(K1),
                        List.of(new AggregateCall(AggKind.COUNT, List.of(V), true, -1, big, "cd")));
        assertTrue(ParallelAggregator.serialReason(spec).contains("DISTINCT"));
        try (BufferAllocator root = new RootAllocator()) {
            assertThrows(
                    IllegalArgumentException.class,
                    () ->
                            new ParallelAggregator(
                                    spec,
                                    config(64),
                                    2,
                                    root,
                                    new MemoryPool(1L << 30),
                                    () -> false,
                                    NAME));
        }
    }

    /** Small and quick, run many times: races show up as wrong answers or leaks. */
    @RepeatedTest(20)
    void repeatedSmallRunsAgree() {
        List<Object[]> rows = AggregateFunctionsTest.rows(4000, 99);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2), calls());
        try (BufferAllocator root = new RootAllocator()) {
            AggregatorHarness.assertSameRows(
                    ReferenceAggregate.run(spec, rows),
                    run(spec, config(16), 4, 1L << 32, rows, root, () -> false, Hook.NONE).rows());
        }
    }

    /**
     * 60,000 rows (BIGINT key of ~50,000 values, VARCHAR) that spill a parallel aggregate in 2 MiB.
     */
    static List<Object[]> spillingRows() {
        Random r = new Random(11);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 60000; i++) {
            rows.add(new Object[] {(long) r.nextInt(50000), "v" + r.nextInt(1000)});
        }
        return rows;
    }

    /** COUNT(*), SUM(key), MIN(name) by the BIGINT key of {@link #spillingRows}. */
    static AggregateSpec countSumMinByKey() {
        DataType big = DataType.of(ColumnType.BIGINT);
        return AggregateSpec.groupBy(
                List.of(big, DataType.of(ColumnType.VARCHAR)),
                List.of(0),
                List.of(
                        AggregateCall.of(AggKind.COUNT, List.of(), big, "n"),
                        AggregateCall.of(AggKind.SUM, List.of(0), big, "s"),
                        AggregateCall.of(
                                AggKind.MIN, List.of(1), DataType.of(ColumnType.VARCHAR), "mn")));
    }
}
