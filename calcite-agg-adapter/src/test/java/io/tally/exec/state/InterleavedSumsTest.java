package io.tally.exec.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link InterleavedSums}: one pass adds every interleaved SUM/$SUM0 (five calls: a run of three
 * and a run of two, LONG and DOUBLE mixed) exactly as a per-group model; a chunk with a NULL
 * argument, a row without a group or an AVG among the calls is refused untouched; a LONG overflow
 * fails naming its call. Nothing is left allocated.
 */
class InterleavedSumsTest {
    private static final DataType BIG = DataType.of(ColumnType.BIGINT);
    private static final DataType DBL = DataType.of(ColumnType.DOUBLE);
    private static final BlockLayout LAYOUT = BlockLayout.of(64);
    private static final int GROUPS = 500;
    private static final int ROWS = 1024;

    /** Per call: LONG (true) or DOUBLE. */
    private static final boolean[] LONGS = {true, true, false, true, false};

    @Test
    void fiveSumsAddInOnePassAsTheModel() {
        Random r = new Random(11);
        int[] gids = new int[ROWS];
        DecodedColumn[] args = new DecodedColumn[LONGS.length];
        long[][] sumLong = new long[LONGS.length][GROUPS];
        double[][] sumDouble = new double[LONGS.length][GROUPS];
        for (int i = 0; i < ROWS; i++) {
            gids[i] = r.nextInt(GROUPS);
        }
        for (int c = 0; c < LONGS.length; c++) {
            long[] longs = new long[ROWS];
            double[] doubles = new double[ROWS];
            for (int i = 0; i < ROWS; i++) {
                longs[i] = r.nextInt(2_000_001) - 1_000_000;
                doubles[i] = r.nextInt(1000) / 8.0;
                sumLong[c][gids[i]] += longs[i];
                sumDouble[c][gids[i]] += doubles[i];
            }
            args[c] = column(LONGS[c] ? BIG : DBL, longs, doubles, false);
        }
        withSums(
                kinds(AggKind.SUM, AggKind.SUM, AggKind.SUM, AggKind.SUM0, AggKind.SUM),
                (accs, sums) -> {
                    bind(accs, args);
                    assertTrue(sums.update(gids, ROWS), "a qualifying chunk is taken");
                    StateColumn shared = ((SumAccumulator) accs.get(0)).sumColumn();
                    for (int g = 0; g < GROUPS; g++) {
                        ArrowBuf block = shared.blocks[g >>> LAYOUT.shift()];
                        long record = (long) (g & LAYOUT.mask()) * LONGS.length * Long.BYTES;
                        for (int c = 0; c < LONGS.length; c++) {
                            long at = record + (long) c * Long.BYTES;
                            if (LONGS[c]) {
                                assertEquals(sumLong[c][g], block.getLong(at), c + " of " + g);
                            } else {
                                assertEquals(sumDouble[c][g], block.getDouble(at), c + " of " + g);
                            }
                        }
                    }
                });
    }

