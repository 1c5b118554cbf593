package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.DoubleSelectionTest;
import io.tally.memory.MemoryPool;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * MEDIAN bit for bit against a sort-based model, with one huge group beside many small ones
 * (duplicates, NULL, NaN, ±Infinity, −0.0): unlimited, spilled under a memory limit, and merged
 * from parallel workers' partial states.
 */
class MedianAccumulatorTest {
    private static final int HUGE_GROUP_VALUES = 20_000;
    private static final int SMALL_ROWS = 150_000;
    private static final int SMALL_GROUPS = 3_000;

    /** The spilled run's memory_limit, as a share of the unlimited run's pool peak. */
    private static final int LIMIT_PERCENT = 70;

    private static final List<DataType> TYPES =
            List.of(DataType.of(ColumnType.INTEGER), DataType.of(ColumnType.DOUBLE));
    private static final AggregateSpec SPEC =
            AggregateSpec.groupBy(
                    TYPES,
                    List.of(0),
                    List.of(
                            AggregateCall.of(
                                    AggKind.MEDIAN,
                                    List.of(1),
                                    DataType.of(ColumnType.DOUBLE),
                                    "m")));

    @TempDir Path spillDir;

    @ParameterizedTest
    @ValueSource(ints = {16, 64, 8192})
    void unlimitedAndSpilledMatchTheModel(int blockSize) {
        List<Object[]> rows = rows(blockSize);
        try (BufferAllocator root = new RootAllocator()) {
            Map<Integer, Long> expected = model(rows);
            Run unlimited = run(rows, blockSize, 1L << 34, root);
            assertEquals(expected, unlimited.medians());
            assertFalse(unlimited.spilled());
            long limit = unlimited.poolPeak() * LIMIT_PERCENT / 100;
            Run limited = run(rows, blockSize, limit, root);
            assertEquals(expected, limited.medians());
            assertTrue(limited.spilled(), "limit " + limit);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 4})
    void parallelPartialStatesMergeExactly(int threads) {
        List<Object[]> rows = rows(threads);
        try (BufferAllocator root = new RootAllocator()) {
            Map<Integer, Long> actual = new TreeMap<>();
            try (ParallelAggregator agg =
                    new ParallelAggregator(
                            SPEC,
                            config(256),
                            threads,
                            root,
                            new MemoryPool(1L << 34),
                            () -> false,
                            "EnumerableBlockedAggregate#median")) {
                agg.build(
                        ParallelAggregatorTest.splits(
                                SPEC, rows, threads, ParallelAggregatorTest.Hook.NONE),
                        new int[] {0, 1},
                        () -> {});
                VectorSchemaRoot batch;
                while ((batch = agg.nextBlock()) != null) {
                    collect(BatchRows.rows(batch), actual);
                }
            }
            assertEquals(model(rows), actual);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** A run's medians by key (as double bits), its pool peak and whether it spilled. */
    private record Run(Map<Integer, Long> medians, long poolPeak, boolean spilled) {}

    private Run run(List<Object[]> rows, int blockSize, long limit, BufferAllocator root) {
        Map<Integer, Long> out = new TreeMap<>();
        try (BlockedAggregator agg =
                new BlockedAggregator(
                        SPEC,
                        config(blockSize),
                        root,
                        new MemoryPool(limit),
                        () -> false,
                        "EnumerableBlockedAggregate#median")) {
            agg.sinkRows(rows.iterator());
            agg.finish();
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                collect(BatchRows.rows(batch), out);
            }
            assertTrue(agg.metrics().poolPeak <= limit);
            return new Run(out, agg.metrics().poolPeak, agg.spilled());
        }
    }

    private AggregateConfig config(int blockSize) {
        return new AggregateConfig(
                blockSize,
                AggregateConfig.EmitMode.BLOCKED,
                SpillOptions.defaults().withDir(spillDir.toString()));
    }

    private static void collect(List<Object[]> rows, Map<Integer, Long> out) {
        for (Object[] row : rows) {
            Long bits = row[1] == null ? null : Double.doubleToLongBits((Double) row[1]);
            assertEquals(null, out.put((Integer) row[0], bits), "group " + row[0] + " twice");
        }
    }

    /**
     * Key 0 gets {@link #HUGE_GROUP_VALUES} values; the rest spread over small groups; shuffled.
     */
    private static List<Object[]> rows(long seed) {
        Random r = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < HUGE_GROUP_VALUES; i++) {
            rows.add(new Object[] {0, DoubleSelectionTest.value(r, 1000)});
        }
        for (int i = 0; i < SMALL_ROWS; i++) {
            int key = 1 + r.nextInt(SMALL_GROUPS);
            rows.add(
                    new Object[] {
                        key,
                        key % 97 == 0 || r.nextInt(20) == 0
                                ? null
                                : DoubleSelectionTest.value(r, 1 + key % 30)
                    });
        }
        Collections.shuffle(rows, r);
        return rows;
    }

    private static Map<Integer, Long> model(List<Object[]> rows) {
        Map<Integer, List<Double>> values = new TreeMap<>();
        for (Object[] row : rows) {
            List<Double> group = values.computeIfAbsent((Integer) row[0], k -> new ArrayList<>());
            if (row[1] != null) {
                group.add((Double) row[1]);
            }
        }
        Map<Integer, Long> out = new TreeMap<>();
        values.forEach(
                (k, v) ->
                        out.put(
                                k,
                                v.isEmpty()
                                        ? null
                                        : Double.doubleToLongBits(
                                                DoubleSelectionTest.model(
                                                        v.stream()
                                                                .mapToDouble(Double::doubleValue)
                                                                .toArray()))));
        return out;
    }
}
