package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.Int128;
import java.util.Arrays;

/**
 * DECIMAL {@code + - *} and negation whose result type is wider than 18 digits, on 128-bit unscaled
 * values ({@link Column} low and high words), giving exactly Java's {@code BigDecimal} answers as
 * {@link DecimalKernel} does for narrow ones. Narrow operands (DECIMAL of at most 18 digits,
 * integers) are sign-extended; for {@code + -} each operand is first multiplied up to the result's
 * scale. The product of two narrow operands is one {@code multiplyHigh}; every other step is
 * overflow-checked. A NOT NULL active row whose value has more digits than the result type holds
 * (possible only where Calcite capped the type at 38 digits) fails with {@link
 * Decimals#outOfRange}.
 */
final class WideDecimalKernel extends Kernel {
    private final Op op;
    private final Kernel left;
    private final Kernel right;

    /** Powers of ten (exponents) bringing each operand of {@code + -} to the result's scale. */
    private final int leftShift;

    private final int rightShift;
    private final Column out = new Column();

    /** Scratch: the operands as 128-bit values at the result's scale. */
    private final Column x = new Column();

    private final Column y = new Column();
    private boolean[] overflow = new boolean[0];

    /** {@code right} is null for {@link Op#NEGATE}. */
    WideDecimalKernel(DataType type, Op op, Kernel left, Kernel right) {
        super(type);
        this.op = op;
        this.left = left;
        this.right = right;
        boolean rescale = op == Op.PLUS || op == Op.MINUS;
        this.leftShift = rescale ? type.scale() - left.type.scale() : 0;
        this.rightShift = rescale ? type.scale() - right.type.scale() : 0;
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
        Arrays.fill(overflow, 0, n, false);
        long[] lo = out.longs(n);
        long[] hi = out.highs(n);
        if (op == Op.NEGATE) {
            widen(a, left.type, 0, x, n);
            for (int i = 0; i < n; i++) {
                overflow[i] = Int128.negate(x.longs[i], x.highs[i], lo, hi, i);
            }
        } else if (op == Op.TIMES && !isWide(left.type) && !isWide(right.type)) {
            long[] p = a.longs;
            long[] q = b.longs;
            for (int i = 0; i < n; i++) {
                lo[i] = p[i] * q[i];
                hi[i] = Math.multiplyHigh(p[i], q[i]);
            }
        } else if (op == Op.TIMES) {
            widen(a, left.type, 0, x, n);
            widen(b, right.type, 0, y, n);
            for (int i = 0; i < n; i++) {
                overflow[i] =
                        Int128.multiply(x.longs[i], x.highs[i], y.longs[i], y.highs[i], lo, hi, i);
            }
        } else {
            widen(a, left.type, leftShift, x, n);
            widen(b, right.type, rightShift, y, n);
            addOrSubtract(lo, hi, n);
        }
        check(lo, hi, n, active);
        return out;
    }

    /** {@code x + y} or {@code x - y}, OR-ing into the overflow flags that rescaling set. */
    private void addOrSubtract(long[] lo, long[] hi, int n) {
        long[] yl = y.longs;
        long[] yh = y.highs;
        boolean minus = op == Op.MINUS;
        for (int i = 0; i < n; i++) {
            boolean o = overflow[i];
            if (minus) {
                o |= Int128.negate(yl[i], yh[i], yl, yh, i);
            }
            overflow[i] = o | Int128.add(x.longs[i], x.highs[i], yl[i], yh[i], lo, hi, i);
        }
    }

    private void widen(Column c, DataType t, int shift, Column to, int n) {
        Decimals.widen(c, isWide(t), shift, to, n, overflow);
    }

    /** Fails on the first active NOT NULL row that overflowed or has too many digits. */
    private void check(long[] lo, long[] hi, int n, boolean[] active) {
        int digits = type.precision();
        for (int i = 0; i < n; i++) {
            if ((overflow[i] || Int128.exceedsDigits(lo[i], hi[i], digits))
                    && isActive(active, i)
                    && !out.isNull(i)) {
                throw Decimals.outOfRange(op.name(), type);
            }
        }
    }
}
