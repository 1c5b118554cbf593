package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.CheckedAllocator;
import io.tally.memory.MemoryPool;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory gate against another holder of the same budget: bytes the gate found free must still
 * be there when the step allocates them. Under a tiny {@code server_memory_limit}, a second query
 * on another thread keeps taking every free byte of the server pool for a moment and giving it back
 * while one aggregator builds; a gate that only checked the free bytes let the other query take
 * them before the step reserved them, and the step failed with the limit error instead of waiting.
 */
class GateRaceTest {
    private static final DataType BIGINT = DataType.of(ColumnType.BIGINT);
    private static final int ROWS = 60_000;
    private static final long SERVER_LIMIT = 1 << 20;
    private static final int ROUNDS = 30;

    @RegisterExtension final CheckedAllocator root = new CheckedAllocator();
    @TempDir Path dir;

    @Test
    void stepsKeepTheBytesTheirGateFoundWhileAnotherThreadTakesFreeBytes() throws Exception {
        AggregateSpec spec =
                AggregateSpec.groupBy(
                        List.of(BIGINT, BIGINT),
                        List.of(0),
                        List.of(
                                AggregateCall.of(AggKind.SUM, List.of(1), BIGINT, "s"),
                                AggregateCall.of(AggKind.COUNT, List.of(), BIGINT, "c")));
        AggregateConfig config =
                new AggregateConfig(
                        1024,
                        AggregateConfig.EmitMode.BLOCKED,
                        SpillOptions.defaults().withDir(dir.toString()));
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            rows.add(new Object[] {i * 7919 % (ROWS / 2), i});
        }
        Map<Long, long[]> expected = new HashMap<>();
        for (Object[] r : rows) {
            long[] sc = expected.computeIfAbsent((Long) r[0], k -> new long[2]);
            sc[0] += (Long) r[1];
            sc[1]++;
        }
        int spilledRounds = 0;
        for (int round = 0; round < ROUNDS; round++) {
            MemoryPool server = new MemoryPool("server_memory_limit", SERVER_LIMIT, null);
            MemoryPool pool = new MemoryPool(MemoryPool.QUERY_LIMIT, 1L << 30, server);
            MemoryPool other = new MemoryPool(MemoryPool.QUERY_LIMIT, 1L << 30, server);
            AtomicBoolean building = new AtomicBoolean(true);
            Thread thief = new Thread(() -> takeFreeBytes(other, building), "gate-race-thief");
            Map<Long, long[]> got = new HashMap<>();
            try (BlockedAggregator agg =
                    new BlockedAggregator(
                            spec, config, root.get(), pool, () -> false, "GateRaceTest#agg")) {
                thief.start();
                try {
                    agg.sinkRows(rows.iterator());
                } finally {
                    building.set(false);
                    thief.join();
                }
                agg.finish();
                VectorSchemaRoot batch;
                while ((batch = agg.nextBlock()) != null) {
                    for (Object[] r : BatchRows.rows(batch)) {
                        got.put((Long) r[0], new long[] {(Long) r[1], (Long) r[2]});
                    }
                }
                spilledRounds += agg.spilled() ? 1 : 0;
            }
            assertEquals(0, server.reserved(), "round " + round);
            assertEquals(expected.size(), got.size(), "round " + round);
            for (Map.Entry<Long, long[]> e : expected.entrySet()) {
                long[] g = got.get(e.getKey());
                assertEquals(e.getValue()[0], g[0], "sum of " + e.getKey());
                assertEquals(e.getValue()[1], g[1], "count of " + e.getKey());
            }
        }
        assertEquals(ROUNDS, spilledRounds, "the limit must make every round spill");
    }

    /**
     * Until the build ends: takes every free byte of the server, holds them briefly, returns them.
     */
    private static void takeFreeBytes(MemoryPool other, AtomicBoolean building) {
        while (building.get()) {
            long free = other.available();
            if (free > 0 && other.tryReserve(free)) {
                Thread.onSpinWait();
                other.release(free);
            }
            Thread.yield();
        }
    }
}
