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

    /**
     * The first active NOT NULL row of {@code column} whose value lies outside the range of an
     * integer type narrower than BIGINT, or -1.
     */
    static int outOfRange(DataType type, Column column, int n, boolean[] active) {
        long min;
        long max;
        switch (type.type()) {
            case INTEGER:
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
                break;
            case SMALLINT:
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
                break;
            case TINYINT:
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
                break;
            default:
                return -1;
        }
        long[] v = column.longs;
        boolean any = false;
        for (int i = 0; i < n; i++) {
            any |= v[i] < min | v[i] > max;
        }
        if (any) {
            for (int i = 0; i < n; i++) {
                if ((v[i] < min || v[i] > max) && Kernel.isActive(active, i) && !column.isNull(i)) {
                    return i;
                }
            }
        }
        return -1;
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
