package io.tally.schema;

import java.util.Arrays;

/**
 * {@code MEDIAN(x)} as a Calcite user-defined aggregate (the planner's operator table declares it):
 * the SQL signature (numeric argument, DOUBLE result) for both engines, and the implementation
 * Calcite's own aggregate runs with {@code aggregate=calcite}. Tally's blocked aggregate recognizes
 * this class and computes MEDIAN with its own accumulator, giving the same answers: the middle of
 * the sorted non-NULL values, {@code lo + (hi - lo) * 0.5} for an even count, NULL when there are
 * none (DuckDB's {@code median}).
 */
public final class MedianFunction {
    /** Values collected for one group. */
    public static final class Values {
        private double[] values = new double[8];
        private int count;

        void add(double v) {
            if (count == values.length) {
                values = Arrays.copyOf(values, Math.multiplyExact(count, 2));
            }
            values[count++] = v;
        }
    }

    public Values init() {
        return new Values();
    }

    /**
     * Adds one value; NULL is skipped. Declared as {@code Object} so that SQL accepts every numeric
     * type without an implicit cast (Calcite's generated code passes the column's own Java type);
     * anything that is not a number is an error naming the function.
     */
    public Values add(Values state, Object value) {
        if (value instanceof Number number) {
            state.add(number.doubleValue());
        } else if (value != null) {
            throw new IllegalArgumentException(
                    "MEDIAN takes a number, not "
                            + value.getClass().getSimpleName()
                            + " '"
                            + value
                            + "'");
        }
        return state;
    }

    public Values merge(Values a, Values b) {
        for (int i = 0; i < b.count; i++) {
            a.add(b.values[i]);
        }
        return a;
    }

    /** The median, or null for no values. */
    public Double result(Values state) {
        if (state.count == 0) {
            return null;
        }
        double[] v = Arrays.copyOf(state.values, state.count);
        Arrays.sort(v);
        int lo = (v.length - 1) >>> 1;
        return (v.length & 1) == 1 ? v[lo] : v[lo] + (v[lo + 1] - v[lo]) * 0.5;
    }
}
