package io.tally.batch;

/**
 * The SQL column types the aggregate runtime understands, with the physical family each one is
 * processed in: {@code LONG} (booleans, integers, dates and times as a 64-bit integer), {@code
 * DOUBLE} (REAL widened exactly to double), {@code DECIMAL} (128-bit unscaled two's complement) and
 * {@code BYTES} (UTF-8, raw bytes, or an array or multiset encoded by {@link ArrayCodec}). {@code
 * NULL} is the type of an untyped NULL: a column whose every value is NULL, held as BOOLEAN.
 */
public enum ColumnType {
    BOOLEAN(Family.LONG),
    TINYINT(Family.LONG),
    SMALLINT(Family.LONG),
    INTEGER(Family.LONG),
    BIGINT(Family.LONG),
    REAL(Family.DOUBLE),
    DOUBLE(Family.DOUBLE),
    DECIMAL(Family.DECIMAL),
    /** Days since 1970-01-01. */
    DATE(Family.LONG),
    /** Milliseconds since midnight. */
    TIME(Family.LONG),
    /** Milliseconds since 1970-01-01 00:00:00. */
    TIMESTAMP(Family.LONG),
    CHAR(Family.BYTES),
    VARCHAR(Family.BYTES),
    VARBINARY(Family.BYTES),
    /** An ARRAY of the {@link DataType#element() element} type. */
    ARRAY(Family.BYTES),
    /** A MULTISET of the {@link DataType#element() element} type (an unordered ARRAY). */
    MULTISET(Family.BYTES),
    /** The type of an untyped NULL ({@code COUNT(NULL)}, {@code GROUP BY NULL}): always NULL. */
    NULL(Family.LONG);

    /** How values of a type are held while aggregating. */
    public enum Family {
        LONG,
        DOUBLE,
        DECIMAL,
        BYTES
    }

    private final Family family;

    ColumnType(Family family) {
        this.family = family;
    }

    public Family family() {
        return family;
    }

    /** Whether the type is an ARRAY or a MULTISET. */
    public boolean isCollection() {
        return this == ARRAY || this == MULTISET;
    }

    /** Whether the type is an exact integer type (TINYINT … BIGINT). */
    public boolean isInteger() {
        return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
    }
}
