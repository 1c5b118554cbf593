package io.tally.difftest;

/**
 * The SQL type of a column of the differential test's random tables, and what queries may do with
 * it.
 */
enum ColumnKind {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INTEGER,
    BIGINT,
    DECIMAL,
    REAL,
    DOUBLE,
    DATE,
    TIME,
    TIMESTAMP,
    VARCHAR,
    VARBINARY,
    ARRAY;

    boolean isInteger() {
        return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
    }

    boolean isNumeric() {
        return isInteger() || this == DECIMAL || this == REAL || this == DOUBLE;
    }

    boolean isApproximate() {
        return this == REAL || this == DOUBLE;
    }

    /** Whether MIN, MAX and ORDER BY accept the type (Calcite cannot order arrays). */
    boolean isOrdered() {
        return this != ARRAY;
    }
}
