package io.tally.exec.expr;

import java.math.BigDecimal;

/**
 * The range rule for DECIMAL arithmetic whose type Calcite capped at 38 digits: a result with more
 * digits than its type holds is an error on both paths. The vectorized kernels check it themselves;
 * on the row path Calcite computes the exact {@code BigDecimal}, so the planner wraps such a call
 * in {@link #check}.
 */
public final class DecimalRange {
    private DecimalRange() {}

    /**
     * {@code value}, unless it has more than {@code precision - scale} integer digits; NULL stays
     * NULL. {@code op} names the operation for the error.
     */
    public static BigDecimal check(BigDecimal value, int precision, int scale, String op) {
        if (value != null
                && value.signum() != 0
                && value.precision() - value.scale() > precision - scale) {
            throw outOfRange(op, precision, scale);
        }
        return value;
    }

    /** The error for a result of {@code op} with more digits than DECIMAL(precision, scale). */
    static NumericOverflowException outOfRange(String op, int precision, int scale) {
        return new NumericOverflowException(
                op + ": value out of range for DECIMAL(" + precision + ", " + scale + ")");
    }
}
