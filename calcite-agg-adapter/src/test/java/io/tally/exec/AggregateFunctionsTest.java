package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.CallOptions;
import io.tally.exec.state.TopKOrder;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every aggregate function, plain / FILTER / DISTINCT, against {@link ReferenceAggregate}. */
class AggregateFunctionsTest {
    static final int K1 = 0, K2 = 1, V = 2, D = 3, DEC = 4, S = 5, B = 6, T = 7, R = 8, DATE = 9;

    /** A unique, non-NULL BIGINT per row: orders ties away (ARG_MIN/MAX, WITHIN GROUP). */
    static final int ID = 10;

    static final List<DataType> TYPES =
            List.of(
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.VARCHAR),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.DOUBLE),
                    DataType.decimal(30, 2),
                    DataType.of(ColumnType.VARCHAR),
                    DataType.of(ColumnType.BOOLEAN),
                    DataType.of(ColumnType.TINYINT),
                    DataType.of(ColumnType.REAL),
                    DataType.of(ColumnType.DATE),
                    DataType.of(ColumnType.BIGINT));

    static List<Object[]> rows(int count, long seed) {
        Random r = new Random(seed);
        int[] domains = {40, 4, 500, 300, 400, 60, 2, 120, 50, 30, 1};
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Object[] row = new Object[TYPES.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(r, TYPES.get(c), domains[c], c == K1 ? 0.02 : 0.15);
            }
            row[ID] = seed * 1_000_000 + i;
            rows.add(row);
        }
        return rows;
    }

    static List<AggregateCall> baseCalls() {
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        DataType big = DataType.of(ColumnType.BIGINT);
        List<AggregateCall> calls = new ArrayList<>();
        calls.add(AggregateCall.of(AggKind.COUNT, List.of(), big, "cnt_star"));
        calls.add(AggregateCall.of(AggKind.COUNT, List.of(V), big, "cnt_v"));
        calls.add(AggregateCall.of(AggKind.COUNT, List.of(V, S), big, "cnt_vs"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(V), big, "sum_v"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(T), big, "sum_t"));
        calls.add(AggregateCall.of(AggKind.SUM0, List.of(V), big, "sum0_v"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(D), dbl, "sum_d"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(R), dbl, "sum_r"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(DEC), DataType.decimal(38, 2), "sum_dec"));
        calls.add(AggregateCall.of(AggKind.AVG, List.of(V), dbl, "avg_v"));
        calls.add(AggregateCall.of(AggKind.AVG, List.of(D), dbl, "avg_d"));
        calls.add(AggregateCall.of(AggKind.AVG, List.of(DEC), DataType.decimal(38, 4), "avg_dec"));
        for (int col : new int[] {V, D, DEC, S, B, T, R, DATE}) {
            calls.add(AggregateCall.of(AggKind.MIN, List.of(col), TYPES.get(col), "min_" + col));
            calls.add(AggregateCall.of(AggKind.MAX, List.of(col), TYPES.get(col), "max_" + col));
        }
        for (AggKind k :
                new AggKind[] {
                    AggKind.VAR_POP, AggKind.VAR_SAMP, AggKind.STDDEV_POP, AggKind.STDDEV_SAMP
                }) {
            calls.add(AggregateCall.of(k, List.of(D), dbl, k + "_d"));
            calls.add(AggregateCall.of(k, List.of(V), dbl, k + "_v"));
            calls.add(AggregateCall.of(k, List.of(DEC), dbl, k + "_dec"));
        }
        for (int col : new int[] {V, D, DEC, T, R}) {
            calls.add(AggregateCall.of(AggKind.MEDIAN, List.of(col), dbl, "median_" + col));
        }
        calls.add(
                AggregateCall.of(
                        AggKind.BOOL_AND, List.of(B), DataType.of(ColumnType.BOOLEAN), "every_b"));
        calls.add(
                AggregateCall.of(
                        AggKind.BOOL_OR, List.of(B), DataType.of(ColumnType.BOOLEAN), "some_b"));
        for (AggKind k : new AggKind[] {AggKind.BIT_AND, AggKind.BIT_OR, AggKind.BIT_XOR}) {
            calls.add(AggregateCall.of(k, List.of(T), DataType.of(ColumnType.TINYINT), k + "_t"));
        }
        calls.add(AggregateCall.of(AggKind.ANY_VALUE, List.of(S), TYPES.get(S), "any_s"));
        calls.add(AggregateCall.of(AggKind.ANY_VALUE, List.of(DEC), TYPES.get(DEC), "any_dec"));
        calls.add(AggregateCall.of(AggKind.LISTAGG, List.of(S), TYPES.get(S), "listagg_s"));
        calls.add(AggregateCall.of(AggKind.LISTAGG, List.of(S, K2), TYPES.get(S), "listagg_s_k2"));
        calls.add(
                AggregateCall.of(
                        AggKind.ARRAY_AGG, List.of(S), DataType.array(TYPES.get(S)), "array_s"));
        calls.addAll(issue18Calls());
        return calls;
    }

    /** The functions issue 18 added (ordered ones made deterministic by the unique ID). */
    static List<AggregateCall> issue18Calls() {
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        List<AggregateCall> calls = new ArrayList<>();
        calls.add(
                AggregateCall.of(
                                AggKind.LITERAL_AGG,
                                List.of(),
                                DataType.of(ColumnType.BOOLEAN),
                                "literal")
                        .withOptions(CallOptions.NONE.withConstant(true)));
        for (AggKind k : Accumulators.CO_MOMENTS) {
            DataType out = k == AggKind.REGR_COUNT ? DataType.of(ColumnType.BIGINT) : dbl;
            calls.add(AggregateCall.of(k, List.of(D, T), out, k + "_dt"));
            calls.add(AggregateCall.of(k, List.of(T, R), out, k + "_tr"));
        }
        calls.add(AggregateCall.of(AggKind.ARG_MIN, List.of(S, ID), TYPES.get(S), "argmin_s"));
        calls.add(
                AggregateCall.of(AggKind.ARG_MAX, List.of(DEC, ID), TYPES.get(DEC), "argmax_dec"));
        calls.add(AggregateCall.of(AggKind.ARG_MAX, List.of(D, ID), TYPES.get(D), "argmax_d"));
        for (int col : new int[] {V, D, DEC, S, DATE}) {
            calls.add(AggregateCall.of(AggKind.MODE, List.of(col), TYPES.get(col), "mode_" + col));
        }
        calls.add(percentile(AggKind.PERCENTILE_CONT, V, 0.25, false, dbl));
        calls.add(percentile(AggKind.PERCENTILE_CONT, D, 0.9, true, dbl));
        calls.add(
                percentile(
                        AggKind.PERCENTILE_CONT,
                        DATE,
                        0.5,
                        false,
                        DataType.of(ColumnType.TIMESTAMP)));
        calls.add(percentile(AggKind.PERCENTILE_DISC, S, 0.3, false, TYPES.get(S)));
        calls.add(percentile(AggKind.PERCENTILE_DISC, DEC, 0.75, true, TYPES.get(DEC)));
        calls.add(
                AggregateCall.of(
                        AggKind.COLLECT, List.of(V), DataType.multiset(TYPES.get(V)), "collect_v"));
        calls.add(AggregateCall.of(AggKind.ARRAY_AGG, List.of(D), DataType.array(dbl), "array_d"));
        calls.add(
                AggregateCall.of(
                                AggKind.ARRAY_AGG,
                                List.of(DEC, ID),
                                DataType.array(TYPES.get(DEC)),
                                "array_dec_by_id")
                        .withOptions(ordered(1, new TopKOrder.SortKey(1, true, false))));
        calls.add(
                AggregateCall.of(
                                AggKind.LISTAGG,
                                List.of(S, K2, V, ID),
                                TYPES.get(S),
                                "listagg_by_v")
                        .withOptions(
                                ordered(
                                        2,
                                        new TopKOrder.SortKey(2, false, true),
                                        new TopKOrder.SortKey(3, false, false))));
        calls.add(
                AggregateCall.of(AggKind.JSON_ARRAYAGG, List.of(DEC, ID), TYPES.get(S), "json_dec")
                        .withOptions(
                                ordered(1, new TopKOrder.SortKey(1, false, false))
                                        .withSkipNulls(true)));
        return calls;
    }

    private static CallOptions ordered(int arity, TopKOrder.SortKey... keys) {
        return CallOptions.ordered(List.of(keys), arity);
    }

    private static AggregateCall percentile(
            AggKind kind, int column, double fraction, boolean descending, DataType out) {
        return AggregateCall.of(kind, List.of(column), out, kind + "_" + column)
                .withOptions(
                        ordered(1, new TopKOrder.SortKey(0, descending, false))
                                .withConstant(fraction));
    }

    /** Each base call plain, with FILTER (WHERE b), DISTINCT, and both. */
    static List<AggregateCall> allVariants() {
        List<AggregateCall> calls = new ArrayList<>();
        for (AggregateCall c : baseCalls()) {
            calls.add(c);
            calls.add(rename(c.withFilter(B), "_f"));
            if (!c.args().isEmpty()) {
                calls.add(rename(c.withDistinct(true), "_d"));
                calls.add(rename(c.withDistinct(true).withFilter(B), "_df"));
            }
        }
        return calls;
    }

    /**
     * {@code base}, then per call in order its copy with FILTER on {@code filterArg} ("_f") and,
     * when {@code distinct} and it has arguments, its DISTINCT copy ("_d").
     */
    static List<AggregateCall> withFilteredCopies(
            List<AggregateCall> base, int filterArg, boolean distinct) {
        List<AggregateCall> calls = new ArrayList<>(base);
        for (AggregateCall c : base) {
            calls.add(rename(c.withFilter(filterArg), "_f"));
            if (distinct && !c.args().isEmpty()) {
                calls.add(rename(c.withDistinct(true), "_d"));
            }
        }
        return calls;
    }

    static AggregateCall rename(AggregateCall c, String suffix) {
        return new AggregateCall(
                c.kind(),
                c.args(),
                c.distinct(),
                c.filterArg(),
                c.outputType(),
                c.name() + suffix,
                c.topK(),
                c.options());
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 64, 8192})
    void everyFunctionMatchesReference(int blockSize) {
        List<Object[]> rows = rows(6000, blockSize);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2), allVariants());
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> actual =
                    AggregatorHarness.run(
                            spec,
                            new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED),
                            rows,
                            root);
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), actual);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void firstBlockGrowsUnderEveryFunction() {
        List<Object[]> rows = rows(6000, 5);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, S), allVariants());
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> actual =
                    AggregatorHarness.run(spec, AggregateConfig.defaults(), rows, root);
            assertTrue(
                    actual.size() > 4 * BlockLayout.FIRST_BLOCK_GROUPS, "groups " + actual.size());
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), actual);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void weakHashStillExact() {
        List<Object[]> rows = rows(800, 7);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, S), allVariants());
        try (BufferAllocator root = new RootAllocator()) {
            AggregateConfig weak =
                    new AggregateConfig(16, AggregateConfig.EmitMode.BLOCKED)
                            .withHashMaskForTesting(0x0000_0001_0000_0000L);
            AggregatorHarness.assertSameRows(
                    ReferenceAggregate.run(spec, rows),
                    AggregatorHarness.run(spec, weak, rows, root));
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void emitAllEqualsEmitBlocked() {
        List<Object[]> rows = rows(5000, 11);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1, K2, B), baseCalls());
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> blocked =
                    AggregatorHarness.run(
                            spec,
                            new AggregateConfig(8, AggregateConfig.EmitMode.BLOCKED),
                            rows,
                            root);
            List<Object[]> all =
                    AggregatorHarness.run(
                            spec, new AggregateConfig(8, AggregateConfig.EmitMode.ALL), rows, root);
            assertEquals(AggregatorHarness.canonical(blocked), AggregatorHarness.canonical(all));
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), all);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void groupingSetsRollupWithGroupingId() {
        List<Object[]> rows = rows(4000, 13);
        List<AggregateCall> calls = new ArrayList<>(baseCalls());
        calls.add(
                AggregateCall.of(
                        AggKind.GROUPING_ID,
                        List.of(K1, K2),
                        DataType.of(ColumnType.BIGINT),
                        "gid"));
        calls.add(
                AggregateCall.of(
                        AggKind.GROUPING, List.of(K2), DataType.of(ColumnType.BIGINT), "g2"));
        calls.add(rename(baseCalls().get(1).withDistinct(true), "_d"));
        BitSet both = new BitSet();
        both.set(K1);
        both.set(K2);
        BitSet first = new BitSet();
        first.set(K1);
        BitSet second = new BitSet();
        second.set(K2);
        AggregateSpec spec =
                new AggregateSpec(
                        TYPES, List.of(K1, K2), List.of(both, first, second, new BitSet()), calls);
        try (BufferAllocator root = new RootAllocator()) {
            for (int blockSize : new int[] {4, 8192}) {
                List<Object[]> actual =
                        AggregatorHarness.run(
                                spec,
                                new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED),
                                rows,
                                root);
                AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), actual);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void globalAggregateOnEmptyInputGivesOneRow() {
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(), baseCalls());
        try (BufferAllocator root = new RootAllocator()) {
            List<Object[]> actual =
                    AggregatorHarness.run(spec, AggregateConfig.defaults(), List.of(), root);
            assertEquals(1, actual.size());
            assertEquals(0L, actual.get(0)[0]);
            assertEquals(null, actual.get(0)[3]);
            assertEquals(0L, actual.get(0)[5]);
            AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, List.of()), actual);
            List<Object[]> rows = rows(1000, 3);
            AggregatorHarness.assertSameRows(
                    ReferenceAggregate.run(spec, rows),
                    AggregatorHarness.run(spec, AggregateConfig.defaults(), rows, root));
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void groupByOnEmptyInputGivesNoRows() {
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K1), baseCalls());
        try (BufferAllocator root = new RootAllocator()) {
            assertEquals(
                    0,
                    AggregatorHarness.run(spec, AggregateConfig.defaults(), List.of(), root)
                            .size());
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
