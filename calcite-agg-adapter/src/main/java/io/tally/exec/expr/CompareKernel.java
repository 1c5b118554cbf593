package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.Int128;

/**
 * {@code = <> < <= > >=}: on integers, booleans and dates as longs; on numbers with a
 * floating-point side as doubles (both operands are brought to the same family first); on strings
 * by {@link Utf8#compare}; DECIMAL with DECIMAL or integer as scaled longs brought to the larger
 * scale (a side too large for a long after rescaling is larger in magnitude than the other side, so
 * its sign decides), or as 128-bit values the same way when a side is wider than 18 digits. The
 * result is a BOOLEAN, NULL when either side is NULL.
 */
final class CompareKernel extends Kernel {
    private final Op op;
    private final Kernel left;
    private final Kernel right;
    private final Column out = new Column();

    /** Powers of ten bringing each side to the common scale; both 0 when not DECIMAL. */
    private final long leftFactor;

    private final long rightFactor;

    /** Whether either side is a DECIMAL wider than 18 digits, compared in 128 bits. */
    private final boolean wide;

    private final int leftShift;
    private final int rightShift;
    private final long[] scratchLo = new long[2];
    private final long[] scratchHi = new long[2];

    CompareKernel(DataType type, Op op, Kernel left, Kernel right) {
        super(type);
        this.op = op;
        this.left = left;
        this.right = right;
        int scale = Math.max(left.type.scale(), right.type.scale());
        leftShift = scale - left.type.scale();
        rightShift = scale - right.type.scale();
        wide = isWide(left.type) || isWide(right.type);
        if ((isDecimal(left.type) || isDecimal(right.type)) && !wide) {
            leftFactor = Decimals.power(leftShift);
            rightFactor = Decimals.power(rightShift);
        } else {
            leftFactor = 0;
            rightFactor = 0;
        }
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column a = left.eval(frame, active);
        Column b = right.eval(frame, active);
        out.unionNulls(a, b, n);
        long[] r = out.longs(n);
        if (isString(left.type)) {
            for (int i = 0; i < n; i++) {
                int c =
                        Utf8.compare(
                                a.bytes,
                                a.offsets[i],
                                a.offsets[i + 1],
                                b.bytes,
                                b.offsets[i],
                                b.offsets[i + 1]);
                r[i] = test(c) ? 1 : 0;
            }
        } else if (wide) {
            wideDecimals(a, b, r, n);
        } else if (leftFactor != 0) {
            decimals(a.longs, b.longs, r, n);
        } else if (isDouble(left.type)) {
            doubles(a.doubles, b.doubles, r, n);
        } else {
            longs(a.longs, b.longs, r, n);
        }
        return out;
    }

    private void decimals(long[] x, long[] y, long[] r, int n) {
        long fx = leftFactor;
        long fy = rightFactor;
        for (int i = 0; i < n; i++) {
            int c;
            if (Decimals.overflows(x[i], fx)) {
                c = x[i] < 0 ? -1 : 1;
            } else if (Decimals.overflows(y[i], fy)) {
                c = y[i] < 0 ? 1 : -1;
            } else {
                c = Long.compare(x[i] * fx, y[i] * fy);
            }
            r[i] = test(c) ? 1 : 0;
        }
    }

    private void wideDecimals(Column a, Column b, long[] r, int n) {
        long[] ah = isWide(left.type) ? a.highs : null;
        long[] bh = isWide(right.type) ? b.highs : null;
        for (int i = 0; i < n; i++) {
            long xl = a.longs[i];
            long yl = b.longs[i];
            long xh = ah == null ? xl >> 63 : ah[i];
            long yh = bh == null ? yl >> 63 : bh[i];
            int c;
            if (Int128.multiply(
                    xl,
                    xh,
                    Int128.powerLo(leftShift),
                    Int128.powerHi(leftShift),
                    scratchLo,
                    scratchHi,
                    0)) {
                c = xh < 0 ? -1 : 1;
            } else if (Int128.multiply(
                    yl,
                    yh,
                    Int128.powerLo(rightShift),
                    Int128.powerHi(rightShift),
                    scratchLo,
                    scratchHi,
                    1)) {
                c = yh < 0 ? 1 : -1;
            } else {
                c = Int128.compare(scratchLo[0], scratchHi[0], scratchLo[1], scratchHi[1]);
            }
            r[i] = test(c) ? 1 : 0;
        }
    }

    private boolean test(int c) {
        switch (op) {
            case EQUALS:
                return c == 0;
            case NOT_EQUALS:
                return c != 0;
            case LESS_THAN:
                return c < 0;
            case LESS_THAN_OR_EQUAL:
                return c <= 0;
            case GREATER_THAN:
                return c > 0;
            default:
                return c >= 0;
        }
    }

    private void longs(long[] x, long[] y, long[] r, int n) {
        switch (op) {
            case EQUALS:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] == y[i] ? 1 : 0;
                }
                break;
            case NOT_EQUALS:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] != y[i] ? 1 : 0;
                }
                break;
            case LESS_THAN:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] < y[i] ? 1 : 0;
                }
                break;
            case LESS_THAN_OR_EQUAL:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] <= y[i] ? 1 : 0;
                }
                break;
            case GREATER_THAN:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] > y[i] ? 1 : 0;
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] >= y[i] ? 1 : 0;
                }
        }
    }

    private void doubles(double[] x, double[] y, long[] r, int n) {
        switch (op) {
            case EQUALS:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] == y[i] ? 1 : 0;
                }
                break;
            case NOT_EQUALS:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] != y[i] ? 1 : 0;
                }
                break;
            case LESS_THAN:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] < y[i] ? 1 : 0;
                }
                break;
            case LESS_THAN_OR_EQUAL:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] <= y[i] ? 1 : 0;
                }
                break;
            case GREATER_THAN:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] > y[i] ? 1 : 0;
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] >= y[i] ? 1 : 0;
                }
        }
    }
}
