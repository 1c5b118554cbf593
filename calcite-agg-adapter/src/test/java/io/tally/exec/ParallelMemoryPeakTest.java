package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.MemoryPool;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The memory peaks a {@link ParallelAggregator} reports are those of the operator as a whole (the
 * most bytes all its tables held at the same time), not the sum of its tables' own peaks, which
 * fall at different times: under a memory limit the reported pool peak stays within it.
 */
class ParallelMemoryPeakTest {
    private static final String NAME = "EnumerableBlockedAggregate#peak";

    @TempDir Path spillDir;

    @ParameterizedTest
    @CsvSource({"2, 2097152", "4, 2097152", "2, 4294967296", "4, 4294967296"})
    void peaksAreTheWholeOperatorsAtOnce(int threads, long limit) {
        List<Object[]> rows = ParallelAggregatorTest.spillingRows();
        AggregateSpec spec = ParallelAggregatorTest.countSumMinByKey();
        AggregateConfig config =
                new AggregateConfig(
                        1024,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(spillDir.toString()));
        MemoryPool pool = new MemoryPool(limit);
        try (BufferAllocator root = new RootAllocator()) {
            try (ParallelAggregator agg =
                    new ParallelAggregator(spec, config, threads, root, pool, () -> false, NAME)) {
                agg.build(
                        ParallelAggregatorTest.splits(
                                spec, rows, threads, ParallelAggregatorTest.Hook.NONE),
                        new int[] {0, 1},
                        () -> {});
                long out = 0;
                VectorSchemaRoot batch;
                while ((batch = agg.nextBlock()) != null) {
                    out += batch.getRowCount();
                }
                AggregateMetrics m = agg.metrics();
                assertEquals(m.groups, out);
                assertTrue(m.poolPeak > 0 && m.livePeak > 0, m.toString());
                assertTrue(m.poolPeak <= limit, m.poolPeak + " > limit " + limit);
                // nothing else reserves from this pool: the operator's tables held at most its peak
                assertTrue(m.poolPeak <= pool.peak(), m.poolPeak + " > pool peak " + pool.peak());
                assertTrue(m.livePeak <= root.getPeakMemoryAllocation(), m.toString());
                for (int t = 0; t < threads; t++) {
                    assertAtLeast(m, agg.partialTable(t).metrics());
                    assertAtLeast(m, agg.finalTable(t).metrics());
                }
                if (limit < (1L << 20) * 8) {
                    assertTrue(m.spillWriteBytes > 0, "no spill: " + m);
                }
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** The operator's peaks are at least any one of its tables' own. */
    private static void assertAtLeast(AggregateMetrics operator, AggregateMetrics table) {
        assertTrue(operator.poolPeak >= table.poolPeak, operator.poolPeak + " < " + table.poolPeak);
        assertTrue(operator.livePeak >= table.livePeak, operator.livePeak + " < " + table.livePeak);
    }
}
