package io.tally.exec.state;

import io.tally.batch.DataType;
import io.tally.batch.Int128;
import io.tally.exec.hash.DecodedColumn;

/**
 * Rows of a decoded numeric column as doubles, for the statistics that compute in floating point
 * (VAR/STDDEV, the co-moment family, MEDIAN): DOUBLE rows as they are, integers widened, DECIMAL
 * rows rounded to the nearest double. Holds the scratch array it fills.
 */
final class NumericDoubles {
    private double[] xs = new double[0];

    /** Rows {@code 0..n-1} of {@code a} (of numeric type {@code type}); NULL rows hold 0. */
    double[] of(DecodedColumn a, DataType type, int n) {
        switch (type.family()) {
            case DOUBLE:
                return a.doubles;
            case LONG:
                ensure(n);
                for (int i = 0; i < n; i++) {
                    xs[i] = a.longs[i];
                }
                return xs;
            default:
                ensure(n);
                for (int i = 0; i < n; i++) {
                    xs[i] =
                            a.nulls[i] != 0
                                    ? 0
                                    : Int128.toDouble(a.longs[i], a.highs[i], type.scale());
                }
                return xs;
        }
    }

    private void ensure(int n) {
        if (xs.length < n) {
            xs = new double[Math.max(n, xs.length * 2)];
        }
    }
}
