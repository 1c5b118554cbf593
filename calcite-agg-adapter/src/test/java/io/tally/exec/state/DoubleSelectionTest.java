package io.tally.exec.state;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DoubleSelection} against a model that sorts with {@link Arrays#sort(double[])}: every
 * order statistic and the median, bit for bit, over random data with duplicates, NaN, ±Infinity,
 * −0.0 and 0.0, and over sorted, reversed, constant and sawtooth inputs.
 */
public class DoubleSelectionTest {
    private static final double[] SPECIALS = {
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        -0.0,
        0.0,
        Double.MIN_VALUE,
        -Double.MAX_VALUE,
        Double.longBitsToDouble(0x7ff8000000000001L)
    };

    @Test
    void keysOrderAsArraysSortAndRoundTrip() {
        Random r = new Random(1);
        for (int i = 0; i < 10_000; i++) {
            double a = value(r, 50);
            double b = value(r, 50);
            assertEquals(
                    Integer.signum(Double.compare(a, b)),
                    Integer.signum(Long.compare(DoubleSelection.key(a), DoubleSelection.key(b))),
                    a + " vs " + b);
            assertEquals(
                    Double.doubleToLongBits(a),
                    Double.doubleToLongBits(DoubleSelection.value(DoubleSelection.key(a))));
        }
    }

    @Test
    void everyOrderStatisticMatchesTheSort() {
        Random r = new Random(2);
        for (int round = 0; round < 300; round++) {
            int n = 1 + r.nextInt(80);
            double[] values = new double[n];
            int domain = 1 + r.nextInt(20);
            for (int i = 0; i < n; i++) {
                values[i] = value(r, domain);
            }
            double[] sorted = values.clone();
            Arrays.sort(sorted);
            for (int k = 0; k < n; k++) {
                long[] keys = keys(values);
                DoubleSelection.select(keys, 0, n, k);
                assertEquals(
                        DoubleSelection.key(sorted[k]),
                        keys[k],
                        "k=" + k + " of " + Arrays.toString(values));
                for (int i = 0; i < n; i++) {
                    assertEquals(
                            true, i < k ? keys[i] <= keys[k] : keys[i] >= keys[k], "position " + i);
                }
            }
        }
    }

    @Test
    void medianMatchesTheModelOnManyShapes() {
        Random r = new Random(3);
        for (int round = 0; round < 400; round++) {
            int n = 1 + r.nextInt(round < 300 ? 3000 : 200_000);
            double[] values = shape(r, round % 6, n);
            int pad = r.nextInt(5);
            long[] keys = new long[n + 2 * pad];
            Arrays.fill(keys, Long.MIN_VALUE);
            for (int i = 0; i < n; i++) {
                keys[pad + i] = DoubleSelection.key(values[i]);
            }
            double actual = DoubleSelection.median(keys, pad, n);
            assertEquals(
                    Double.doubleToLongBits(model(values)),
                    Double.doubleToLongBits(actual),
                    "shape " + round % 6 + " n=" + n);
            for (int i = 0; i < pad; i++) {
                assertEquals(Long.MIN_VALUE, keys[i]);
                assertEquals(Long.MIN_VALUE, keys[pad + n + i]);
            }
        }
    }

    @Test
    void zerosAndInfinitiesFollowTheSortedOrder() {
        assertEquals(Double.doubleToLongBits(0.0), bits(-0.0, 0.0, 0.0));
        assertEquals(Double.doubleToLongBits(-0.0), bits(-0.0, -0.0, 0.0));
        assertEquals(Double.doubleToLongBits(0.0), bits(-0.0, 0.0));
        assertEquals(
                Double.doubleToLongBits(Double.NaN),
                bits(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY));
        assertEquals(
                Double.doubleToLongBits(Double.POSITIVE_INFINITY),
                bits(1, Double.POSITIVE_INFINITY, Double.NaN));
        assertEquals(Double.doubleToLongBits(Double.NaN), bits(1, Double.NaN, Double.NaN));
        assertEquals(Double.doubleToLongBits(2.5), bits(4, 1, 3, 2));
    }

    @Test
    void adversarialInputsFallBackToSortingAndStayExact() {
        int n = 100_000;
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = (i % 2 == 0) ? i : n - i;
        }
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        for (int k : new int[] {0, 1, n / 3, n / 2, n - 1}) {
            long[] a = keys.clone();
            DoubleSelection.select(a, 0, n, k);
            assertEquals(sorted[k], a[k]);
        }
        assertEquals(2 * 17 + 8, DoubleSelection.depthBudget(n));
    }

    private static long bits(double... values) {
        return Double.doubleToLongBits(DoubleSelection.median(keys(values), 0, values.length));
    }

    private static long[] keys(double[] values) {
        long[] keys = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            keys[i] = DoubleSelection.key(values[i]);
        }
        return keys;
    }

    /**
     * The sort-based median this class replaces: sort, then the middle or the two middles' mean.
     */
    public static double model(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int lo = (v.length - 1) >>> 1;
        return (v.length & 1) == 1 ? v[lo] : v[lo] + (v[lo + 1] - v[lo]) * 0.5;
    }

    private static double[] shape(Random r, int shape, int n) {
        double[] v = new double[n];
        int domain = 1 + r.nextInt(n + 1);
        for (int i = 0; i < n; i++) {
            switch (shape) {
                case 0:
                    v[i] = value(r, domain);
                    break;
                case 1:
                    v[i] = i;
                    break;
                case 2:
                    v[i] = n - i;
                    break;
                case 3:
                    v[i] = 7.5;
                    break;
                case 4:
                    v[i] = i % 17;
                    break;
                default:
                    v[i] = r.nextGaussian();
                    break;
            }
        }
        return v;
    }

    /** A value from {@code domain} small integers and halves, or (1 in 10) a special. */
    public static double value(Random r, int domain) {
        if (r.nextInt(10) == 0) {
            return SPECIALS[r.nextInt(SPECIALS.length)];
        }
        return (r.nextInt(domain) - domain / 2) / 2.0;
    }
}
