package io.tally.exec.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * Common subexpressions of one program ({@link Kernels#compileShared}, {@link SharedKernel}): which
 * nodes are shared, and a shared node's values recomputed for every batch and after a filter, with
 * NULLs, against values computed in Java.
 */
class SharedKernelTest {
    private static final DataType BIGINT = DataType.of(ColumnType.BIGINT);
    private static final DataType DOUBLE = DataType.of(ColumnType.DOUBLE);
    private static final DataType BOOLEAN = DataType.of(ColumnType.BOOLEAN);
    private static final Expr A = Expr.input(0, BIGINT);
    private static final Expr B = Expr.input(1, BIGINT);
    private static final Expr X = Expr.call(Op.CAST, DOUBLE, A);
    private static final Expr Y = Expr.call(Op.CAST, DOUBLE, B);
    private static final Expr XY = Expr.call(Op.TIMES, DOUBLE, X, Y);

    @Test
    void repeatedNodesShareOneKernelOutsideCase() {
        List<Kernel> k = Kernels.compileShared(List.of(XY, X, XY));
        assertSame(k.get(0), k.get(2));
        assertTrue(k.get(0) instanceof SharedKernel);
        assertTrue(k.get(1) instanceof SharedKernel, "CAST(a) is also used inside a*b");
        List<Kernel> once = Kernels.compileShared(List.of(XY, XY, Y, X));
        assertTrue(once.get(2) instanceof SharedKernel, "CAST(b) is in a*b and on its own");
        assertFalse(
                Kernels.compileShared(List.of(XY, XY)).get(0) instanceof ArithmeticKernel,
                "a*b twice is shared");
        assertTrue(
                Kernels.compileShared(List.of(XY, Y)).get(0) instanceof ArithmeticKernel,
                "a*b once is not wrapped");
        Expr divide = Expr.call(Op.DIVIDE, BIGINT, A, B);
        Expr nonZero = Expr.call(Op.NOT_EQUALS, BOOLEAN, B, Expr.literal(0L, BIGINT));
        Expr guarded = Expr.call(Op.CASE, BIGINT, nonZero, divide, Expr.literal(0L, BIGINT));
        List<Kernel> c = Kernels.compileShared(List.of(guarded, guarded, XY));
        assertSame(c.get(0), c.get(1), "a whole CASE seen by every row is shared");
        List<Kernel> inside =
                Kernels.compileShared(
                        List.of(guarded, Expr.call(Op.CASE, BIGINT, nonZero, divide, A)));
        assertNotSame(inside.get(0), inside.get(1));
        assertFalse(inside.get(0) instanceof SharedKernel, "a/b only appears under CASE");
    }

    @Test
    void sharedValuesFollowEveryBatchAndFilter() {
        Expr positive = Expr.call(Op.GREATER_THAN, BOOLEAN, XY, Expr.literal(0.0, DOUBLE));
        Expr xx = Expr.call(Op.TIMES, DOUBLE, X, X);
        for (Expr condition : new Expr[] {null, positive}) {
            CalcProgram program =
                    new CalcProgram(List.of(BIGINT, BIGINT), condition, List.of(XY, X, xx, XY));
            try (BufferAllocator root = new RootAllocator();
                    BatchCalculator calc =
                            new BatchCalculator(
                                    program, List.of("xy", "x", "xx", "xy2"), root, "c")) {
                for (int batch = 0; batch < 4; batch++) {
                    int n = 700 + 300 * batch;
                    try (BigIntVector a = new BigIntVector("a", root);
                            BigIntVector b = new BigIntVector("b", root)) {
                        long[][] values = fill(a, b, n, batch);
                        VectorSchemaRoot out =
                                calc.apply(
                                        new VectorSchemaRoot(
                                                List.of(a.getField(), b.getField()),
                                                List.<FieldVector>of(a, b),
                                                n));
                        check(out, values, n, condition != null, "batch " + batch);
                    }
                }
            }
        }
    }

    /** a: row * (batch + 1) - 300, NULL every 7th row; b: batch - row % 5, NULL every 11th. */
    private static long[][] fill(BigIntVector a, BigIntVector b, int n, int batch) {
        long[][] values = new long[2][n];
        a.allocateNew(n);
        b.allocateNew(n);
        for (int i = 0; i < n; i++) {
            values[0][i] = i % 7 == 3 ? Long.MIN_VALUE : (long) i * (batch + 1) - 300;
            values[1][i] = i % 11 == 5 ? Long.MIN_VALUE : batch - i % 5;
            set(a, i, values[0][i]);
            set(b, i, values[1][i]);
        }
        a.setValueCount(n);
        b.setValueCount(n);
        return values;
    }

    private static void set(BigIntVector v, int i, long value) {
        if (value == Long.MIN_VALUE) {
            v.setNull(i);
        } else {
            v.set(i, value);
        }
    }

    private static void check(
            VectorSchemaRoot out, long[][] values, int n, boolean filtered, String at) {
        int row = 0;
        for (int i = 0; i < n; i++) {
            boolean nullA = values[0][i] == Long.MIN_VALUE;
            boolean nullB = values[1][i] == Long.MIN_VALUE;
            double x = values[0][i];
            double xy = x * values[1][i];
            if (filtered && (nullA || nullB || !(xy > 0))) {
                continue;
            }
            String r = at + " input row " + i;
            assertCell(out.getVector(0), row, nullA || nullB, xy, r);
            assertCell(out.getVector(1), row, nullA, x, r);
            assertCell(out.getVector(2), row, nullA, x * x, r);
            assertCell(out.getVector(3), row, nullA || nullB, xy, r);
            row++;
        }
        assertEquals(row, out.getRowCount(), at);
    }

    private static void assertCell(
            FieldVector v, int row, boolean isNull, double value, String at) {
        Float8Vector d = (Float8Vector) v;
        assertEquals(isNull, d.isNull(row), at + " " + v.getName());
        if (!isNull) {
            assertEquals(value, d.get(row), at + " " + v.getName());
        }
    }
}
