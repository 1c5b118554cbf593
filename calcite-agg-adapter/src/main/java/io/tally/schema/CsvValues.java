package io.tally.schema;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * Strict parsers from CSV text to the Java values Arrow vectors store. Leading and trailing spaces
 * are ignored. Accepted forms: BOOLEAN {@code true}/{@code false} (any case); BIGINT and INTEGER
 * optional sign and ASCII digits; DOUBLE decimal or scientific notation, {@code NaN}, {@code inf},
 * {@code Infinity}; DATE {@code yyyy-MM-dd}; TIMESTAMP {@code yyyy-MM-dd}, {@code yyyy-MM-dd
 * HH:mm:ss[.f…]} or the ISO form with {@code T}, fractions beyond milliseconds truncated; DECIMAL
 * any {@link BigDecimal} literal, rounded half-up to the column's scale. A value that does not
 * parse throws {@link BadValue}, which is cheap (no stack trace).
 */
final class CsvValues {
    static final long MILLIS_PER_SECOND = 1000L;
    static final long MILLIS_PER_MINUTE = 60 * MILLIS_PER_SECOND;
    static final long MILLIS_PER_HOUR = 60 * MILLIS_PER_MINUTE;
    static final long MILLIS_PER_DAY = 24 * MILLIS_PER_HOUR;
    private static final int DATE_LENGTH = "yyyy-MM-dd".length();
    private static final int TIME_LENGTH = "HH:mm:ss".length();
    private static final int MAX_FRACTION_DIGITS = 9;
    private static final int MILLI_DIGITS = 3;

    /** Signals a value that does not parse as the requested type. */
    static final class BadValue extends RuntimeException {
        static final BadValue INSTANCE = new BadValue();

        private BadValue() {
            super("value does not parse", null, false, false);
        }
    }

    private CsvValues() {}

    static boolean parseBoolean(String text) {
        String s = text.strip();
        if (s.equalsIgnoreCase("true")) {
            return true;
        }
        if (s.equalsIgnoreCase("false")) {
            return false;
        }
        throw BadValue.INSTANCE;
    }

    /** BOOLEAN as CSV files write it: {@code true/false/yes/no}, any case. */
    static boolean parseBooleanWord(String text) {
        String s = text.strip();
        if (s.equalsIgnoreCase("yes")) {
            return true;
        }
        if (s.equalsIgnoreCase("no")) {
            return false;
        }
        return parseBoolean(s);
    }

    static long parseLong(String text) {
        String s = text.strip();
        int n = s.length();
        int i = n > 0 && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
        if (i == n) {
            throw BadValue.INSTANCE;
        }
        boolean negative = s.charAt(0) == '-';
        long value = 0; // accumulated negatively so Long.MIN_VALUE fits
        for (; i < n; i++) {
            int digit = s.charAt(i) - '0';
            if (digit < 0 || digit > 9 || value < (Long.MIN_VALUE + digit) / 10) {
                throw BadValue.INSTANCE;
            }
            value = value * 10 - digit;
        }
        if (!negative && value == Long.MIN_VALUE) {
            throw BadValue.INSTANCE;
        }
        return negative ? value : -value;
    }

    static int parseInt(String text) {
        long value = parseLong(text);
        if (value != (int) value) {
            throw BadValue.INSTANCE;
        }
        return (int) value;
    }

    static double parseDouble(String text) {
        String s = text.strip();
        if (!isDecimalLiteral(s)) {
            String unsigned = s.startsWith("-") || s.startsWith("+") ? s.substring(1) : s;
            if (unsigned.equalsIgnoreCase("nan")) {
                return Double.NaN;
            }
            if (unsigned.equalsIgnoreCase("inf") || unsigned.equalsIgnoreCase("infinity")) {
                return s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            }
            throw BadValue.INSTANCE;
        }
        return Double.parseDouble(s);
    }

