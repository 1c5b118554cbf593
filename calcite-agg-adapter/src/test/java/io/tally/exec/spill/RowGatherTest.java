package io.tally.exec.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.CheckedAllocator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Random;
import java.util.function.BiConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RowGather} against Arrow's cell-by-cell {@code copyFromSafe}: the same values and nulls
 * for every vector kind it copies by address (8, 4, 2 and 16-byte values, VARCHAR and VARBINARY
 * with empty values and nulls) and for one it hands to the fallback (booleans), gathered in several
 * calls that grow the target past its first capacity; no Arrow byte is left allocated.
 */
class RowGatherTest {
    private static final int SOURCE_ROWS = 3000;

    /** Rows per gather call: uneven, so calls start at bytes of the bitmap other than the first. */
    private static final int CALL_ROWS = 333;

    @RegisterExtension final CheckedAllocator arrow = new CheckedAllocator();
    private final BufferAllocator allocator = arrow.get();

    @Test
    void longsWithNulls() {
        check(
                new BigIntVector("v", allocator),
                (v, i) -> {
                    if (i % 7 != 3) {
                        ((BigIntVector) v).setSafe(i, i * 1_000_003L - 5);
                    }
                });
    }

    @Test
    void intsWithoutNulls() {
        check(new IntVector("v", allocator), (v, i) -> ((IntVector) v).setSafe(i, -i));
    }

    @Test
    void shortsAndDoubles() {
        check(
                new SmallIntVector("v", allocator),
                (v, i) -> ((SmallIntVector) v).setSafe(i, (short) (i * 31)));
        check(
                new Float8Vector("v", allocator),
                (v, i) -> {
                    if (i % 5 != 0) {
                        ((Float8Vector) v).setSafe(i, i / 3.0);
                    }
                });
    }

    @Test
    void decimalsOfSixteenBytes() {
        check(
                new DecimalVector("v", allocator, 38, 2),
                (v, i) -> {
                    if (i % 11 != 1) {
                        ((DecimalVector) v)
                                .setSafe(i, new BigDecimal(i + "12345678901234567890.25"));
                    }
                });
    }

    @Test
    void stringsWithEmptyValuesAndNulls() {
        check(
                new VarCharVector("v", allocator),
                (v, i) -> {
                    if (i % 9 != 4) {
                        String s = i % 13 == 0 ? "" : "value-" + i + "-".repeat(i % 40);
                        ((VarCharVector) v).setSafe(i, s.getBytes(StandardCharsets.UTF_8));
                    }
                });
        check(
                new VarBinaryVector("v", allocator),
                (v, i) -> ((VarBinaryVector) v).setSafe(i, new byte[i % 17]));
    }

    @Test
    void booleansTakeTheCellByCellPath() {
        check(
                new BitVector("v", allocator),
                (v, i) -> {
                    if (i % 4 != 2) {
                        ((BitVector) v).setSafe(i, i % 3 == 0 ? 1 : 0);
                    }
                });
    }

    /**
     * Fills a source of {@link #SOURCE_ROWS} rows, gathers a shuffled selection into one target by
     * RowGather and into another cell by cell, in calls of {@link #CALL_ROWS} rows, and compares.
     */
    private void check(FieldVector source, BiConsumer<FieldVector, Integer> fill) {
        try (FieldVector src = source;
                FieldVector gathered = makeTarget(source);
                FieldVector expected = makeTarget(source)) {
            src.allocateNew();
            for (int i = 0; i < SOURCE_ROWS; i++) {
                fill.accept(src, i);
            }
            src.setValueCount(SOURCE_ROWS);
            int[] index = new int[2 * SOURCE_ROWS];
            Random random = new Random(42);
            for (int i = 0; i < index.length; i++) {
                index[i] = random.nextInt(SOURCE_ROWS);
            }
            gathered.setInitialCapacity(64);
            gathered.allocateNew();
            expected.allocateNew();
            int at = 0;
            for (int from = 0; from < index.length; from += CALL_ROWS) {
                int to = Math.min(index.length, from + CALL_ROWS);
                RowGather.copy(src, gathered, index, from, to, at);
                for (int i = from; i < to; i++) {
                    expected.copyFromSafe(index[i], at + i - from, src);
                }
                at += to - from;
            }
            gathered.setValueCount(at);
            expected.setValueCount(at);
            assertEquals(expected.getNullCount(), gathered.getNullCount(), "null count");
            for (int i = 0; i < at; i++) {
                Object want = expected.getObject(i);
                Object got = gathered.getObject(i);
                assertTrue(Objects.deepEquals(want, got), "row " + i + ": " + want + " vs " + got);
            }
        }
    }

    private FieldVector makeTarget(FieldVector like) {
        return like.getField().createVector(allocator);
    }
}
