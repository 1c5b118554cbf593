package io.tally.exec.expr;

/**
 * An integer or DECIMAL result outside its SQL type's range (SQLState 22003). Tally's arithmetic is
 * checked on every path and raises this instead of wrapping; the message names the type and the
 * operation, e.g. {@code INTEGER overflow: 2 * 2147483647}.
 */
public final class NumericOverflowException extends ArithmeticException {
    private static final long serialVersionUID = 1L;

    public NumericOverflowException(String message) {
        super(message);
    }
}
