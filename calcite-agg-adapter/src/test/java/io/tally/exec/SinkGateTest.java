package io.tally.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.RowBatcher;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.CheckedAllocator;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The contract between {@link SinkState}'s input path and its {@link MemoryGate}: every check hands
 * the gate the bytes its bound supplier gives at that moment (the sink computes them itself, see
 * {@link MemoryGate#ensure}), twice per chunk (keys, then the update), and a gate that frees memory
 * at the update check makes the chunk resolve again into the emptied table without losing a row.
 */
class SinkGateTest {
    private static final DataType BIGINT = DataType.of(ColumnType.BIGINT);
    private static final int ROWS = 10_000;
    private static final int KEYS = 3_000;

    @RegisterExtension final CheckedAllocator root = new CheckedAllocator();

    private static AggregateSpec spec() {
        return AggregateSpec.groupBy(
                List.of(BIGINT, BIGINT),
                List.of(0),
                List.of(AggregateCall.of(AggKind.SUM, List.of(1), BIGINT, "s")));
    }

    /** A gate that records each need next to its supplier's value and holds the bytes. */
    private static final class RecordingGate implements MemoryGate {
        final OperatorMemory memory;
        final List<long[]> checks = new ArrayList<>();
        int resetAtCheck = -1;
        SinkState sink;

        RecordingGate(OperatorMemory memory) {
            this.memory = memory;
        }

        @Override
        public boolean ensure(long need, LongSupplier bound, boolean mayFree) {
            checks.add(new long[] {need, bound.getAsLong(), mayFree ? 1 : 0});
            memory.releaseHold();
            if (checks.size() - 1 == resetAtCheck && mayFree) {
                sink.reset();
                assertTrue(memory.tryHold(bound.getAsLong()));
                return true;
            }
            assertTrue(memory.tryHold(need));
            return false;
        }
    }

    private static List<Object[]> rows() {
        List<Object[]> rows = new ArrayList<>();
        for (long i = 0; i < ROWS; i++) {
            rows.add(new Object[] {i * 7919 % KEYS, i});
        }
        return rows;
    }

    @Test
    void everyCheckGetsItsBoundsValueTwicePerChunk() {
        MemoryPool pool = new MemoryPool(1L << 30);
        try (OperatorMemory memory = new OperatorMemory("SinkGateTest#sink", root.get(), pool);
                SinkState sink = new SinkState(spec(), BlockLayout.of(1024), memory, -1L);
                RowBatcher batcher = new RowBatcher(spec().inputTypes(), root.get(), 4096)) {
            RecordingGate gate = new RecordingGate(memory);
            gate.sink = sink;
            sink.setGate(gate);
            VectorSchemaRoot batch;
            var it = rows().iterator();
            while ((batch = batcher.fill(it)) != null) {
                sink.sink(batch);
            }
            // batches of 4096, 4096 and 1808 rows: 4 + 4 + 2 chunks
            assertEquals(2 * 10, gate.checks.size());
            for (long[] check : gate.checks) {
                assertEquals(check[1], check[0], "need equals the bound's value at the check");
                assertEquals(1, check[2], "an input chunk may always free");
            }
            assertEquals(KEYS, sink.table.groupCount());
            assertEquals(ROWS, sink.rowsSinceReset());
        }
    }

    @Test
    void aGateThatFreesAtTheUpdateCheckResolvesTheChunkAgain() {
        MemoryPool pool = new MemoryPool(1L << 30);
        try (OperatorMemory memory = new OperatorMemory("SinkGateTest#reset", root.get(), pool);
                SinkState sink = new SinkState(spec(), BlockLayout.of(1024), memory, -1L);
                RowBatcher batcher = new RowBatcher(spec().inputTypes(), root.get(), 4096)) {
            RecordingGate gate = new RecordingGate(memory);
            gate.sink = sink;
            gate.resetAtCheck = 5; // the third chunk's update check
            sink.setGate(gate);
            VectorSchemaRoot batch;
            var it = rows().iterator();
            while ((batch = batcher.fill(it)) != null) {
                sink.sink(batch);
            }
            // the third chunk resolves again (2 more checks, neither may free)
            assertEquals(2 * 10 + 2, gate.checks.size());
            assertEquals(0, gate.checks.get(6)[2]);
            assertEquals(0, gate.checks.get(7)[2]);
            for (long[] check : gate.checks) {
                assertEquals(check[1], check[0], "need equals the bound's value at the check");
            }
            // rows of chunks 3..10 are in the table emptied at chunk 3: its keys are all there
            Set<Long> expected = new HashSet<>();
            List<Object[]> rows = rows();
            for (int i = 2 * SinkState.CHUNK_ROWS; i < ROWS; i++) {
                expected.add((Long) rows.get(i)[0]);
            }
            assertEquals(expected.size(), sink.table.groupCount());
            assertEquals(ROWS - 2 * SinkState.CHUNK_ROWS, sink.rowsSinceReset());
        }
    }
}
