package io.tally.difftest;

/**
 * One column of the random fact table: its name, type, role in generated queries, and whether the
 * CSV copy of the table has it too.
 */
record Column(String name, ColumnKind kind, Role role, boolean inCsv) {
    /** How generated queries use a column. */
    enum Role {
        /**
         * Low-cardinality, skewed, with NULLs and edge values: a GROUP BY key (and MIN/MAX input).
         */
        KEY,
        /** Numbers or booleans of moderate size: aggregate input (SUM cannot overflow). */
        VALUE,
        /** {@code g}: 0..19, never NULL; the join key to {@code d}. */
        GROUP,
        /** {@code gname}: a function of {@code g}, so ANY_VALUE(gname) is deterministic per g. */
        DEPENDENT,
        /** {@code hk}: high cardinality, so tables get many blocks. */
        HIGH
    }

    boolean isKeyLike() {
        return role != Role.VALUE;
    }
}