    /** Sign, digits, optional point and digits (at least one digit), optional exponent. */
    private static boolean isDecimalLiteral(String s) {
        int n = s.length();
        int i = n > 0 && (s.charAt(0) == '-' || s.charAt(0) == '+') ? 1 : 0;
        int digits = 0;
        for (; i < n && isDigit(s.charAt(i)); i++) {
            digits++;
        }
        if (i < n && s.charAt(i) == '.') {
            for (i++; i < n && isDigit(s.charAt(i)); i++) {
                digits++;
            }
        }
        if (digits == 0) {
            return false;
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
                i++;
            }
            int exponentStart = i;
            for (; i < n && isDigit(s.charAt(i)); i++) {
                // skip exponent digits
            }
            if (i == exponentStart) {
                return false;
            }
        }
        return i == n;
    }

    static BigDecimal parseDecimal(String text, int precision, int scale) {
        String s = text.strip();
        if (!isDecimalLiteral(s)) {
            throw BadValue.INSTANCE;
        }
        BigDecimal value = new BigDecimal(s).setScale(scale, RoundingMode.HALF_UP);
        if (value.unscaledValue().abs().compareTo(BigInteger.TEN.pow(precision)) >= 0) {
            throw BadValue.INSTANCE;
        }
        return value;
    }

    /** Days since 1970-01-01 of a {@code yyyy-MM-dd} date. */
    static int parseDate(String text) {
        String s = text.strip();
        if (s.length() != DATE_LENGTH) {
            throw BadValue.INSTANCE;
        }
        return Math.toIntExact(epochDay(s));
    }

    /** Milliseconds since 1970-01-01 00:00:00 of a timestamp without time zone. */
    static long parseTimestamp(String text) {
        String s = text.strip();
        int n = s.length();
        if (n < DATE_LENGTH) {
            throw BadValue.INSTANCE;
        }
        long millis = epochDay(s) * MILLIS_PER_DAY;
        if (n == DATE_LENGTH) {
            return millis;
        }
        int t = DATE_LENGTH + 1;
        char separator = s.charAt(DATE_LENGTH);
        if ((separator != ' ' && separator != 'T')
                || n < t + TIME_LENGTH
                || s.charAt(t + 2) != ':'
                || s.charAt(t + 5) != ':') {
            throw BadValue.INSTANCE;
        }
        int hour = digits(s, t, 2);
        int minute = digits(s, t + 3, 2);
        int second = digits(s, t + 6, 2);
        if (hour > 23 || minute > 59 || second > 59) {
            throw BadValue.INSTANCE;
        }
        millis += hour * MILLIS_PER_HOUR + minute * MILLIS_PER_MINUTE + second * MILLIS_PER_SECOND;
        int f = t + TIME_LENGTH;
        if (f == n) {
            return millis;
        }
        int fractionDigits = n - f - 1;
        if (s.charAt(f) != '.' || fractionDigits < 1 || fractionDigits > MAX_FRACTION_DIGITS) {
            throw BadValue.INSTANCE;
        }
        int used = Math.min(fractionDigits, MILLI_DIGITS);
        int fraction = digits(s, f + 1, used);
        digits(s, f + 1, fractionDigits); // the truncated digits must still be digits
        for (int i = used; i < MILLI_DIGITS; i++) {
            fraction *= 10;
        }
        return millis + fraction;
    }

    private static long epochDay(String s) {
        if (s.charAt(4) != '-' || s.charAt(7) != '-') {
            throw BadValue.INSTANCE;
        }
        try {
            return LocalDate.of(digits(s, 0, 4), digits(s, 5, 2), digits(s, 8, 2)).toEpochDay();
        } catch (DateTimeException e) {
            throw BadValue.INSTANCE;
        }
    }

    private static int digits(String s, int start, int count) {
        int value = 0;
        for (int i = start; i < start + count; i++) {
            char c = s.charAt(i);
            if (!isDigit(c)) {
                throw BadValue.INSTANCE;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
