package io.tally.bench.report;

import java.util.Locale;

/** Human-readable byte counts for result tables ({@code 1.5 GiB}). */
public final class Bytes {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};
    private static final int STEP = 1024;

    private Bytes() {}

    public static String format(long bytes) {
        double value = bytes;
        int unit = 0;
        while (Math.abs(value) >= STEP && unit < UNITS.length - 1) {
            value /= STEP;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, UNITS[unit]);
    }
}
