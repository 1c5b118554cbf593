package io.tally.schema;

import java.nio.charset.StandardCharsets;

/**
 * Parses CSV field bytes straight into numbers and booleans, with no String in between for the
 * common forms; anything else goes through {@link CsvValues} on the decoded text, so both accept
 * exactly the same values. Leading and trailing spaces are ignored. Failures throw {@link
 * CsvValues.BadValue}.
 */
final class CsvBytes {
    /** Largest mantissa a double holds exactly (2^53). */
    private static final long EXACT_MANTISSA = 1L << 53;

    /** Powers of ten a double holds exactly: dividing an exact mantissa by one rounds correctly. */
    private static final double[] EXACT_POWERS = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22
    };

    private static final int MAX_LONG_DIGITS = 18;

    private CsvBytes() {}

    static String text(byte[] b, int start, int end) {
        return new String(b, start, end - start, StandardCharsets.UTF_8);
    }

    static long parseLong(byte[] b, int start, int end) {
        int s = CsvDateFormat.trimStart(b, start, end);
        int e = CsvDateFormat.trimEnd(b, s, end);
        boolean negative = s < e && b[s] == '-';
        int i = s < e && (b[s] == '-' || b[s] == '+') ? s + 1 : s;
        if (i == e || e - i > MAX_LONG_DIGITS) {
            return CsvValues.parseLong(
                    text(b, start, end)); // empty, or may overflow: checked there
        }
        long value = 0;
        for (; i < e; i++) {
            int digit = b[i] - '0';
            if (digit < 0 || digit > 9) {
                throw CsvValues.BadValue.INSTANCE;
            }
            value = value * 10 + digit;
        }
        return negative ? -value : value;
    }

    static int parseInt(byte[] b, int start, int end) {
        long value = parseLong(b, start, end);
        if (value != (int) value) {
            throw CsvValues.BadValue.INSTANCE;
        }
        return (int) value;
    }

    /**
     * Plain decimals with up to 15 significant digits ({@code -12.345}) are computed exactly as a
     * mantissa divided by a power of ten; exponents, long mantissas, NaN and infinities go through
     * {@link Double#parseDouble}.
     */
    static double parseDouble(byte[] b, int start, int end) {
        int s = CsvDateFormat.trimStart(b, start, end);
        int e = CsvDateFormat.trimEnd(b, s, end);
        boolean negative = s < e && b[s] == '-';
        int i = s < e && (b[s] == '-' || b[s] == '+') ? s + 1 : s;
        long mantissa = 0;
        int digits = 0;
        int fraction = -1;
        for (; i < e; i++) {
            byte c = b[i];
            if (c >= '0' && c <= '9') {
                mantissa = mantissa * 10 + (c - '0');
                digits++;
                if (fraction >= 0) {
                    fraction++;
                }
            } else if (c == '.' && fraction < 0) {
                fraction = 0;
            } else {
                break;
            }
        }
        if (i != e || digits == 0 || mantissa >= EXACT_MANTISSA || digits > MAX_LONG_DIGITS) {
            return CsvValues.parseDouble(text(b, start, end));
        }
        double value = fraction > 0 ? mantissa / EXACT_POWERS[fraction] : mantissa;
        return negative ? -value : value;
    }

    /** {@code true}/{@code false}/{@code yes}/{@code no}, any case. */
    static boolean parseBoolean(byte[] b, int start, int end) {
        int s = CsvDateFormat.trimStart(b, start, end);
        int e = CsvDateFormat.trimEnd(b, s, end);
        switch (e - s) {
            case 2:
                if (is(b, s, "no")) {
                    return false;
                }
                break;
            case 3:
                if (is(b, s, "yes")) {
                    return true;
                }
                break;
            case 4:
                if (is(b, s, "true")) {
                    return true;
                }
                break;
            case 5:
                if (is(b, s, "false")) {
                    return false;
                }
                break;
            default:
                break;
        }
        throw CsvValues.BadValue.INSTANCE;
    }

    private static boolean is(byte[] b, int s, String word) {
        for (int i = 0; i < word.length(); i++) {
            if ((b[s + i] | 0x20) != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether the field is blank (empty or spaces only). */
    static boolean isBlank(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (b[i] != ' ') {
                return false;
            }
        }
        return true;
    }
}
