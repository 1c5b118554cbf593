package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.Int128;

/**
 * Numeric functions with Calcite's answers: {@code ABS} on integers (the most negative value of the
 * type has no absolute value in it: {@link NumericOverflowException}), DECIMAL (the unscaled value,
 * same scale, in 128 bits when wider than 18 digits) and floating point; {@code EXP(x)} and {@code
 * POWER(x, y)} on doubles ({@code Math.exp}, {@code Math.pow}; operands are converted to DOUBLE
 * first, as Calcite's generated code does). NULL in, NULL out.
 */
final class MathKernel extends Kernel {
    private final Op op;
    private final Kernel[] args;
    private final Column out = new Column();

    MathKernel(DataType type, Op op, Kernel... args) {
        super(type);
        this.op = op;
        this.args = args;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        Column a = args[0].eval(frame, active);
        Column b = args.length > 1 ? args[1].eval(frame, active) : null;
        out.unionNulls(a, b, n);
        switch (op) {
            case ABS:
                if (isDouble(type)) {
                    double[] x = a.doubles;
                    double[] r = out.doubles(n);
                    for (int i = 0; i < n; i++) {
                        r[i] = Math.abs(x[i]);
                    }
                } else if (isWide(type)) {
                    long[] lo = out.longs(n);
                    long[] hi = out.highs(n);
                    for (int i = 0; i < n; i++) {
                        lo[i] = a.longs[i];
                        hi[i] = a.highs[i];
                        if (hi[i] < 0) {
                            Int128.negate(
                                    lo[i], hi[i], lo, hi, i); // |value| < 10^38: cannot overflow
                        }
                    }
                } else {
                    long[] x = a.longs;
                    long[] r = out.longs(n);
                    for (int i = 0; i < n; i++) {
                        r[i] = Math.abs(x[i]);
                    }
                    int bad = Narrow.outOfRange(type, out, n, active);
                    for (int i = 0; i < n && bad < 0; i++) {
                        bad = r[i] < 0 && isActive(active, i) && !out.isNull(i) ? i : -1;
                    }
                    if (bad >= 0) {
                        throw new NumericOverflowException(
                                type.type() + " overflow: ABS(" + x[bad] + ")");
                    }
                }
                break;
            case EXP:
                {
                    double[] x = a.doubles;
                    double[] r = out.doubles(n);
                    for (int i = 0; i < n; i++) {
                        r[i] = Math.exp(x[i]);
                    }
                    break;
                }
            default:
                {
                    double[] x = a.doubles;
                    double[] y = b.doubles;
                    double[] r = out.doubles(n);
                    for (int i = 0; i < n; i++) {
                        r[i] = Math.pow(x[i], y[i]);
                    }
                }
        }
        return out;
    }
}
