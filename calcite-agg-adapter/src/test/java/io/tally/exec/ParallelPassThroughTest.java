package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.exchange.PassThroughPolicy;
import io.tally.exec.exchange.WorkerPool;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryPool;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.SpillOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pass-through of {@link ParallelAggregator}'s partial tables ({@link RowRouter}, {@link
 * PassThroughPolicy}) against the HashMap model {@link ReferenceAggregate}: unique keys, unique
 * then repeating keys, NULL keys, every function with partial states, spilling; that it happened is
 * read from {@code passthrough_rows}. Every test closes its RootAllocator.
 */
class ParallelPassThroughTest {
    private static final List<DataType> TYPES = AggregateFunctionsTest.TYPES;
    private static final int K1 = AggregateFunctionsTest.K1;
    private static final int K2 = AggregateFunctionsTest.K2;
    private static final String NAME = "EnumerableBlockedAggregate#pass";

    /**
     * Full at 900 groups (two 500-row batches of unique keys, some NULL keys sharing a group),
     * re-checked every 3000 passed rows: several switches per worker.
     */
    private static final PassThroughPolicy EAGER = new PassThroughPolicy(900, 1.0 / 3, 3000);

    private static final DataType BIG = DataType.of(ColumnType.BIGINT);

    @TempDir Path spillDir;

    @AfterEach
    void noWorkerThreadIsLeft() {
        assertEquals(0, WorkerPool.runningTasks(), "a worker task outlived its aggregate");
    }

    private AggregateConfig config(int blockSize) {
        return new AggregateConfig(
                blockSize,
                AggregateConfig.EmitMode.BLOCKED,
                SpillOptions.defaults().withDir(spillDir.toString()));
    }

    private record Run(List<Object[]> rows, AggregateMetrics metrics) {}

