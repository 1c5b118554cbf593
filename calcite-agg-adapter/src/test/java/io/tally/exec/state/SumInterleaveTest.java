package io.tally.exec.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.junit.jupiter.api.Test;

/**
 * {@link SumAccumulator#interleaveSums}: the 8-byte sums of several SUM, $SUM0 and AVG calls of one
 * table sit in one record per group (call i's at byte {@code 8 * i}), a DECIMAL sum keeps its own
 * column, and every call still finishes to its own sums (checked against a per-group model over
 * several blocks); nothing is left allocated.
 */
class SumInterleaveTest {
    private static final DataType BIG = DataType.of(ColumnType.BIGINT);
    private static final DataType DBL = DataType.of(ColumnType.DOUBLE);
    private static final DataType DEC = DataType.decimal(12, 2);
    private static final DataType DEC_SUM = DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 2);
    private static final BlockLayout LAYOUT = BlockLayout.of(64);
    private static final int GROUPS = 300;
    private static final int ROWS = 5000;

    @Test
    void eightByteSumsShareOneRecordPerGroupAndFinishAsAlone() {
        Random r = new Random(7);
        int[] gids = new int[ROWS];
        long[] longs = new long[ROWS];
        double[] doubles = new double[ROWS];
        long[] sumLong = new long[GROUPS];
        double[] sumDouble = new double[GROUPS];
        long[] rowsOf = new long[GROUPS];
        for (int i = 0; i < ROWS; i++) {
            gids[i] = r.nextInt(GROUPS);
            longs[i] = r.nextInt(2_000_001) - 1_000_000;
            doubles[i] = r.nextInt(1000) / 8.0;
            sumLong[gids[i]] += longs[i];
            sumDouble[gids[i]] += doubles[i];
            rowsOf[gids[i]]++;
        }
        try (BufferAllocator root = new RootAllocator()) {
            try (OperatorMemory memory =
                    new OperatorMemory("test", root, new MemoryPool(1L << 30))) {
                List<Accumulator> accs = new ArrayList<>();
                accs.add(sum(AggKind.SUM, BIG, BIG, memory));
                accs.add(sum(AggKind.AVG, DBL, DBL, memory));
                accs.add(sum(AggKind.SUM, DEC, DEC_SUM, memory));
                accs.add(sum(AggKind.SUM0, BIG, BIG, memory));
                try {
                    SumAccumulator.interleaveSums(accs);
                    StateColumn shared = ((SumAccumulator) accs.get(0)).sumColumn();
                    assertSame(shared, ((SumAccumulator) accs.get(1)).sumColumn());
                    assertSame(shared, ((SumAccumulator) accs.get(3)).sumColumn());
                    assertNotSame(shared, ((SumAccumulator) accs.get(2)).sumColumn());

                    DecodedColumn big = column(BIG, longs, null);
                    DecodedColumn dbl = column(DBL, null, doubles);
                    DecodedColumn dec = column(DEC, longs, null);
                    DecodedColumn[] args = {big, dbl, dec, big};
                    for (Accumulator a : accs) {
                        a.ensureGroups(GROUPS);
                    }
                    for (int c = 0; c < accs.size(); c++) {
                        accs.get(c).bind(new DecodedColumn[] {args[c]});
                        accs.get(c).update(gids, ROWS);
                    }
                    for (int g = 0; g < GROUPS; g++) {
                        ArrowBuf block = shared.blocks[g >>> LAYOUT.shift()];
                        long record = (long) (g & LAYOUT.mask()) * 3 * Long.BYTES;
                        assertEquals(sumLong[g], block.getLong(record), "SUM of group " + g);
                        assertEquals(sumDouble[g], block.getDouble(record + 8), "AVG's sum " + g);
                        assertEquals(sumLong[g], block.getLong(record + 16), "$SUM0 of " + g);
                    }
                    assertFinished(accs, root, sumLong, sumDouble, rowsOf);
                } finally {
                    for (Accumulator a : accs) {
                        a.close();
                    }
                }
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** Each call's finished blocks equal the model's sums, AVG's mean and DECIMAL's sum. */
    private static void assertFinished(
            List<Accumulator> accs,
            BufferAllocator root,
            long[] sumLong,
            double[] sumDouble,
            long[] rowsOf) {
        for (int b = 0; b < LAYOUT.blocksFor(GROUPS); b++) {
            int rows = LAYOUT.rowsIn(b, GROUPS);
            try (BigIntVector s = new BigIntVector("s", root);
                    Float8Vector avg = new Float8Vector("a", root);
                    DecimalVector dec = new DecimalVector("d", root, 38, 2);
                    BigIntVector s0 = new BigIntVector("z", root)) {
                List<FieldVector> outs = List.of(s, avg, dec, s0);
                for (int c = 0; c < accs.size(); c++) {
                    outs.get(c).setInitialCapacity(rows);
                    outs.get(c).allocateNew();
                    accs.get(c).finish(b, rows, outs.get(c));
                    outs.get(c).setValueCount(rows);
                }
                for (int i = 0; i < rows; i++) {
                    int g = (b << LAYOUT.shift()) + i;
                    assertTrue(rowsOf[g] > 0, "every group got rows");
                    assertEquals(sumLong[g], s.get(i));
                    assertEquals(sumDouble[g] / rowsOf[g], avg.get(i), 1e-9);
                    assertEquals(BigDecimal.valueOf(sumLong[g], 2), dec.getObject(i));
                    assertEquals(sumLong[g], s0.get(i));
                }
            }
        }
    }

    private static SumAccumulator sum(
            AggKind kind, DataType input, DataType output, OperatorMemory memory) {
        AggregateCall call = AggregateCall.of(kind, List.of(0), output, kind + "_" + input);
        return new SumAccumulator(call, input, LAYOUT, memory);
    }

    /** A NULL-free decoded column of {@code longs} (DECIMAL: unscaled, high word 0 or -1). */
    private static DecodedColumn column(DataType type, long[] longs, double[] doubles) {
        DecodedColumn c = new DecodedColumn(type, "test");
        c.rows = ROWS;
        c.nulls = new byte[ROWS];
        c.hasNulls = false;
        if (longs != null) {
            c.longs = longs;
            c.highs = new long[ROWS];
            for (int i = 0; i < ROWS; i++) {
                c.highs[i] = longs[i] >> 63;
            }
        }
        if (doubles != null) {
            c.doubles = doubles;
        }
        return c;
    }
}
