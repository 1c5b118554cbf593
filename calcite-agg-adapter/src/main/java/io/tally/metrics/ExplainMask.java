package io.tally.metrics;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks the parts of an {@code EXPLAIN ANALYZE} text line that differ from run to run, so test
 * scripts can compare plan shape and row counts: durations become {@code <time>}, non-zero byte
 * sizes {@code <bytes>} (zero stays {@code 0 B}, so a script can tell whether anything spilled) and
 * percentages {@code <pct>}.
 */
public final class ExplainMask {
    private static final Pattern DURATION = Pattern.compile("\\b\\d+(\\.\\d+)? (ms|s)\\b");
    private static final Pattern BYTES =
            Pattern.compile("\\b\\d+(\\.\\d+)? (B|KiB|MiB|GiB|TiB)\\b");
    private static final Pattern PERCENT = Pattern.compile("\\b\\d+(\\.\\d+)?%");

    private ExplainMask() {}

    /** {@code line} with timings, byte counts and percentages masked. */
    public static String mask(String line) {
        String s = DURATION.matcher(line).replaceAll("<time>");
        Matcher bytes = BYTES.matcher(s);
        StringBuilder out = new StringBuilder();
        while (bytes.find()) {
            bytes.appendReplacement(out, bytes.group().equals("0 B") ? "0 B" : "<bytes>");
        }
        bytes.appendTail(out);
        return PERCENT.matcher(out.toString()).replaceAll("<pct>");
    }
}
