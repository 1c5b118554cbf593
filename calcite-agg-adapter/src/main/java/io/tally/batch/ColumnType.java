package io.tally.batch;

/**
 * The SQL column types the aggregate runtime understands, with the physical family each one is
 * processed in: {@code LONG} (booleans, integers, dates and times as a 64-bit integer),
 * {@code DOUBLE} (REAL widened exactly to double), {@code DECIMAL} (128-bit unscaled two's
 * complement) and {@code BYTES} (UTF-8, raw bytes, or an encoded VARCHAR array).
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
  VARCHAR_ARRAY(Family.BYTES);

  /** How values of a type are held while aggregating. */
  public enum Family { LONG, DOUBLE, DECIMAL, BYTES }

  private final Family family;

  ColumnType(Family family) {
    this.family = family;
  }

  public Family family() {
    return family;
  }

  /** Whether the type is an exact integer type (TINYINT … BIGINT). */
  public boolean isInteger() {
    return this == TINYINT || this == SMALLINT || this == INTEGER || this == BIGINT;
  }
}
