package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.memory.MemoryPool;
import io.tally.spill.SpillOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spilled table that found no reduction spills again at {@link
 * BlockedAggregator#SPILL_TABLE_GROUPS} groups instead of growing to the memory limit; one that
 * reduced grows on. Either way the answer is the unlimited one and nothing is left behind.
 */
class SpillGroupLimitTest {
    /** Rows sunk per call, so the table's size can be checked between chunks. */
    private static final int SLICE = 1024;

    /** Fits ~200 K groups of {@link #spec()} before the first spill (far above the cap). */
    private static final long LIMIT = 12L << 20;

    @TempDir Path dir;

    /** Per spill, the groups the table held when it spilled (its most before emptying). */
    private record Run(List<Object[]> rows, long maxGroupsAfterFirstSpill, long spills) {}

    private static AggregateSpec spec() {
        return SpillTest.wide();
    }

    private Run run(List<Object[]> rows, long limit, BufferAllocator root) {
        AggregateConfig config =
                new AggregateConfig(
                        AggregateConfig.DEFAULT_BLOCK_SIZE,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(dir.toString()));
        List<Object[]> out = new ArrayList<>();
        long most = 0;
        try (BlockedAggregator agg =
                new BlockedAggregator(
                        spec(), config, root, new MemoryPool(limit), () -> false, "Agg#limit")) {
            for (int from = 0; from < rows.size(); from += SLICE) {
                agg.sinkRows(rows.subList(from, Math.min(rows.size(), from + SLICE)).iterator());
                if (agg.spilled()) {
                    most = Math.max(most, agg.groupCount());
                }
            }
            agg.finish();
            VectorSchemaRoot batch;
            while ((batch = agg.nextBlock()) != null) {
                out.addAll(BatchRows.rows(batch));
            }
            return new Run(out, most, agg.metrics().spillCount);
        }
    }

    /** {@code n} rows of keys drawn by {@code key}, each with value 1..n. */
    private static List<Object[]> rows(int n, java.util.function.IntToLongFunction key) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add(new Object[] {key.applyAsLong(i), (long) i + 1});
        }
        return rows;
    }

    @Test
    void uniqueKeysSpillAtTheGroupLimitAfterTheFirstSpill() throws IOException {
        // a shuffled permutation: every key once, so no table ever reduces its rows
        int n = 600_000;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = i;
        }
        Random random = new Random(7);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            long t = keys[i];
            keys[i] = keys[j];
            keys[j] = t;
        }
        List<Object[]> rows = rows(n, i -> keys[i]);
        try (BufferAllocator root = new RootAllocator()) {
            Run limited = run(rows, LIMIT, root);
            assertTrue(limited.spills() > 1, "spills: " + limited.spills());
            // without the limit the table refills to the memory limit (~200 K groups) each time
            assertTrue(
                    limited.maxGroupsAfterFirstSpill()
                            <= BlockedAggregator.SPILL_TABLE_GROUPS + SLICE,
                    "groups after the first spill: " + limited.maxGroupsAfterFirstSpill());
            Run unlimited = run(rows, 1L << 34, root);
            assertEquals(0, unlimited.spills());
            AggregatorHarness.assertSameRows(unlimited.rows(), limited.rows());
            assertEquals(n, limited.rows().size());
        }
        assertNoSpillFilesLeft();
    }

    @Test
    void reducingKeysGrowPastTheGroupLimit() throws IOException {
        // 150 K keys drawn at random: the first table sees each of its keys ~1.7 times
        Random random = new Random(11);
        int keys = 150_000;
        List<Object[]> rows = rows(800_000, i -> random.nextInt(keys));
        try (BufferAllocator root = new RootAllocator()) {
            Run limited = run(rows, 6L << 20, root);
            assertTrue(limited.spills() > 1, "spills: " + limited.spills());
            assertTrue(
                    limited.maxGroupsAfterFirstSpill()
                            > BlockedAggregator.SPILL_TABLE_GROUPS + SLICE,
                    "groups after the first spill: " + limited.maxGroupsAfterFirstSpill());
            Run unlimited = run(rows, 1L << 34, root);
            AggregatorHarness.assertSameRows(unlimited.rows(), limited.rows());
        }
        assertNoSpillFilesLeft();
    }

    private void assertNoSpillFilesLeft() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            List<Path> left = files.filter(Files::isRegularFile).toList();
            assertTrue(left.isEmpty(), "spill files left: " + left);
        }
    }
}
