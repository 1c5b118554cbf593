package io.tally.datasets;

/**
 * Draws h2o groupby rows in order, the way {@code groupby-datagen.R} of db-benchmark defines them:
 * each column independently sampled with replacement (id1, id2, id4, id5 from 1..K; id3, id6 from
 * 1..N/K; v1 from 1..5; v2 from 1..15; v3 uniform on [0,100) rounded to 6 decimals), then, per
 * column independently, exactly {@code floor(N * nas / 100)} rows chosen without replacement set to
 * NULL.
 *
 * <p>Every column has its own value stream and its own NULL-choice stream ({@link SplitMix64}
 * streams of the seed), so row r of a column depends only on the seed and r: bytes are identical
 * for the same seed, whatever the batch size. The values differ from R's (different PRNG); the
 * distributions are the same.
 */
final class H2oRowStream {
    /** Value columns: v1 in 1..V1_MAX, v2 in 1..V2_MAX, v3 in [0, V3_MAX). */
    static final int V1_MAX = 5;

    static final int V2_MAX = 15;
    static final double V3_MAX = 100.0;

    /** v3 is rounded to this many decimal digits, as R's {@code round(x, 6)}. */
    static final double V3_SCALE = 1e6;

    /** Stream number offset separating NULL-choice streams from value streams. */
    private static final int NULL_STREAM_BASE = 100;

    /** Columns in generation order: id1..id6, v1, v2, v3. */
    private static final int COLUMNS = H2oRows.ID_COLUMNS + 3;

    private final int[] idBounds;
    private final SplitMix64[] values = new SplitMix64[COLUMNS];
    private final SelectionSampler[] nulls = new SelectionSampler[COLUMNS];

    H2oRowStream(long rows, int k, int nasPercent, long seed) {
        int groupsPerK = Math.toIntExact(rows / k);
        this.idBounds = new int[] {k, k, groupsPerK, k, k, groupsPerK};
        long nullRows = Math.multiplyExact(rows, nasPercent) / 100;
        for (int c = 0; c < COLUMNS; c++) {
            values[c] = SplitMix64.stream(seed, c);
            nulls[c] =
                    new SelectionSampler(
                            SplitMix64.stream(seed, NULL_STREAM_BASE + c), rows, nullRows);
        }
    }

    /** Draws the next {@code count} rows into {@code into[offset .. offset+count)}. */
    void next(H2oRows into, int offset, int count) {
        int end = offset + count;
        for (int c = 0; c < H2oRows.ID_COLUMNS; c++) {
            int[] column = into.ids[c];
            int bound = idBounds[c];
            for (int r = offset; r < end; r++) {
                int value = values[c].nextInt(bound) + 1;
                column[r] = nulls[c].next() ? 0 : value;
            }
        }
        smallValues(into.v1, offset, end, H2oRows.ID_COLUMNS, V1_MAX);
        smallValues(into.v2, offset, end, H2oRows.ID_COLUMNS + 1, V2_MAX);
        int c = H2oRows.ID_COLUMNS + 2;
        for (int r = offset; r < end; r++) {
            double value = Math.round(values[c].nextDouble() * V3_MAX * V3_SCALE) / V3_SCALE;
            into.v3[r] = nulls[c].next() ? Double.NaN : value;
        }
    }

    private void smallValues(byte[] column, int offset, int end, int c, int max) {
        for (int r = offset; r < end; r++) {
            int value = values[c].nextInt(max) + 1;
            column[r] = nulls[c].next() ? 0 : (byte) value;
        }
    }
}
