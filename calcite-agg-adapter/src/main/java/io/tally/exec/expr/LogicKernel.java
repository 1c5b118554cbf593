package io.tally.exec.expr;

import io.tally.batch.DataType;
import java.util.Arrays;

/**
 * Boolean connectives with SQL's three-valued logic ({@code AND}: FALSE wins over NULL; {@code OR}:
 * TRUE wins over NULL; {@code NOT NULL} is NULL), and the tests {@code IS [NOT] NULL} and {@code IS
 * [NOT] TRUE/FALSE}, which are never NULL. As in Calcite, every argument of AND and OR is evaluated
 * (they do not short-circuit).
 */
final class LogicKernel extends Kernel {
    private final Op op;
    private final Kernel[] args;
    private final Column out = new Column();

    LogicKernel(DataType type, Op op, Kernel... args) {
        super(type);
        this.op = op;
        this.args = args;
    }

    @Override
    Column eval(Frame frame, boolean[] active) {
        int n = frame.rows();
        switch (op) {
            case AND:
            case OR:
                connective(frame, active, n, op == Op.OR ? 1 : 0);
                break;
            case NOT:
                Column a = args[0].eval(frame, active);
                out.copyNulls(a, n);
                long[] r = out.longs(n);
                for (int i = 0; i < n; i++) {
                    r[i] = a.longs[i] ^ 1;
                }
                break;
            default:
                test(args[0].eval(frame, active), n);
        }
        return out;
    }

    /**
     * AND ({@code decisive} 0) or OR ({@code decisive} 1): the result is {@code decisive} when any
     * argument is that value, else NULL when any argument is NULL, else the other value.
     */
    private void connective(Frame frame, boolean[] active, int n, long decisive) {
        long[] r = out.longs(n);
        boolean[] nulls = out.clearNulls(n);
        Arrays.fill(r, 0, n, decisive ^ 1);
        for (Kernel arg : args) {
            Column c = arg.eval(frame, active);
            long[] v = c.longs;
            boolean[] cn = c.hasNulls ? c.nulls : null;
            for (int i = 0; i < n; i++) {
                boolean isNull = cn != null && cn[i];
                if (!isNull && v[i] == decisive) {
                    r[i] = decisive;
                } else if (isNull) {
                    nulls[i] = true;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            if (r[i] == decisive) {
                nulls[i] = false;
            }
        }
    }

    private void test(Column a, int n) {
        out.noNulls();
        long[] r = out.longs(n);
        boolean[] an = a.hasNulls ? a.nulls : null;
        long[] v = a.longs;
        for (int i = 0; i < n; i++) {
            boolean isNull = an != null && an[i];
            boolean result;
            switch (op) {
                case IS_NULL:
                    result = isNull;
                    break;
                case IS_NOT_NULL:
                    result = !isNull;
                    break;
                case IS_TRUE:
                    result = !isNull && v[i] == 1;
                    break;
                case IS_NOT_TRUE:
                    result = isNull || v[i] != 1;
                    break;
                case IS_FALSE:
                    result = !isNull && v[i] == 0;
                    break;
                default:
                    result = isNull || v[i] != 0;
                    break;
            }
            r[i] = result ? 1 : 0;
        }
    }
}
