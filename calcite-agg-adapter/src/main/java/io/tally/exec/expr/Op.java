package io.tally.exec.expr;

/**
 * The operations an {@link Expr} can apply. Arithmetic and comparisons follow Calcite's
 * generated-code semantics: integer arithmetic wraps at the result type's width, integer division
 * and MOD by zero fail, floating-point division by zero gives an infinity or NaN; everything is
 * NULL when an operand is NULL, except the boolean connectives (three-valued logic), the {@code IS
 * ...} tests and CASE.
 */
public enum Op {
    /** Column {@code value} (an {@code Integer}) of the calculator's input columns. */
    INPUT,
    /**
     * The constant {@code value}: Long (integers, dates as days, DECIMAL unscaled values that fit a
     * long), BigInteger (wider DECIMAL unscaled values), Double, Boolean, String or null.
     */
    LITERAL,
    PLUS,
    MINUS,
    TIMES,
    DIVIDE,
    MOD,
    NEGATE,
    EQUALS,
    NOT_EQUALS,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    AND,
    OR,
    NOT,
    IS_NULL,
    IS_NOT_NULL,
    IS_TRUE,
    IS_NOT_TRUE,
    IS_FALSE,
    IS_NOT_FALSE,
    /** Arguments {@code when1, then1, when2, then2, ..., else}; evaluated lazily per row. */
    CASE,
    /** Converts the single argument to this expression's type. */
    CAST,
    UPPER,
    LOWER,
    CHAR_LENGTH,
    /** {@code SUBSTRING(s FROM start [FOR length])}, positions in UTF-16 units as Calcite. */
    SUBSTRING,
    /** String concatenation {@code ||}. */
    CONCAT,
    /** {@code s LIKE value} where {@code value} is the constant pattern (no escape character). */
    LIKE,
    /** Year, month or day of month of a DATE. */
    EXTRACT_YEAR,
    EXTRACT_MONTH,
    EXTRACT_DAY,
    /** DATE plus a number of days (the second argument, a BIGINT). */
    DATE_PLUS_DAYS,
    /** Absolute value of a number, in its own type. */
    ABS,
    /** {@code EXP(x)} and {@code POWER(x, y)} on DOUBLE operands, giving DOUBLE. */
    EXP,
    POWER,
    /**
     * {@code TRIM(BOTH | LEADING | TRAILING c FROM s)} for a one-character ASCII {@code c}; the
     * value is {@code "BOTH"}, {@code "LEADING"} or {@code "TRAILING"} followed by {@code c}.
     */
    TRIM
}
