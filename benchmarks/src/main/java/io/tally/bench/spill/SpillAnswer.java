package io.tally.bench.spill;

/**
 * An exact, order-independent digest of the spill query's result ({@code SUM(number + 1),
 * COUNT(number) ... GROUP BY number}): row count, the wrapping sums of {@code s} and {@code s²}
 * over the SUM column, and the sum of the COUNT column. Over {@code numbers(N)} every group is one
 * number {@code k} with {@code s = k + 1} and count 1, so the expected digest is known in closed
 * form ({@link #expected}).
 */
record SpillAnswer(long rows, long sum, long sumOfSquares, long counts) {
    /** The digest the right answer over {@code numbers(n)} has: s runs over 1..n. */
    static SpillAnswer expected(long n) {
        long sum = 0;
        long squares = 0;
        for (long s = 1; s <= n; s++) {
            sum += s;
            squares += s * s;
        }
        return new SpillAnswer(n, sum, squares, n);
    }

    /** Null if equal, else where they differ. */
    String mismatch(SpillAnswer other) {
        return equals(other) ? null : this + " vs " + other;
    }

    /** Accumulates a digest row by row. */
    static final class Builder {
        private long rows;
        private long sum;
        private long squares;
        private long counts;

        void add(long s, long count) {
            rows++;
            sum += s;
            squares += s * s;
            counts += count;
        }

        SpillAnswer build() {
            return new SpillAnswer(rows, sum, squares, counts);
        }
    }
}
