package io.tally.datasets;

import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The db-benchmark groupby table {@code G1_<N>_<K>_<nas>_<sort>}: columns id1, id2 VARCHAR {@code
 * id%03d} (1..K), id3 VARCHAR {@code id%010d} (1..N/K), id4, id5 INT (1..K), id6 INT (1..N/K), v1
 * INT (1..5), v2 INT (1..15), v3 DOUBLE (uniform [0,100) rounded to 6 decimals; the rounding can
 * yield 100.0, as in R); {@code nas} percent of each column's rows NULL, chosen independently per
 * column. See {@link H2oRowStream} for the exact sampling.
 *
 * <p>Unsorted tables stream with memory bounded by one batch, for any N. The sorted table (rows
 * ordered by id1..id6, NULL first) is the same multiset of rows as the unsorted table of the same
 * seed, produced by drawing all rows into memory and radix-sorting them ({@link H2oSorter}, about
 * {@value #SORTED_BYTES_PER_ROW} bytes per row); it is therefore limited to {@link #SORT_MAX_ROWS}
 * rows and the constructor refuses more.
 */
public final class H2oGenerator implements Dataset {
    /** Largest N for sorted output: about 840 MB of heap for the in-memory sort at this size. */
    public static final long SORT_MAX_ROWS = 20_000_000L;

    /** Heap bytes per row while sorting: the row buffer plus permutation and scratch ints. */
    static final int SORTED_BYTES_PER_ROW = H2oRows.BYTES_PER_ROW + 2 * Integer.BYTES;

    /** The seed of {@code groupby-datagen.R} ({@code set.seed(108)}). */
    public static final long DEFAULT_SEED = 108;

    private final long rows;
    private final int k;
    private final int nasPercent;
    private final boolean sorted;
    private final long seed;

    /**
     * @param rows N, at least 1
     * @param k K, in 1..N, with N/K at most {@link Integer#MAX_VALUE}
     * @param nasPercent NULL percentage per column, 0..100
     * @param sorted whether rows are ordered by id1..id6 (N at most {@link #SORT_MAX_ROWS})
     * @param seed PRNG seed; the same seed gives identical files
     */
    public H2oGenerator(long rows, int k, int nasPercent, boolean sorted, long seed) {
        if (rows < 1) {
            throw new IllegalArgumentException("h2o rows must be at least 1: " + rows);
        }
        if (k < 1 || k > rows) {
            throw new IllegalArgumentException("h2o k must be in 1..rows (" + rows + "): " + k);
        }
        if (rows / k > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(
                    "h2o rows/k must be at most " + Integer.MAX_VALUE + ": " + rows / k);
        }
        if (nasPercent < 0 || nasPercent > 100) {
            throw new IllegalArgumentException("h2o nas percent must be in 0..100: " + nasPercent);
        }
        if (sorted && rows > SORT_MAX_ROWS) {
            throw new IllegalArgumentException(
                    "sorted h2o output is sorted in memory and limited to SORT_MAX_ROWS="
                            + SORT_MAX_ROWS
                            + " rows; requested "
                            + rows
                            + " (generate unsorted, or fewer rows)");
        }
        this.rows = rows;
        this.k = k;
        this.nasPercent = nasPercent;
        this.sorted = sorted;
        this.seed = seed;
    }

    /** Number of rows N. */
    public long rows() {
        return rows;
    }

    /** {@code G1_<N>_<K>_<nas>_<0|1>}, N and K in {@link SciNames} form. */
    @Override
    public String tableName() {
        return "G1_"
                + SciNames.of(rows)
                + "_"
                + SciNames.of(k)
                + "_"
                + nasPercent
                + "_"
                + (sorted ? 1 : 0);
    }

    @Override
    public Schema schema() {
        ArrowType utf8 = ArrowType.Utf8.INSTANCE;
        ArrowType int32 = new ArrowType.Int(32, true);
        return new Schema(
                List.of(
                        Field.nullable("id1", utf8),
                        Field.nullable("id2", utf8),
                        Field.nullable("id3", utf8),
                        Field.nullable("id4", int32),
                        Field.nullable("id5", int32),
                        Field.nullable("id6", int32),
                        Field.nullable("v1", int32),
                        Field.nullable("v2", int32),
                        Field.nullable(
                                "v3", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE))));
    }

    @Override
    public BatchGenerator open(BufferAllocator allocator) {
        return new H2oBatchGenerator(rows, k, nasPercent, sorted, seed);
    }
}
