package io.tally.bench.sql;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Median, geometric mean and the number formats the SQL benchmark tables share. */
public final class Stats {
    private Stats() {}

    public static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Geometric mean of positive values, NaN when empty. */
    public static double geomean(List<Double> values) {
        if (values.isEmpty()) {
            return Double.NaN;
        }
        double logs = 0;
        for (double v : values) {
            logs += Math.log(v);
        }
        return Math.exp(logs / values.size());
    }

    public static String seconds(double nanos) {
        double s = nanos / 1e9;
        return String.format(Locale.ROOT, s < 1 ? "%.3f" : s < 100 ? "%.2f" : "%.0f", s);
    }

    public static String ratio(double r) {
        return Double.isNaN(r) ? "n/a" : String.format(Locale.ROOT, r < 10 ? "%.2fx" : "%.1fx", r);
    }
}
