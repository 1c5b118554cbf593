package io.tally.datasets;

/**
 * A column-wise buffer of h2o groupby rows before they become Arrow vectors.
 *
 * <p>Layout: {@code ids[c][row]} for id1..id6 (c = 0..5) as int with 0 meaning NULL (id1/id2/id3
 * hold the number behind their {@code id%03d} / {@code id%010d} text); {@code v1}, {@code v2} as
 * bytes with 0 meaning NULL; {@code v3} as double with NaN meaning NULL (a generated value is never
 * NaN). That is 34 bytes per row.
 */
final class H2oRows {
    /** Number of id columns. */
    static final int ID_COLUMNS = 6;

    /** Bytes held per row by this layout (6 ints, 2 bytes, 1 double). */
    static final int BYTES_PER_ROW = ID_COLUMNS * Integer.BYTES + 2 + Double.BYTES;

    final int[][] ids = new int[ID_COLUMNS][];
    final byte[] v1;
    final byte[] v2;
    final double[] v3;

    H2oRows(int capacity) {
        for (int c = 0; c < ID_COLUMNS; c++) {
            ids[c] = new int[capacity];
        }
        v1 = new byte[capacity];
        v2 = new byte[capacity];
        v3 = new double[capacity];
    }
}
