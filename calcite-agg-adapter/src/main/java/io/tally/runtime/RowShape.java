package io.tally.runtime;

/**
 * How generated code represents a row: {@code Object[]}, the bare value of a one-column row, or a
 * {@code List} (Calcite's choice for zero columns).
 */
public enum RowShape {
    ARRAY,
    SCALAR,
    LIST
}
