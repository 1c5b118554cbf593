package io.tally.exec.expr;

import io.tally.batch.ColumnType;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;

/**
 * {@code CAST(<string> AS TINYINT|SMALLINT|INTEGER|BIGINT)} of one UTF-8 value, answering as
 * Calcite's row path does ({@code SqlFunctions.toByte/toShort/toInt/toLong(String)}): the value
 * with characters up to U+0020 trimmed from both ends, parsed by {@code Byte/Short/Integer/
 * Long.parse*} (a {@link NumberFormatException} naming the text when it is not a number of the
 * type), and for BIGINT a text starting {@code 199} and holding a {@code :} read as a timestamp's
 * milliseconds. Plain digits (an optional sign, at most {@link #FAST_DIGITS}) are read straight
 * from the bytes; anything else takes that exact path through a {@code String}.
 */
final class StringToInteger {
    /** Digits that always fit a long, so the fast path needs no overflow check. */
    static final int FAST_DIGITS = 18;

    private StringToInteger() {}

    /** The value of bytes {@code [from, to)} cast to the integer type {@code type}. */
    static long parse(ColumnType type, byte[] bytes, int from, int to) {
        int start = from;
        int end = to;
        while (start < end && (bytes[start] & 0xff) <= ' ') {
            start++;
        }
        while (end > start && (bytes[end - 1] & 0xff) <= ' ') {
            end--;
        }
        boolean negative = start < end && bytes[start] == '-';
        int digits =
                start < end && (bytes[start] == '-' || bytes[start] == '+') ? start + 1 : start;
        if (digits < end && end - digits <= FAST_DIGITS) {
            long v = 0;
            int i = digits;
            while (i < end && bytes[i] >= '0' && bytes[i] <= '9') {
                v = v * 10 + (bytes[i++] - '0');
            }
            if (i == end) {
                v = negative ? -v : v;
                if (fits(type, v)) {
                    return v;
                }
            }
        }
        return exact(type, new String(bytes, from, to - from, StandardCharsets.UTF_8));
    }

    private static boolean fits(ColumnType type, long v) {
        switch (type) {
            case TINYINT:
                return v == (byte) v;
            case SMALLINT:
                return v == (short) v;
            case INTEGER:
                return v == (int) v;
            default:
                return true;
        }
    }

    private static long exact(ColumnType type, String s) {
        switch (type) {
            case TINYINT:
                return Byte.parseByte(s.trim());
            case SMALLINT:
                return Short.parseShort(s.trim());
            case INTEGER:
                return Integer.parseInt(s.trim());
            default:
                if (s.startsWith("199") && s.contains(":")) {
                    return Timestamp.valueOf(s).getTime();
                }
                return Long.parseLong(s.trim());
        }
    }
}
