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
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
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

    /**
     * A chunk with a {@link ChunkTally} (few groups, in the first block): AVG, SUM and $SUM0 of
     * LONG and DOUBLE add in one pass; two chunks, groups 7 and 40.. without rows (SUM stays NULL,
     * $SUM0 0, AVG NULL), each call's result as a per-group model.
     */
    @Test
    void talliedChunksAddAvgAndSumsAsTheModel() {
        assertTalliedMatchesModel(
                LONGS, kinds(AggKind.AVG, AggKind.SUM, AggKind.AVG, AggKind.SUM0, AggKind.AVG));
    }

    /**
     * h2o q4's shape, three AVGs of DOUBLE first (the run of three DOUBLE lanes that also counts
     * the rows has a loop of its own) and a SUM after, each call as the per-group model.
     */
    @Test
    void talliedDoubleAveragesAsTheModel() {
        assertTalliedMatchesModel(
                new boolean[] {false, false, false, false},
                kinds(AggKind.AVG, AggKind.AVG, AggKind.AVG, AggKind.SUM));
    }

    private static void assertTalliedMatchesModel(boolean[] sumsLongs, List<AggKind> kinds) {
        int groups = 48;
        Random r = new Random(12);
        long[][] sumLong = new long[sumsLongs.length][groups];
        double[][] sumDouble = new double[sumsLongs.length][groups];
        long[] rowsOf = new long[groups];
        withSums(
                kinds,
                (accs, sums) -> {
                    ChunkTally tally = new ChunkTally();
                    for (int chunk = 0; chunk < 2; chunk++) {
                        int[] gids = new int[ROWS];
                        for (int i = 0; i < ROWS; i++) {
                            int g = r.nextInt(40);
                            gids[i] = g == 7 ? 8 : g;
                            rowsOf[gids[i]]++;
                        }
                        DecodedColumn[] args = new DecodedColumn[sumsLongs.length];
                        for (int c = 0; c < sumsLongs.length; c++) {
                            long[] longs = new long[ROWS];
                            double[] doubles = new double[ROWS];
                            for (int i = 0; i < ROWS; i++) {
                                longs[i] = r.nextInt(2_000_001) - 1_000_000;
                                doubles[i] = r.nextInt(1000) / 8.0 - 60;
                                sumLong[c][gids[i]] += longs[i];
                                sumDouble[c][gids[i]] += doubles[i];
                            }
                            args[c] = column(sumsLongs[c] ? BIG : DBL, longs, doubles, false);
                        }
                        tally.tally(gids, ROWS, groups);
                        assertTrue(tally.active(), "few groups: the chunk is tallied");
                        for (int c = 0; c < accs.size(); c++) {
                            accs.get(c).bind(new DecodedColumn[] {args[c]}, tally);
                        }
                        assertTrue(sums.update(gids, ROWS), "a tallied chunk is taken");
                    }
                    for (int c = 0; c < accs.size(); c++) {
                        boolean exact = sumsLongs[c] && kinds.get(c) != AggKind.AVG;
                        try (FieldVector out =
                                exact
                                        ? new BigIntVector("out", allocator)
                                        : new Float8Vector("out", allocator)) {
                            out.setInitialCapacity(groups);
                            out.allocateNew();
                            accs.get(c).finish(0, groups, out);
                            for (int g = 0; g < groups; g++) {
                                Object want =
                                        expected(
                                                kinds.get(c),
                                                sumsLongs[c],
                                                sumLong[c][g],
                                                sumDouble[c][g],
                                                rowsOf[g]);
                                assertEquals(want, out.getObject(g), c + " of " + g);
                            }
                        }
                    }
                },
                groups,
                sumsLongs);
    }

    /** What call {@code kind} gives a group of {@code rows} rows summing to the given sums. */
    private static Object expected(
            AggKind kind, boolean longs, long sumLong, double sumDouble, long rows) {
        if (rows == 0) {
            return kind != AggKind.SUM0 ? null : longs ? (Object) 0L : (Object) 0.0;
        }
        if (kind == AggKind.AVG) {
            return longs ? (double) sumLong / rows : sumDouble / rows;
        }
        return longs ? (Object) sumLong : (Object) sumDouble;
    }

    /** Tallied chunks of groups past the first block go to the per-call paths, untouched. */
    @Test
    void talliedChunkPastTheFirstBlockIsRefused() {
        int groups = LAYOUT.size() + 8;
        int[] gids = new int[ROWS];
        for (int i = 0; i < ROWS; i++) {
            gids[i] = i % groups;
        }
        DecodedColumn[] args = new DecodedColumn[LONGS.length];
        for (int c = 0; c < LONGS.length; c++) {
            args[c] = column(LONGS[c] ? BIG : DBL, new long[ROWS], new double[ROWS], false);
            Arrays.fill(args[c].longs, 3);
            Arrays.fill(args[c].doubles, 3);
        }
        withSums(
                kinds(AggKind.AVG, AggKind.SUM, AggKind.AVG, AggKind.SUM0, AggKind.AVG),
                (accs, sums) -> {
                    ChunkTally tally = new ChunkTally();
                    tally.tally(gids, ROWS, groups);
                    for (int c = 0; c < accs.size(); c++) {
                        accs.get(c).bind(new DecodedColumn[] {args[c]}, tally);
                    }
                    assertFalse(sums.update(gids, ROWS), "groups in two blocks");
                    int[] few = new int[ROWS];
                    for (int i = 0; i < ROWS; i++) {
                        few[i] = i % 10;
                    }
                    tally.tally(few, ROWS, groups);
                    assertTrue(tally.active(), "the refusal below is for the NULL alone");
                    for (int c = 0; c < accs.size(); c++) {
                        accs.get(c).bind(new DecodedColumn[] {args[c]}, tally);
                    }
                    DecodedColumn withNull = column(DBL, new long[ROWS], new double[ROWS], true);
                    accs.get(4).bind(new DecodedColumn[] {withNull}, tally);
                    assertFalse(sums.update(few, ROWS), "a NULL argument");
                    StateColumn shared = ((SumAccumulator) accs.get(0)).sumColumn();
                    for (int c = 0; c < LONGS.length; c++) {
                        assertEquals(
                                0L, shared.blocks[0].getLong((long) c * Long.BYTES), "call " + c);
                    }
                },
                groups);
    }

    /** A LONG overflow in a tallied chunk fails naming its call. */
    @Test
    void talliedLongOverflowNamesItsCall() {
        int[] gids = new int[ROWS];
        long[] small = new long[ROWS];
        long[] huge = new long[ROWS];
        for (int i = 0; i < ROWS; i++) {
            gids[i] = i % 10;
            small[i] = 1;
            huge[i] = Long.MAX_VALUE / 50;
        }
        withSums(
                kinds(AggKind.AVG, AggKind.SUM),
                (accs, sums) -> {
                    ChunkTally tally = new ChunkTally();
                    tally.tally(gids, ROWS, 10);
                    accs.get(0).bind(new DecodedColumn[] {column(BIG, small, null, false)}, tally);
                    accs.get(1).bind(new DecodedColumn[] {column(BIG, huge, null, false)}, tally);
                    TallyException e =
                            assertThrows(TallyException.class, () -> sums.update(gids, ROWS));
                    assertTrue(e.getMessage().contains("'SUM_1'"), e.getMessage());
                },
                10);
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
        withSums(kinds, body, GROUPS, LONGS);
    }

    private static void withSums(List<AggKind> kinds, Body body, int groups) {
        withSums(kinds, body, groups, LONGS);
    }

    /** The allocator of the running {@link #withSums} (for output vectors). */
    private static BufferAllocator allocator;

    /**
     * Runs {@code body} on one call per kind; call c sums LONG when {@code longs[c]} (or past it).
     */
    private static void withSums(List<AggKind> kinds, Body body, int groups, boolean[] longs) {
        try (BufferAllocator root = new RootAllocator()) {
            allocator = root;
            try (OperatorMemory memory =
                    new OperatorMemory("test", root, new MemoryPool(1L << 30))) {
                List<Accumulator> accs = new ArrayList<>();
                for (int c = 0; c < kinds.size(); c++) {
                    DataType t = c < longs.length && !longs[c] ? DBL : BIG;
                    DataType out = kinds.get(c) == AggKind.AVG ? DBL : t;
                    AggregateCall call =
                            AggregateCall.of(kinds.get(c), List.of(0), out, kinds.get(c) + "_" + c);
                    accs.add(new SumAccumulator(call, t, LAYOUT, memory));
                }
                try {
                    InterleavedSums sums = SumAccumulator.interleaveSums(accs);
                    assertNotNull(sums);
                    for (Accumulator a : accs) {
                        a.ensureGroups(groups);
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
