package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.math.BigDecimal;

/**
 * DECIMAL {@code + - *} and negation on scaled longs, giving exactly Java's {@code BigDecimal}
 * answers (the planner only sends results whose scale is the natural one): for {@code + -} each
 * operand (DECIMAL or integer, an integer being scale 0) is first multiplied up to the result's
 * scale; {@code *} multiplies the unscaled values. Every step is overflow-checked; a NOT NULL
 * active row whose value leaves a long's range fails with {@link Decimals#outOfRange}.
 */
final class DecimalKernel extends Kernel {
    private final Op op;
    private final Kernel left;
    private final Kernel right;
    private final long leftFactor;
    private final long rightFactor;
    private final Column out = new Column();
    private boolean[] overflow = new boolean[0];

    /** {@code right} is null for {@link Op#NEGATE}. */
    DecimalKernel(DataType type, Op op, Kernel left, Kernel right) {
        super(type);
        this.op = op;
        this.left = left;
        this.right = right;
        boolean rescale = op == Op.PLUS || op == Op.MINUS;
        this.leftFactor = rescale ? Decimals.power(type.scale() - left.type.scale()) : 1;
        this.rightFactor = rescale ? Decimals.power(type.scale() - right.type.scale()) : 1;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column a = left.eval(frame, active);
        Column b = right == null ? null : right.eval(frame, active);
        out.unionNulls(a, b, n);
        if (overflow.length < n) {
            overflow = new boolean[n];
        }
        long[] r = out.longs(n);
        boolean any =
                b == null
                        ? negate(a.longs, r, n)
                        : op == Op.TIMES
                                ? times(a.longs, b.longs, r, n)
                                : addOrSubtract(a.longs, b.longs, r, n, op == Op.MINUS);
        if (any) {
            check(a.longs, b == null ? null : b.longs, n, active);
        }
        return out;
    }

    private boolean negate(long[] x, long[] r, int n) {
        boolean any = false;
        for (int i = 0; i < n; i++) {
            boolean o = x[i] == Long.MIN_VALUE;
            r[i] = -x[i];
            overflow[i] = o;
            any |= o;
        }
        return any;
    }

    private boolean times(long[] x, long[] y, long[] r, int n) {
        boolean any = false;
        for (int i = 0; i < n; i++) {
            boolean o = Decimals.overflows(x[i], y[i]);
            r[i] = x[i] * y[i];
            overflow[i] = o;
            any |= o;
        }
        return any;
    }

    private boolean addOrSubtract(long[] x, long[] y, long[] r, int n, boolean minus) {
        long fx = leftFactor;
        long fy = rightFactor;
        boolean any = false;
        for (int i = 0; i < n; i++) {
            long u = x[i] * fx;
            long v = minus ? -(y[i] * fy) : y[i] * fy;
            long s = u + v;
            boolean o =
                    Decimals.overflows(x[i], fx)
                            || Decimals.overflows(y[i], fy)
                            || (minus && y[i] * fy == Long.MIN_VALUE)
                            || ((u ^ s) & (v ^ s)) < 0;
            r[i] = s;
            overflow[i] = o;
            any |= o;
        }
        return any;
    }

    /** Fails on the first active NOT NULL row that overflowed, naming its exact value. */
    private void check(long[] x, long[] y, int n, boolean[] active) {
        for (int i = 0; i < n; i++) {
            if (overflow[i] && isActive(active, i) && !out.isNull(i)) {
                BigDecimal u = BigDecimal.valueOf(x[i], left.type.scale());
                BigDecimal exact =
                        y == null
                                ? u.negate()
                                : op == Op.TIMES
                                        ? u.multiply(BigDecimal.valueOf(y[i], right.type.scale()))
                                        : op == Op.PLUS
                                                ? u.add(
                                                        BigDecimal.valueOf(
                                                                y[i], right.type.scale()))
                                                : u.subtract(
                                                        BigDecimal.valueOf(
                                                                y[i], right.type.scale()));
                throw Decimals.outOfRange(exact, type);
            }
        }
    }
}
