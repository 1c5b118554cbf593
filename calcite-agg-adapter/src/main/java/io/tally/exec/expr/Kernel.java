package io.tally.exec.expr;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;

/**
 * One compiled expression: evaluates its value for every row of the current {@link Frame} in one
 * call, into a {@link Column} it owns (or, for inputs and constants, one it shares).
 *
 * <p>{@code active} marks the rows whose value will be used (null means all rows). Every row is
 * computed, but an operation that can fail (division by zero, a bad SUBSTRING length) fails only
 * for an active row; CASE narrows {@code active} for its branches, so, as in Calcite, a branch that
 * is not taken cannot raise an error.
 */
abstract class Kernel {
    final DataType type;

    Kernel(DataType type) {
        this.type = type;
    }

    /** The values for the first {@code frame.rows()} rows. */
    abstract Column eval(Frame frame, boolean[] active);

    static boolean isActive(boolean[] active, int i) {
        return active == null || active[i];
    }

    /** Whether the type is held in {@code Column.longs}. */
    static boolean isLong(DataType t) {
        return t.family() == ColumnType.Family.LONG;
    }

    /** Whether the type is held in {@code Column.doubles}. */
    static boolean isDouble(DataType t) {
        return t.family() == ColumnType.Family.DOUBLE;
    }

    /** Whether the type is a DECIMAL held in {@code Column.longs} as its unscaled value. */
    static boolean isDecimal(DataType t) {
        return t.family() == ColumnType.Family.DECIMAL;
    }

    /**
     * Whether the type is a DECIMAL too wide for a long's 18 digits, held as 128-bit values in
     * {@code Column.longs} (low words) and {@code Column.highs} (high words).
     */
    static boolean isWide(DataType t) {
        return isDecimal(t) && t.precision() > Decimals.MAX_POWER;
    }

    /** Whether the type is a string held as UTF-8 bytes. */
    static boolean isString(DataType t) {
        return t.type() == ColumnType.CHAR || t.type() == ColumnType.VARCHAR;
    }
}
