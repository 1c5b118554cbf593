package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.CheckedAllocator;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a table starts over or starts at all, its first buffers must not depend on bytes another
 * thread of the query can take first: a partial table's flush keeps part of the blocks it frees for
 * its empty table, and a parallel aggregate creates every worker's partial table before any worker
 * fills the pool (CI once failed a late worker's first index: "needed 8.0 KiB more").
 */
class TableRestartMemoryTest {
    private static final int K1 = AggregateFunctionsTest.K1;
    private static final int ID = AggregateFunctionsTest.ID;

    @RegisterExtension final CheckedAllocator root = new CheckedAllocator();
    @TempDir Path dir;

    private AggregateConfig config() {
        return new AggregateConfig(
                256,
                AggregateConfig.EmitMode.BLOCKED,
                SpillOptions.defaults().withDir(dir.toString()));
    }

    private static AggregateSpec spec() {
        return AggregateSpec.groupBy(
                AggregateFunctionsTest.TYPES, List.of(K1, ID), ParallelAggregatorTest.calls());
    }

    @Test
    void flushKeepsTheEmptyTablesBytesWhileAnotherThreadTakesEveryFreeByte() {
        MemoryPool pool = new MemoryPool(64L << 20);
        try (BlockedAggregator agg =
                        new BlockedAggregator(
                                spec(), config(), root.get(), pool, () -> false, "restart#agg");
                OperatorMemory other = new OperatorMemory("restart#other", root.get(), pool)) {
            agg.sinkRows(AggregateFunctionsTest.rows(5000, 7).iterator());
            assertTrue(agg.groupCount() > 1000);
            long[] taken = {0};
            agg.flushPartials(
                    batch -> {
                        long free = pool.available();
                        other.reserve(free);
                        taken[0] += free;
                    });
            assertEquals(0, agg.groupCount());
            other.release(taken[0]);
            agg.sinkRows(AggregateFunctionsTest.rows(100, 8).iterator());
            assertTrue(agg.groupCount() > 0);
        }
        assertEquals(0, pool.reserved());
    }

    @Test
    void aParallelAggregateCreatesEveryPartialTableUpFront() {
        MemoryPool lone = new MemoryPool(64L << 20);
        long empty;
        try (BlockedAggregator one =
                new BlockedAggregator(spec(), config(), root.get(), lone, () -> false, "one")) {
            empty = lone.reserved();
        }
        assertTrue(empty > 0);
        for (int threads : new int[] {2, 4}) {
            MemoryPool pool = new MemoryPool(64L << 20);
            try (ParallelAggregator agg =
                    new ParallelAggregator(
                            spec(), config(), threads, root.get(), pool, () -> false, "par")) {
                // every final table and every partial table, none made later by a worker
                assertEquals(2L * threads * empty, pool.reserved(), "threads " + threads);
            }
            assertEquals(0, pool.reserved());
        }
    }
}
