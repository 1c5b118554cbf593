package io.tally.exec.state;

import java.util.Arrays;

/**
 * Exact order statistics of doubles in {@link Arrays#sort(double[])} order (−Infinity … −0.0, 0.0 …
 * Infinity, NaN last) by quickselect, expected linear instead of a full sort.
 *
 * <p>Values are selected as <em>sort keys</em>: longs whose signed order is that order ({@link
 * #key}; every NaN becomes the one canonical NaN), so the partition loops compare plain longs. A
 * partition is three-way (less / equal / greater than the pivot), so runs of duplicates end the
 * search at once; after {@link #depthBudget} partitions without an answer the range is sorted
 * instead, which bounds the worst case by {@code n log n}.
 */
final class DoubleSelection {
    /** Ranges up to this many values are finished by insertion sort. */
    static final int INSERTION_LIMIT = 16;

    /** Partitions allowed beyond {@code 2 log2(n)} before falling back to a sort. */
    private static final int EXTRA_DEPTH = 8;

    private DoubleSelection() {}

    /**
     * The sort key of {@code v}: flips the magnitude bits of negatives, so longs order as doubles.
     */
    static long key(double v) {
        long bits = Double.doubleToLongBits(v);
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** The double whose {@link #key} is {@code key} (the mapping is its own inverse). */
    static double value(long key) {
        return Double.longBitsToDouble(key ^ ((key >> 63) & Long.MAX_VALUE));
    }

    /**
     * The median of the keys {@code a[from, from + count)} ({@code count > 0}) as a double: the
     * middle one, or for an even count {@code lo + (hi - lo) * 0.5} of the two middle ones.
     * Reorders that range.
     */
    static double median(long[] a, int from, int count) {
        return quantile(a, from, count, 0.5);
    }

    /**
     * The {@code fraction} quantile of the keys {@code a[from, from + count)} (count at least 1),
     * interpolated as PERCENTILE_CONT: at position {@code fraction * (count - 1)} of their sorted
     * order, between the values on either side. Reorders the range.
     */
    static double quantile(long[] a, int from, int count, double fraction) {
        int to = from + count;
        double position = fraction * (count - 1);
        int lo = from + (int) Math.floor(position);
        select(a, from, to, lo);
        double low = value(a[lo]);
        double weight = position - Math.floor(position);
        if (weight == 0 || lo + 1 >= to) {
            return low;
        }
        long next = a[lo + 1];
        for (int i = lo + 2; i < to; i++) {
            next = Math.min(next, a[i]);
        }
        return low + (value(next) - low) * weight;
    }

    /**
     * Reorders {@code a[from, to)} so {@code a[k]} holds the key a sort would put there, no key
     * before it is greater and none after it smaller.
     */
    static void select(long[] a, int from, int to, int k) {
        int budget = depthBudget(to - from);
        while (to - from > INSERTION_LIMIT) {
            if (budget-- == 0) {
                Arrays.sort(a, from, to);
                return;
            }
            long pivot = medianOfThree(a[from], a[(from + to) >>> 1], a[to - 1]);
            int lt = from;
            int i = from;
            int gt = to;
            while (i < gt) {
                long v = a[i];
                if (v < pivot) {
                    a[i++] = a[lt];
                    a[lt++] = v;
                } else if (v > pivot) {
                    a[i] = a[--gt];
                    a[gt] = v;
                } else {
                    i++;
                }
            }
            if (k < lt) {
                to = lt;
            } else if (k >= gt) {
                from = gt;
            } else {
                return;
            }
        }
        insertionSort(a, from, to);
    }

    /** Partitions allowed for a range of {@code n} keys before it is sorted instead. */
    static int depthBudget(int n) {
        return 2 * (Integer.SIZE - Integer.numberOfLeadingZeros(n)) + EXTRA_DEPTH;
    }

    private static long medianOfThree(long x, long y, long z) {
        return Math.max(Math.min(x, y), Math.min(Math.max(x, y), z));
    }

    private static void insertionSort(long[] a, int from, int to) {
        for (int i = from + 1; i < to; i++) {
            long v = a[i];
            int j = i - 1;
            while (j >= from && a[j] > v) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }
}
