package io.tally.exec.expr;

import java.util.Arrays;

/**
 * The values of one expression over one batch, held on the heap in the shape of its family and
 * reused from batch to batch (arrays only grow, so steady-state evaluation allocates nothing).
 *
 * <p>Layout: LONG family (BOOLEAN as 0/1, integers, DATE days) and DECIMAL (the unscaled value at
 * the type's scale) in {@code longs[i]}; for a DECIMAL wider than 18 digits ({@link Kernel#isWide})
 * {@code longs[i]} is the low and {@code highs[i]} the high word of the 128-bit unscaled value
 * (two's complement, as {@link io.tally.exec.Int128}); DOUBLE family (REAL, DOUBLE) in {@code
 * doubles[i]}; strings as UTF-8, value {@code i} being {@code bytes[offsets[i] .. offsets[i + 1])}.
 * {@code nulls[i]} marks NULL rows and is only meaningful when {@code hasNulls}; the value slot of
 * a NULL row holds an arbitrary value.
 */
final class Column {
    /** Extra capacity, as a share of the requested size, when an array grows. */
    private static final int GROWTH_SHIFT = 1;

    long[] longs = new long[0];
    long[] highs = new long[0];
    double[] doubles = new double[0];
    byte[] bytes = new byte[0];
    int[] offsets = new int[1];
    boolean[] nulls = new boolean[0];
    boolean hasNulls;

    long[] longs(int n) {
        if (longs.length < n) {
            longs = new long[n];
        }
        return longs;
    }

    long[] highs(int n) {
        if (highs.length < n) {
            highs = new long[n];
        }
        return highs;
    }

    double[] doubles(int n) {
        if (doubles.length < n) {
            doubles = new double[n];
        }
        return doubles;
    }

    int[] offsets(int n) {
        if (offsets.length < n + 1) {
            offsets = new int[n + 1];
        }
        return offsets;
    }

    /** The byte buffer, grown to hold at least {@code size} bytes, keeping its content. */
    byte[] bytes(int size) {
        if (bytes.length < size) {
            bytes = Arrays.copyOf(bytes, size + (size >>> GROWTH_SHIFT));
        }
        return bytes;
    }

    /** A null mask for {@code n} rows with every row NOT NULL, and {@code hasNulls} set. */
    boolean[] clearNulls(int n) {
        if (nulls.length < n) {
            nulls = new boolean[n];
        } else {
            Arrays.fill(nulls, 0, n, false);
        }
        hasNulls = true;
        return nulls;
    }

    /** Marks the column as having no NULLs in its first {@code n} rows. */
    void noNulls() {
        hasNulls = false;
    }

    boolean isNull(int i) {
        return hasNulls && nulls[i];
    }

    /**
     * Sets this column's nulls to the union of {@code a}'s and {@code b}'s ({@code b} may be null).
     */
    void unionNulls(Column a, Column b, int n) {
        boolean an = a.hasNulls;
        boolean bn = b != null && b.hasNulls;
        if (!an && !bn) {
            hasNulls = false;
            return;
        }
        boolean[] out = clearNulls(n);
        for (int i = 0; i < n; i++) {
            out[i] = (an && a.nulls[i]) || (bn && b.nulls[i]);
        }
    }

    /** Copies the null mask of {@code a}. */
    void copyNulls(Column a, int n) {
        unionNulls(a, null, n);
    }
}