    private Run run(
            AggregateSpec spec,
            int threads,
            long limit,
            List<Object[]> rows,
            PassThroughPolicy policy,
            BufferAllocator root) {
        int[] columns = new int[spec.inputTypes().size()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = i;
        }
        List<Object[]> out = new ArrayList<>();
        try (ParallelAggregator agg =
                new ParallelAggregator(
                        spec,
                        config(256),
                        threads,
                        root,
                        new MemoryPool(limit),
                        () -> false,
                        NAME,
                        null,
                        policy)) {
            agg.build(
                    ParallelAggregatorTest.splits(
                            spec, rows, threads, ParallelAggregatorTest.Hook.NONE),
                    columns,
                    () -> {});
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                out.addAll(BatchRows.rows(batch));
            }
            assertNull(agg.nextBlock());
            assertEquals(rows.size(), agg.metrics().inputRows);
            return new Run(out, agg.metrics());
        }
    }

    /** Random rows whose K1 is the row number (NULL every {@code nullEvery}-th row, 0: never). */
    private static List<Object[]> uniqueRows(int count, int nullEvery, long seed) {
        List<Object[]> rows = AggregateFunctionsTest.rows(count, seed);
        for (int i = 0; i < count; i++) {
            rows.get(i)[K1] = nullEvery > 0 && i % nullEvery == 0 ? null : i;
        }
        return rows;
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4, 8})
    void uniqueAndNullKeysWithEveryPartialFunctionMatchTheModel(int threads) {
        List<Object[]> rows = uniqueRows(20000, 50, threads);
        AggregateSpec spec =
                AggregateSpec.groupBy(TYPES, List.of(K1, K2), ParallelAggregatorTest.calls());
        try (BufferAllocator root = new RootAllocator()) {
            Run run = run(spec, threads, 1L << 32, rows, EAGER, root);
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
            assertTrue(run.metrics().passthroughRows > rows.size() / 2, run.metrics().toString());
            assertTrue(run.metrics().passthroughRows < rows.size(), run.metrics().toString());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** Order-dependent functions too (LISTAGG, ARRAY_AGG, ANY_VALUE): each group has one row. */
    @Test
    void everyFunctionOnStrictlyUniqueKeys() {
        List<Object[]> rows = uniqueRows(12000, 0, 5);
        AggregateSpec spec =
                AggregateSpec.groupBy(TYPES, List.of(K1), AggregateFunctionsTest.baseCalls());
        try (BufferAllocator root = new RootAllocator()) {
            Run run = run(spec, 2, 1L << 32, rows, EAGER, root);
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
            assertEquals(rows.size(), run.metrics().groups);
            assertTrue(run.metrics().passthroughRows > 0, run.metrics().toString());
        }
    }

    /** Unique keys, then keys from a small domain: after a re-check the workers aggregate again. */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void uniqueThenRepeatingKeysGoBackToAggregating(int threads) {
        List<Object[]> rows = uniqueRows(40000, 0, 9);
        for (int i = rows.size() / 2; i < rows.size(); i++) {
            rows.get(i)[K1] = i % 97;
        }
        AggregateSpec spec =
                AggregateSpec.groupBy(TYPES, List.of(K1, K2), ParallelAggregatorTest.calls());
        try (BufferAllocator root = new RootAllocator()) {
            Run run = run(spec, threads, 1L << 32, rows, EAGER, root);
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
            long passed = run.metrics().passthroughRows;
            assertTrue(passed > rows.size() / 4, run.metrics().toString());
            assertTrue(passed <= rows.size() / 2 + threads * 3000L, run.metrics().toString());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void spillsUnderASmallLimitWithTheSameAnswerAndNoFilesLeft(int threads) throws Exception {
        List<DataType> types =
                List.of(BIG, DataType.of(ColumnType.VARCHAR), DataType.of(ColumnType.DOUBLE));
        Random r = new Random(threads);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 60000; i++) {
            rows.add(
                    new Object[] {
                        i % 1000 == 0 ? null : (long) i,
                        "k" + r.nextInt(1 << 20),
                        r.nextInt(10) == 0 ? null : (double) r.nextInt(1000)
                    });
        }
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        types,
                        List.of(0, 1),
                        List.of(
                                AggregateCall.of(AggKind.COUNT, List.of(), BIG, "n"),
                                AggregateCall.of(
                                        AggKind.SUM,
                                        List.of(2),
                                        DataType.of(ColumnType.DOUBLE),
                                        "s"),
                                AggregateCall.of(
                                        AggKind.MAX,
                                        List.of(1),
                                        DataType.of(ColumnType.VARCHAR),
                                        "mx")));
        AggregateMetrics m = assertSpillsCleanly(spec, threads, 2L << 20, rows, EAGER);
        assertTrue(m.passthroughRows > 0, m.toString());
    }

    /** Columns of {@link #keyedRows}: a BIGINT key, a VARCHAR key derived from it, a DOUBLE. */
    private static final List<DataType> KEYED_TYPES =
            List.of(BIG, DataType.of(ColumnType.VARCHAR), DataType.of(ColumnType.DOUBLE));

    /**
     * {@code count} rows of {@link #KEYED_TYPES} from {@code new Random(seed)}: a key {@code k} in
     * {@code [0, keys)} (NULL where {@code k % 997 == 0}), {@code prefix + k % texts}, and a value
     * in {@code [0, 1000)} NULL one time in ten.
     */
    private static List<Object[]> keyedRows(
            long seed, int count, int keys, String prefix, int texts) {
        Random r = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            long k = r.nextInt(keys);
            rows.add(
                    new Object[] {
                        k % 997 == 0 ? null : k,
                        prefix + (k % texts),
                        r.nextInt(10) == 0 ? null : (double) r.nextInt(1000)
                    });
        }
        return rows;
    }

    /**
     * Runs {@code spec} under a {@code limit}-byte pool: the model's answer, spilled, no Arrow byte
     * and no spill file left; returns the metrics.
     */
    private AggregateMetrics assertSpillsCleanly(
            AggregateSpec spec,
            int threads,
            long limit,
            List<Object[]> rows,
            PassThroughPolicy policy)
            throws Exception {
        AggregateMetrics metrics;
        try (BufferAllocator root = new RootAllocator()) {
            Run run = run(spec, threads, limit, rows, policy, root);
            assertEquals(
                    AggregatorHarness.canonical(ReferenceAggregate.run(spec, rows)),
                    AggregatorHarness.canonical(run.rows()));
            metrics = run.metrics();
            assertTrue(metrics.spillWriteBytes > 0, metrics.toString());
            assertEquals(0, root.getAllocatedMemory());
        }
        try (Stream<Path> left = Files.walk(spillDir)) {
            assertEquals(1, left.count(), "spill files left behind");
        }
        return metrics;
    }

    /**
     * Partial tables handed to the final tables table to table, states merged in place (COUNT, SUM,
     * AVG, MIN/MAX of fixed width), while the final tables spill under a small limit: same answer,
     * no spill file or Arrow byte left. Its ~44,000 groups do not fit the limit in the final tables
     * alone, so they spill however the workers' hand-offs interleave (with 20,000 groups they
     * spilled only when partial tables held bytes at the same time, so not in every run).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void tableHandOffUnderASmallLimitSpillsWithTheSameAnswer(int threads) throws Exception {
        List<Object[]> rows = keyedRows(threads, 80000, 60000, "key-of-some-length-", 15000);
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        KEYED_TYPES,
                        List.of(0, 1),
                        List.of(
                                AggregateCall.of(AggKind.COUNT, List.of(), BIG, "n"),
                                AggregateCall.of(AggKind.SUM, List.of(2), dbl, "s"),
                                AggregateCall.of(AggKind.AVG, List.of(2), dbl, "a"),
                                AggregateCall.of(AggKind.SUM, List.of(0), BIG, "sk"),
                                AggregateCall.of(AggKind.MAX, List.of(2), dbl, "mx"),
                                AggregateCall.of(AggKind.MIN, List.of(0), BIG, "mn")));
        AggregateMetrics m =
                assertSpillsCleanly(spec, threads, 3L << 20, rows, PassThroughPolicy.OFF);
        assertTrue(m.tableMergedGroups > 0, m.toString());
    }

    @Test
    void offAndSmallInputsNeverPassThrough() {
        List<Object[]> rows = uniqueRows(8000, 40, 3);
        AggregateSpec spec =
                AggregateSpec.groupBy(TYPES, List.of(K1, K2), ParallelAggregatorTest.calls());
        try (BufferAllocator root = new RootAllocator()) {
            for (PassThroughPolicy policy :
                    List.of(PassThroughPolicy.OFF, PassThroughPolicy.DEFAULT)) {
                Run run = run(spec, 2, 1L << 32, rows, policy, root);
                AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
                assertEquals(0, run.metrics().passthroughRows, run.metrics().toString());
            }
        }
    }

    /** Several grouping sets or an empty one keep aggregating; DISTINCT tables stay serial. */
    @Test
    void groupingSetsAndDistinctTablesDoNotPassThrough() {
        List<AggregateCall> calls =
                List.of(
                        AggregateCall.of(AggKind.COUNT, List.of(), BIG, "n"),
                        AggregateCall.of(AggKind.SUM, List.of(AggregateFunctionsTest.V), BIG, "s"));
        BitSet both = new BitSet();
        both.set(K1);
        both.set(K2);
        BitSet first = new BitSet();
        first.set(K1);
        AggregateSpec rollup =
                new AggregateSpec(
                        TYPES, List.of(K1, K2), List.of(both, first, new BitSet()), calls);
        AggregateSpec cube = new AggregateSpec(TYPES, List.of(K1, K2), List.of(both, first), calls);
        AggregateSpec distinct =
                AggregateSpec.groupBy(
                        TYPES,
                        List.of(K1),
                        List.of(
                                new AggregateCall(
                                        AggKind.COUNT,
                                        List.of(AggregateFunctionsTest.V),
                                        true,
                                        -1,
                                        BIG,
                                        "cd")));
        assertFalse(RowRouter.supports(rollup));
        assertFalse(RowRouter.supports(cube));
        assertFalse(RowRouter.supports(distinct));
        assertFalse(RowRouter.supports(AggregateSpec.groupBy(TYPES, List.of(), calls)));
        assertTrue(RowRouter.supports(AggregateSpec.groupBy(TYPES, List.of(K1), calls)));
        List<Object[]> rows = uniqueRows(6000, 30, 4);
        try (BufferAllocator root = new RootAllocator()) {
            for (AggregateSpec spec : List.of(rollup, cube)) {
                Run run = run(spec, 2, 1L << 32, rows, EAGER, root);
                AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
                assertEquals(0, run.metrics().passthroughRows);
            }
        }
    }

    /** The calls of {@link ParallelAggregatorTest#calls} that leave repartitioning possible. */
    private static List<AggregateCall> orderFreeHolisticCalls() {
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : ParallelAggregatorTest.calls()) {
            if (!ParallelAggregator.HOLISTIC.contains(c.kind())
                    || ParallelAggregator.ORDER_FREE_HOLISTIC.contains(c.kind())) {
                calls.add(c);
            }
        }
        return calls;
    }

    /**
     * MEDIAN and PERCENTILE_CONT beside every function with partial states, keys repeating: every
     * row is passed through to the final tables, whatever the policy, with the model's answer;
     * grouped by the INTEGER key alone, every row is looked up in the final tables' direct index.
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void orderFreeHolisticAggregatesRepartitionEveryRow(int threads) {
        List<Object[]> rows = AggregateFunctionsTest.rows(20000, 11 + threads);
        for (int i = 0; i < rows.size(); i++) {
            rows.get(i)[K1] = i % 7 == 0 ? null : i % 613;
        }
        List<AggregateCall> calls = orderFreeHolisticCalls();
        assertTrue(calls.stream().anyMatch(c -> c.kind() == AggKind.MEDIAN));
        assertTrue(calls.stream().anyMatch(c -> c.kind() == AggKind.PERCENTILE_CONT));
        for (List<Integer> keys : List.of(List.of(K1, K2), List.of(K1))) {
            AggregateSpec spec = AggregateSpec.groupBy(TYPES, keys, calls);
            assertTrue(ParallelAggregator.repartitions(spec));
            assertNull(ParallelAggregator.preferSerialReason(spec));
            try (BufferAllocator root = new RootAllocator()) {
                Run run = run(spec, threads, 1L << 32, rows, PassThroughPolicy.OFF, root);
                AggregateMetrics m = run.metrics();
                AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
                assertEquals(rows.size(), m.passthroughRows, m.toString());
                assertEquals(threads, m.threads);
                assertEquals(keys.size() == 1 ? rows.size() : 0, m.directRows, m.toString());
                assertEquals(0, root.getAllocatedMemory());
            }
        }
    }

    /**
     * Repartitioned MEDIAN rows spill with the final tables under a small limit, by a hashed key
     * pair and by the BIGINT key alone (the final tables' direct index).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void repartitionedMedianSpillsWithTheSameAnswer(int threads) throws Exception {
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        List<Object[]> rows = keyedRows(threads, 60000, 20000, "key-", 5000);
        List<AggregateCall> calls =
                List.of(
                        AggregateCall.of(AggKind.COUNT, List.of(), BIG, "n"),
                        AggregateCall.of(AggKind.MEDIAN, List.of(2), dbl, "med"),
                        AggregateCall.of(AggKind.SUM, List.of(2), dbl, "s"));
        for (List<Integer> keys : List.of(List.of(0, 1), List.of(0))) {
            AggregateSpec spec = AggregateSpec.groupBy(KEYED_TYPES, keys, calls);
            AggregateMetrics m =
                    assertSpillsCleanly(spec, threads, 2L << 20, rows, PassThroughPolicy.DEFAULT);
            assertEquals(rows.size(), m.passthroughRows, m.toString());
            assertEquals(keys.size() == 1, m.directRows > 0, m.toString());
        }
    }

    /** MODE, LISTAGG and ARRAY_AGG depend on what the groups saw, so they keep the serial plan. */
    @Test
    void orderDependentHolisticCallsDoNotRepartition() {
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        AggregateCall median =
                AggregateCall.of(AggKind.MEDIAN, List.of(AggregateFunctionsTest.D), dbl, "m");
        for (AggKind kind : List.of(AggKind.MODE, AggKind.LISTAGG, AggKind.ARRAY_AGG)) {
            AggregateCall call =
                    AggregateFunctionsTest.baseCalls().stream()
                            .filter(c -> c.kind() == kind)
                            .findFirst()
                            .orElseThrow();
            AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1), List.of(median, call));
            assertFalse(ParallelAggregator.repartitions(spec), kind.toString());
            assertTrue(
                    ParallelAggregator.preferSerialReason(spec).contains("keeps every value"),
                    kind.toString());
        }
        AggregateSpec global = AggregateSpec.groupBy(TYPES, List.of(), List.of(median));
        assertFalse(ParallelAggregator.repartitions(global));
        assertTrue(ParallelAggregator.preferSerialReason(global).startsWith("MEDIAN"));
    }
}
