package io.tally.exec.expr;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;

/** Brings 64-bit results to the width of their SQL type, as Java's narrowing conversions do. */
final class Narrow {
  private Narrow() {}

  /** Wraps integers to TINYINT, SMALLINT or INTEGER; other types are left alone. */
  static void wrap(DataType type, long[] v, int n) {
    ColumnType t = type.type();
    if (t == ColumnType.INTEGER || t == ColumnType.DATE || t == ColumnType.TIME) {
      for (int i = 0; i < n; i++) {
        v[i] = (int) v[i];
      }
    } else if (t == ColumnType.SMALLINT) {
      for (int i = 0; i < n; i++) {
        v[i] = (short) v[i];
      }
    } else if (t == ColumnType.TINYINT) {
      for (int i = 0; i < n; i++) {
        v[i] = (byte) v[i];
      }
    }
  }

  /** Rounds REAL results to float precision; DOUBLE is left alone. */
  static void round(DataType type, double[] v, int n) {
    if (type.type() == ColumnType.REAL) {
      for (int i = 0; i < n; i++) {
        v[i] = (float) v[i];
      }
    }
  }
}
