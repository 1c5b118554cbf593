package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
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

/**
 * h2o q5's shape (SUMs of INTEGER, BIGINT and DOUBLE columns by a dense INTEGER key, too many
 * groups for a chunk tally), whose NULL-free chunks add all sums in one pass per row ({@link
 * io.tally.exec.state.InterleavedSums}), mixed with chunks that must take the per-call paths: NULL
 * keys, NULL values, keys far outside the dense range; serial, on two threads (merged partial
 * tables) and spilled, each against {@link ReferenceAggregate}.
 */
class InterleavedSumsAggregateTest {
    private static final int K = 0;
    private static final List<DataType> TYPES =
            List.of(
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.INTEGER),
                    DataType.of(ColumnType.BIGINT),
                    DataType.of(ColumnType.DOUBLE));

    @TempDir Path spillDir;

    /** Dense keys 1..keys in NULL-free runs, with runs of NULL keys, NULL values and far keys. */
    private static List<Object[]> rows(int keys, int rows) {
        return rows(keys, rows, true);
    }

    /** As {@link #rows(int, int)}, with the far keys only when {@code far}. */
    private static List<Object[]> rows(int keys, int rows, boolean far) {
        Random r = new Random(5);
        List<Object[]> out = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            int phase = (i / 3000) % 5;
            Object key = 1 + r.nextInt(keys);
            Object v1 = r.nextInt(201) - 100;
            Object v2 = (long) r.nextInt(1_000_000);
            Object v3 = r.nextInt(1000) / 4.0;
            if (phase == 1 && i % 7 == 0) {
                key = null;
            } else if (phase == 2 && i % 5 == 0) {
                v1 = null;
                v3 = null;
            } else if (far && phase == 3 && i % 11 == 0) {
                key = i % 2 == 0 ? 2_000_000_000 - i : -1_000_000 - i;
            }
            out.add(new Object[] {key, v1, v2, v3});
        }
        return out;
    }

    private static AggregateSpec spec(boolean withSum0) {
        DataType big = DataType.of(ColumnType.BIGINT);
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        List<AggregateCall> calls = new ArrayList<>();
        calls.add(AggregateCall.of(AggKind.SUM, List.of(1), big, "sum_v1"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(2), big, "sum_v2"));
        calls.add(AggregateCall.of(AggKind.SUM, List.of(3), dbl, "sum_v3"));
        if (withSum0) {
            calls.add(AggregateCall.of(AggKind.SUM0, List.of(1), big, "sum0_v1"));
            calls.add(AggregateCall.of(AggKind.SUM, List.of(3), dbl, "sum_v3b"));
        }
        return AggregateSpec.groupBy(TYPES, List.of(K), calls);
    }

    @Test
    void serialMatchesTheModel() {
        List<Object[]> rows = rows(4000, 40_000);
        for (boolean withSum0 : new boolean[] {false, true}) {
            for (int blockSize : new int[] {64, 8192}) {
                AggregatorHarness.assertMatchesReference(
                        spec(withSum0),
                        new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED),
                        rows);
            }
        }
    }

    /**
     * h2o q4's shape: AVGs (and a SUM) by a key of few groups, whose NULL-free chunks are tallied
     * and add in one pass into the first block ({@code InterleavedSums}' tallied way); with blocks
     * of 64 and 100 keys the groups pass the first block and the per-call paths run instead.
     */
    @Test
    void fewGroupsAveragesMatchTheModel() {
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        List<AggregateCall> calls =
                List.of(
                        AggregateCall.of(AggKind.AVG, List.of(1), dbl, "avg_v1"),
                        AggregateCall.of(AggKind.AVG, List.of(2), dbl, "avg_v2"),
                        AggregateCall.of(AggKind.AVG, List.of(3), dbl, "avg_v3"),
                        AggregateCall.of(AggKind.SUM, List.of(3), dbl, "sum_v3"));
        AggregateSpec spec = AggregateSpec.groupBy(TYPES, List.of(K), calls);
        for (int keys : new int[] {40, 100}) {
            for (boolean far : new boolean[] {false, true}) {
                List<Object[]> rows = rows(keys, 30_000, far);
                for (int blockSize : new int[] {64, 8192}) {
                    AggregatorHarness.assertMatchesReference(
                            spec,
                            new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED),
                            rows);
                }
                AggregatorHarness.assertParallelMatchesReference(
                        spec,
                        new AggregateConfig(
                                64,
                                AggregateConfig.EmitMode.BLOCKED,
                                SpillOptions.defaults().withDir(spillDir.toString())),
                        2,
                        rows);
            }
        }
    }

    @Test
    void mergedPartialTablesMatchTheModel() {
        AggregateConfig config =
                new AggregateConfig(
                        64,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(spillDir.toString()));
        AggregatorHarness.assertParallelMatchesReference(spec(true), config, 2, rows(4000, 40_000));
    }

    @Test
    void spilledRunsMatchTheModel() {
        List<Object[]> rows = rows(60_000, 150_000);
        AggregateSpec spec = spec(false);
        AggregateConfig config =
                new AggregateConfig(
                        1024,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(spillDir.toString()));
        try (BufferAllocator root = new RootAllocator()) {
            long peak = run(spec, config, 1L << 34, rows, root, false);
            run(spec, config, peak * 6 / 10, rows, root, true);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /**
     * Runs under {@code limit}, checks the answer and whether it spilled; returns the pool peak.
     */
    private static long run(
            AggregateSpec spec,
            AggregateConfig config,
            long limit,
            List<Object[]> rows,
            BufferAllocator root,
            boolean spills) {
        SpillTest.Run run = SpillTest.run(spec, config, limit, rows, root);
        assertEquals(spills, run.spilled(), run.metrics().toString());
        AggregatorHarness.assertSameRows(ReferenceAggregate.run(spec, rows), run.rows());
        return run.metrics().poolPeak;
    }
}
