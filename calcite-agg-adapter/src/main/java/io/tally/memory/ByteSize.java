package io.tally.memory;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints byte quantities such as {@code 512MB}, {@code 2GiB} or {@code 1048576}. */
public final class ByteSize {
    private static final Pattern SIZE =
            Pattern.compile(
                    "\\s*(\\d+(?:\\.\\d+)?)\\s*([kmgt]?i?b?)\\s*", Pattern.CASE_INSENSITIVE);
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private ByteSize() {}

    /**
     * Parses a byte count; units K, M, G, T (with or without {@code B}/{@code iB}) are binary
     * multiples (1 KB = 1024 bytes, as DuckDB and Java's -Xmx read them).
     *
     * @throws IllegalArgumentException if the text is not a size
     */
    public static long parse(String text) {
        Matcher m = SIZE.matcher(text);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "'" + text + "' is not a byte size (examples: 1048576, 512MB, 2GB)");
        }
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        int shift =
                unit.isEmpty() || unit.equals("b") ? 0 : 10 * ("kmgt".indexOf(unit.charAt(0)) + 1);
        double value = Double.parseDouble(m.group(1)) * Math.pow(2, shift);
        if (value >= Long.MAX_VALUE) {
            throw new IllegalArgumentException("'" + text + "' is too large a byte size");
        }
        return (long) value;
    }

    /** Formats a byte count in binary units with one decimal, e.g. {@code 1.5 MiB}. */
    public static String format(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        double v = bytes;
        int u = 0;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }
}
