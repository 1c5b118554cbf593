package io.tally.metrics;

import java.util.Locale;

/**
 * Formats numbers for people: durations in ms or s, bytes in binary units (B, KiB, MiB, GiB, TiB),
 * counts with digit groups below a million and in words ("95.7 million") above.
 */
public final class HumanUnits {
    private static final long MILLION = 1_000_000;
    private static final long BILLION = 1_000_000_000;
    private static final long NANOS_PER_SECOND = 1_000_000_000;

    /** Durations at or above this many nanoseconds are shown in seconds. */
    private static final long SECONDS_FROM = 10 * NANOS_PER_SECOND;

    private static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};
    private static final int BYTE_SHIFT = 10;

    private HumanUnits() {}

    /** {@code 0 ms}, {@code 0.042 ms}, {@code 412.3 ms}, {@code 12.5 s}. */
    public static String nanos(long nanos) {
        if (nanos == 0) {
            return "0 ms";
        }
        if (nanos >= SECONDS_FROM) {
            return trim(String.format(Locale.ROOT, "%.1f", nanos / 1e9)) + " s";
        }
        double ms = nanos / 1e6;
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.3f", ms).replaceAll("0+$", "") + " ms";
        }
        return trim(String.format(Locale.ROOT, "%.1f", ms)) + " ms";
    }

    /** A duration given in milliseconds, as {@link #nanos}. */
    public static String millis(double ms) {
        return nanos(Math.round(ms * 1e6));
    }

    /** {@code 0 B}, {@code 512 B}, {@code 1.2 MiB}, {@code 3 GiB}. */
    public static String bytes(long bytes) {
        int unit = 0;
        double value = bytes;
        while (unit < BYTE_UNITS.length - 1 && Math.abs(value) >= (1 << BYTE_SHIFT)) {
            value /= 1 << BYTE_SHIFT;
            unit++;
        }
        String number =
                unit == 0 ? Long.toString(bytes) : trim(String.format(Locale.ROOT, "%.1f", value));
        return number + " " + BYTE_UNITS[unit];
    }

    /** {@code 999,999}, {@code 10 million}, {@code 95.7 million}, {@code 1.2 billion}. */
    public static String count(long n) {
        if (Math.abs(n) >= BILLION) {
            return trim(String.format(Locale.ROOT, "%.1f", n / (double) BILLION)) + " billion";
        }
        if (Math.abs(n) >= MILLION) {
            return trim(String.format(Locale.ROOT, "%.1f", n / (double) MILLION)) + " million";
        }
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** {@code 100%}, {@code 12.5%}. */
    public static String percent(double pct) {
        return trim(String.format(Locale.ROOT, "%.1f", pct)) + "%";
    }

    private static String trim(String decimal) {
        return decimal.endsWith(".0") ? decimal.substring(0, decimal.length() - 2) : decimal;
    }
}
