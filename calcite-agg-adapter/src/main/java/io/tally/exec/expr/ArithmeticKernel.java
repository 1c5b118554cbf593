package io.tally.exec.expr;

import io.tally.batch.DataType;

/**
 * {@code + - * / %} and unary minus, on integers (computed in 64 bits and checked against the
 * result type's range: an overflow raises {@link NumericOverflowException}, as Calcite's checked
 * operators raise {@code ArithmeticException}) or on doubles (REAL results rounded to float after
 * the operation, as Java float arithmetic). Both operands are already in the result's family.
 * Integer division or MOD by zero fails for an active row whose operands are both NOT NULL, with
 * Calcite's {@code ArithmeticException: / by zero}.
 */
final class ArithmeticKernel extends Kernel {
    private final Op op;
    private final Kernel left;
    private final Kernel right;
    private final Column out = new Column();

    /** {@code right} is null for {@link Op#NEGATE}. */
    ArithmeticKernel(DataType type, Op op, Kernel left, Kernel right) {
        super(type);
        this.op = op;
        this.left = left;
        this.right = right;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column a = left.eval(frame, active);
        Column b = right == null ? null : right.eval(frame, active);
        out.unionNulls(a, b, n);
        if (isDouble(type)) {
            doubles(a, b, n);
        } else {
            longs(a, b, n, active);
        }
        return out;
    }

    /**
     * Integer arithmetic in 64 bits; a row whose exact result leaves the result type's range (or a
     * long's) fails if it is active and NOT NULL. The loops only note that some row may have
     * overflowed; the rows are then checked one by one.
     */
    private void longs(Column a, Column b, int n, boolean[] active) {
        long[] x = a.longs;
        long[] r = out.longs(n);
        long suspect = 0; // sign bit set when some row's 64-bit result overflowed
        if (b == null) {
            for (int i = 0; i < n; i++) {
                r[i] = -x[i];
                suspect |= x[i] & r[i];
            }
            check(suspect, x, null, n, active);
            return;
        }
        long[] y = b.longs;
        switch (op) {
            case PLUS:
                for (int i = 0; i < n; i++) {
                    long s = x[i] + y[i];
                    r[i] = s;
                    suspect |= (x[i] ^ s) & (y[i] ^ s);
                }
                break;
            case MINUS:
                for (int i = 0; i < n; i++) {
                    long d = x[i] - y[i];
                    r[i] = d;
                    suspect |= (x[i] ^ y[i]) & (x[i] ^ d);
                }
                break;
            case TIMES:
                for (int i = 0; i < n; i++) {
                    long p = x[i] * y[i];
                    r[i] = p;
                    suspect |= Math.multiplyHigh(x[i], y[i]) != (p >> 63) ? Long.MIN_VALUE : 0;
                }
                break;
            case DIVIDE:
            case MOD:
                checkDivisors(y, n, active);
                boolean mod = op == Op.MOD;
                for (int i = 0; i < n; i++) {
                    long d = y[i] == 0 ? 1 : y[i];
                    r[i] = mod ? x[i] % d : x[i] / d;
                    suspect |= !mod && d == -1 && x[i] == Long.MIN_VALUE ? Long.MIN_VALUE : 0;
                }
                break;
            default:
                throw new IllegalStateException("not arithmetic: " + op);
        }
        check(suspect, x, y, n, active);
    }

    /**
     * Fails on the first active NOT NULL row whose result overflowed a long ({@code suspect < 0})
     * or lies outside a narrower result type's range.
     */
    private void check(long suspect, long[] x, long[] y, int n, boolean[] active) {
        int bad = suspect < 0 ? firstOverflow(x, y, n, active) : -1;
        if (bad < 0) {
            bad = Narrow.outOfRange(type, out, n, active);
        }
        if (bad >= 0) {
            throw new NumericOverflowException(
                    type.type()
                            + " overflow: "
                            + (y == null
                                    ? "-(" + x[bad] + ")"
                                    : x[bad] + " " + symbol() + " " + y[bad]));
        }
    }

    private int firstOverflow(long[] x, long[] y, int n, boolean[] active) {
        for (int i = 0; i < n; i++) {
            if (isActive(active, i)
                    && !out.isNull(i)
                    && overflows(x[i], y == null ? 0 : y[i], y == null)) {
                return i;
            }
        }
        return -1;
    }

    private boolean overflows(long x, long y, boolean negate) {
        try {
            if (negate) {
                Math.negateExact(x);
            } else if (op == Op.PLUS) {
                Math.addExact(x, y);
            } else if (op == Op.MINUS) {
                Math.subtractExact(x, y);
            } else if (op == Op.TIMES) {
                Math.multiplyExact(x, y);
            } else if (op == Op.DIVIDE) {
                return x == Long.MIN_VALUE && y == -1;
            }
            return false;
        } catch (ArithmeticException e) {
            return true;
        }
    }

    private String symbol() {
        switch (op) {
            case PLUS:
                return "+";
            case MINUS:
                return "-";
            case TIMES:
                return "*";
            case DIVIDE:
                return "/";
            default:
                return "%";
        }
    }

    /** Fails if an active row that is not NULL divides by zero. */
    private void checkDivisors(long[] y, int n, boolean[] active) {
        boolean[] nulls = out.hasNulls ? out.nulls : null;
        for (int i = 0; i < n; i++) {
            if (y[i] == 0 && isActive(active, i) && (nulls == null || !nulls[i])) {
                throw new ArithmeticException("/ by zero");
            }
        }
    }

    private void doubles(Column a, Column b, int n) {
        double[] x = a.doubles;
        double[] r = out.doubles(n);
        if (b == null) {
            for (int i = 0; i < n; i++) {
                r[i] = -x[i];
            }
            return;
        }
        double[] y = b.doubles;
        switch (op) {
            case PLUS:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] + y[i];
                }
                break;
            case MINUS:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] - y[i];
                }
                break;
            case TIMES:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] * y[i];
                }
                break;
            case DIVIDE:
                for (int i = 0; i < n; i++) {
                    r[i] = x[i] / y[i];
                }
                break;
            default:
                throw new IllegalStateException("not floating-point arithmetic: " + op);
        }
        Narrow.round(type, r, n);
    }
}
