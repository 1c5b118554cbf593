package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Few groups per chunk: COUNT, SUM, $SUM0 and AVG take their counts from the chunk's rows per group
 * ({@code ChunkTally}) where a chunk has no NULL argument, and row by row elsewhere; both must
 * agree with {@link ReferenceAggregate}, with and without FILTER and DISTINCT, serial and parallel.
 */
class ChunkTallyTest {
    private static final int K = 0, V = 1, I = 2, D = 3, F = 4;
    private static final List<DataType> TYPES =
            List.of(
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.DOUBLE),
                    DataType.of(ColumnType.BOOLEAN));

    /** Arguments are NULL only in rows {@code [NULL_FROM, NULL_TO)}: other chunks have none. */
    private static final int NULL_FROM = 3000, NULL_TO = 4100;

    @TempDir Path spillDir;

    /**
     * {@code groups} keys (plus a NULL key now and then); doubles include ±0, NaN in group 3 and ±∞
     * in group 5.
     */
    private static List<Object[]> rows(int count, int groups, long seed) {
        Random r = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int k = r.nextInt(groups);
            boolean nullable = i >= NULL_FROM && i < NULL_TO;
            double d = r.nextInt(400) / 8.0 - 20;
            if (k == 3 && r.nextInt(50) == 0) {
                d = Double.NaN;
            } else if (k == 5 && r.nextInt(40) == 0) {
                d = r.nextBoolean() ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
            } else if (r.nextInt(30) == 0) {
                d = -0.0;
            }
            rows.add(
                    new Object[] {
                        r.nextInt(200) == 0 ? null : k,
                        nullable && r.nextInt(4) == 0 ? null : r.nextLong() >> 20,
                        nullable && r.nextInt(5) == 0 ? null : r.nextInt(1 << 20) - (1 << 19),
                        nullable && r.nextInt(3) == 0 ? null : d,
                        r.nextInt(3) != 0
                    });
        }
        return rows;
    }

    /** Each function plain and with FILTER, and with DISTINCT when {@code distinct}. */
    private static List<AggregateCall> calls(boolean distinct) {
        DataType big = DataType.of(ColumnType.BIGINT);
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        List<AggregateCall> base =
                List.of(
                        AggregateCall.of(AggKind.COUNT, List.of(), big, "cnt"),
                        AggregateCall.of(AggKind.COUNT, List.of(V), big, "cnt_v"),
                        AggregateCall.of(AggKind.COUNT, List.of(V, D), big, "cnt_vd"),
                        AggregateCall.of(AggKind.SUM, List.of(V), big, "sum_v"),
                        AggregateCall.of(AggKind.SUM0, List.of(I), big, "sum0_i"),
                        AggregateCall.of(AggKind.SUM, List.of(I), big, "sum_i"),
                        AggregateCall.of(AggKind.SUM, List.of(D), dbl, "sum_d"),
                        AggregateCall.of(AggKind.AVG, List.of(V), dbl, "avg_v"),
                        AggregateCall.of(AggKind.AVG, List.of(I), dbl, "avg_i"),
                        AggregateCall.of(AggKind.AVG, List.of(D), dbl, "avg_d"));
        return AggregateFunctionsTest.withFilteredCopies(base, F, distinct);
    }

    /** 30 groups take the tally path (≤ chunk rows / 4); 400 groups take the per-row path. */
    @ParameterizedTest
    @ValueSource(ints = {2, 64, 8192})
    void countsMatchTheModelWithAndWithoutNulls(int blockSize) {
        for (int groups : new int[] {1, 30, 400}) {
            List<Object[]> rows = rows(9000, groups, blockSize + groups);
            AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K), calls(true));
            AggregatorHarness.assertMatchesReference(
                    spec, new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED), rows);
        }
    }

    @Test
    void globalAggregateMatchesTheModel() {
        List<Object[]> rows = rows(5000, 7, 3);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(), calls(true));
        try (BufferAllocator root = new RootAllocator()) {
            AggregatorHarness.assertSameRows(
                    ReferenceAggregate.run(spec, rows),
                    AggregatorHarness.run(spec, AggregateConfig.defaults(), rows, root));
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /**
     * Partial tables count by tally, the final tables merge their serialized states (DISTINCT calls
     * do not run in parallel).
     */
    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void parallelPartialsMergeToTheModel(int threads) {
        List<Object[]> rows = rows(12000, 30, threads);
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K), calls(false));
        AggregateConfig config =
                new AggregateConfig(
                        64,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(spillDir.toString()));
        AggregatorHarness.assertParallelMatchesReference(spec, config, threads, rows);
    }

    /** A NULL-free chunk still sums exactly: BIGINT overflow is the call's error, nothing leaks. */
    @Test
    void sumOverflowInATalliedChunkIsAnError() {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            rows.add(new Object[] {i % 3, Long.MAX_VALUE / 500, i, 1.0, true});
        }
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        TYPES,
                        List.of(K),
                        List.of(
                                AggregateCall.of(
                                        AggKind.SUM,
                                        List.of(V),
                                        DataType.of(ColumnType.BIGINT),
                                        "big")));
        try (BufferAllocator root = new RootAllocator()) {
            TallyException e =
                    assertThrows(
                            TallyException.class,
                            () ->
                                    AggregatorHarness.run(
                                            spec, AggregateConfig.defaults(), rows, root));
            assertTrue(
                    e.getMessage().contains("SUM overflowed in aggregate 'big'"), e.getMessage());
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