    @Test
    void refusesChunksThePerCallPathsMustTake() {
        int[] gids = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            gids[i] = i % GROUPS;
        }
        DecodedColumn[] args = new DecodedColumn[LONGS.length];
        for (int c = 0; c < LONGS.length; c++) {
            args[c] = column(LONGS[c] ? BIG : DBL, new long[ROWS], new double[ROWS], false);
            args[c].longs[0] = 5;
            args[c].doubles[0] = 5;
        }
        withSums(
                kinds(AggKind.SUM, AggKind.SUM, AggKind.SUM, AggKind.SUM0, AggKind.SUM),
                (accs, sums) -> {
                    DecodedColumn[] withNull = args.clone();
                    withNull[2] = column(DBL, new long[ROWS], new double[ROWS], true);
                    bind(accs, withNull);
                    assertFalse(sums.update(gids, ROWS), "a NULL argument");
                    bind(accs, args);
                    int[] ungrouped = gids.clone();
                    ungrouped[ROWS - 1] = -1;
                    assertFalse(sums.update(ungrouped, ROWS), "a row without a group");
                    long[] record = new long[LONGS.length];
                    StateColumn shared = ((SumAccumulator) accs.get(0)).sumColumn();
                    for (int c = 0; c < LONGS.length; c++) {
                        record[c] = shared.blocks[0].getLong((long) c * Long.BYTES);
                    }
                    assertEquals(new ArrayList<>(List.of(0L, 0L, 0L, 0L, 0L)), asList(record));
                });
        withSums(
                kinds(AggKind.SUM, AggKind.AVG),
                (accs, sums) -> {
                    bind(accs, new DecodedColumn[] {args[0], args[2]});
                    assertFalse(sums.update(gids, ROWS), "an AVG among the sums");
                });
    }

    @Test
    void longOverflowNamesItsCall() {
        int[] gids = new int[ROWS];
        long[] small = new long[ROWS];
        long[] huge = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            gids[i] = i % GROUPS;
            small[i] = 1;
            huge[i] = Long.MAX_VALUE / 2;
        }
        withSums(
                kinds(AggKind.SUM, AggKind.SUM),
                (accs, sums) -> {
                    bind(
                            accs,
                            new DecodedColumn[] {
                                column(BIG, small, null, false), column(BIG, huge, null, false)
                            });
                    TallyException e =
                            assertThrows(TallyException.class, () -> sums.update(gids, ROWS));
                    assertTrue(e.getMessage().contains("'SUM_1'"), e.getMessage());
                });
    }

    private interface Body {
        void run(List<Accumulator> accs, InterleavedSums sums);
    }

    private static void withSums(List<AggKind> kinds, Body body) {
        try (BufferAllocator root = new RootAllocator()) {
            try (OperatorMemory memory =
                    new OperatorMemory("test", root, new MemoryPool(1L << 30))) {
                List<Accumulator> accs = new ArrayList<>();
                for (int c = 0; c < kinds.size(); c++) {
                    DataType t = c < LONGS.length && !LONGS[c] ? DBL : BIG;
                    AggregateCall call =
                            AggregateCall.of(kinds.get(c), List.of(0), t, kinds.get(c) + "_" + c);
                    accs.add(new SumAccumulator(call, t, LAYOUT, memory));
                }
                try {
                    InterleavedSums sums = SumAccumulator.interleaveSums(accs);
                    assertNotNull(sums);
                    for (Accumulator a : accs) {
                        a.ensureGroups(GROUPS);
                    }
                    body.run(accs, sums);
                } finally {
                    for (Accumulator a : accs) {
                        a.close();
                    }
                }
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void oneSumIsNotInterleaved() {
        try (BufferAllocator root = new RootAllocator();
                OperatorMemory memory =
                        new OperatorMemory("test", root, new MemoryPool(1L << 30))) {
            AggregateCall call = AggregateCall.of(AggKind.SUM, List.of(0), BIG, "s");
            try (SumAccumulator one = new SumAccumulator(call, BIG, LAYOUT, memory)) {
                assertNull(SumAccumulator.interleaveSums(List.of(one)));
            }
        }
    }

    private static List<AggKind> kinds(AggKind... kinds) {
        return List.of(kinds);
    }

    private static void bind(List<Accumulator> accs, DecodedColumn[] args) {
        for (int c = 0; c < accs.size(); c++) {
            accs.get(c).bind(new DecodedColumn[] {args[c]});
        }
    }

    private static List<Long> asList(long[] values) {
        List<Long> out = new ArrayList<>();
        for (long v : values) {
            out.add(v);
        }
        return out;
    }

    private static DecodedColumn column(DataType t, long[] longs, double[] doubles, boolean null0) {
        DecodedColumn c = new DecodedColumn(t, "arg");
        c.rows = ROWS;
        c.nulls = new byte[ROWS];
        c.nulls[0] = (byte) (null0 ? 1 : 0);
        c.hasNulls = null0;
        c.longs = longs != null ? longs : new long[ROWS];
        c.doubles = doubles != null ? doubles : new double[ROWS];
        return c;
    }
}
