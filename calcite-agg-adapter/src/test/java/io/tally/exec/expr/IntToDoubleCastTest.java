package io.tally.exec.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseIntVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt4Vector;
import org.junit.jupiter.api.Test;

/**
 * {@link IntToDoubleCast}: every integer width, with and without NULLs, batches growing and
 * shrinking in one reused output vector, against the values converted by Java; which expressions it
 * takes and which vectors it leaves to the general kernels.
 */
class IntToDoubleCastTest {
    @Test
    void everyWidthWithAndWithoutNulls() {
        Random r = new Random(11);
        try (BufferAllocator root = new RootAllocator();
                Float8Vector out = new Float8Vector("out", root)) {
            List<Function<BufferAllocator, FieldVector>> makers =
                    List.of(
                            a -> new TinyIntVector("t", a),
                            a -> new SmallIntVector("s", a),
                            a -> new IntVector("i", a),
                            a -> new BigIntVector("b", a));
            for (var make : makers) {
                for (int n : new int[] {1, 7, 8, 9, 1000, 5000, 3}) {
                    for (boolean nulls : new boolean[] {false, true}) {
                        try (FieldVector in = make.apply(root)) {
                            long[] values = new long[n];
                            fill((BaseIntVector) in, values, nulls, r);
                            assertTrue(IntToDoubleCast.write(in, out, n));
                            assertEquals(n, out.getValueCount());
                            for (int i = 0; i < n; i++) {
                                String at = in.getName() + " n=" + n + " row " + i;
                                assertEquals(in.isNull(i), out.isNull(i), at);
                                if (!in.isNull(i)) {
                                    assertEquals((double) values[i], out.get(i), at);
                                }
                            }
                            assertEquals(in.getNullCount(), out.getNullCount());
                        }
                    }
                }
            }
            out.close();
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void unsignedVectorsAndOtherTargetsAreLeftToTheKernels() {
        try (BufferAllocator root = new RootAllocator();
                UInt4Vector unsigned = new UInt4Vector("u", root);
                IntVector ints = new IntVector("i", root);
                Float4Vector real = new Float4Vector("r", root);
                Float8Vector out = new Float8Vector("out", root)) {
            unsigned.allocateNew(2);
            unsigned.setValueCount(2);
            ints.allocateNew(2);
            ints.setValueCount(2);
            assertFalse(IntToDoubleCast.write(unsigned, out, 2));
            assertFalse(IntToDoubleCast.write(ints, real, 2));
        }
        Expr input = Expr.input(3, DataType.of(ColumnType.INTEGER));
        DataType dbl = DataType.of(ColumnType.DOUBLE);
        assertEquals(3, IntToDoubleCast.inputOf(Expr.call(Op.CAST, dbl, input)));
        assertEquals(
                -1,
                IntToDoubleCast.inputOf(Expr.call(Op.CAST, DataType.of(ColumnType.REAL), input)));
        assertEquals(
                -1,
                IntToDoubleCast.inputOf(
                        Expr.call(Op.CAST, dbl, Expr.input(0, DataType.of(ColumnType.DOUBLE)))));
        assertEquals(
                -1,
                IntToDoubleCast.inputOf(
                        Expr.call(Op.CAST, dbl, Expr.call(Op.NEGATE, input.type(), input))));
    }

    /** Random values spanning the vector's width (NULL in about one row of five). */
    private static void fill(BaseIntVector in, long[] values, boolean nulls, Random r) {
        FieldVector v = (FieldVector) in;
        int n = values.length;
        v.setInitialCapacity(n);
        v.allocateNew();
        int bits = ((BaseFixedWidthVector) v).getTypeWidth() * 8;
        for (int i = 0; i < n; i++) {
            if (nulls && r.nextInt(5) == 0) {
                v.setNull(i);
                continue;
            }
            long x = r.nextLong() >> (64 - bits);
            values[i] = x;
            in.setWithPossibleTruncate(i, x);
        }
        v.setValueCount(n);
    }
}
