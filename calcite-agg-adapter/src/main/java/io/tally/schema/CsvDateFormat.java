package io.tally.schema;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;

/**
 * A date layout of CSV text: the order of day, month and a 4-digit year and the separator between
 * them; day and month may have one or two digits. Timestamps are a date, {@code ' '} or {@code
 * 'T'}, then {@code HH:mm[:ss[.fraction]]} (fractions beyond milliseconds truncated). Written in
 * options as DuckDB's strftime patterns ({@code %d.%m.%Y}).
 *
 * @param order field order
 * @param separator byte between the fields
 */
record CsvDateFormat(Order order, byte separator) {
    /** Orders of the date fields. */
    enum Order {
        YMD,
        DMY,
        MDY
    }

    static final CsvDateFormat ISO = new CsvDateFormat(Order.YMD, (byte) '-');

    /**
     * Formats the sniffer tries, in order of preference: ISO first, day-first where the separator
     * says Europe ({@code .}), month-first before day-first for {@code /} (US files), which the
     * sniffer drops as soon as a value does not parse.
     */
    static final List<CsvDateFormat> CANDIDATES =
            List.of(
                    ISO,
                    new CsvDateFormat(Order.DMY, (byte) '.'),
                    new CsvDateFormat(Order.MDY, (byte) '/'),
                    new CsvDateFormat(Order.DMY, (byte) '/'),
                    new CsvDateFormat(Order.DMY, (byte) '-'),
                    new CsvDateFormat(Order.YMD, (byte) '/'),
                    new CsvDateFormat(Order.YMD, (byte) '.'));

    private static final int YEAR_DIGITS = 4;
    private static final long MILLIS_PER_SECOND = 1_000L;
    private static final long MILLIS_PER_MINUTE = 60 * MILLIS_PER_SECOND;
    private static final long MILLIS_PER_HOUR = 60 * MILLIS_PER_MINUTE;
    private static final long MILLIS_PER_DAY = 24 * MILLIS_PER_HOUR;
    private static final int MILLI_DIGITS = 3;
    private static final int MAX_FRACTION_DIGITS = 9;

    /**
     * The format of a DuckDB-style pattern ({@code %Y-%m-%d}, {@code %d.%m.%Y}, {@code %m/%d/%Y});
     * a timestamp pattern may continue with a time ({@code %H:%M:%S}), which is read as above.
     *
     * @throws IllegalArgumentException for any other pattern
     */
    static CsvDateFormat parsePattern(String pattern) {
        String p = pattern.strip();
        int time = p.indexOf("%H");
        String date = (time > 0 ? p.substring(0, time) : p).strip();
        if (date.endsWith("T")) {
            date = date.substring(0, date.length() - 1);
        }
        for (CsvDateFormat f : CANDIDATES) {
            if (f.pattern().equals(date)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "date format '"
                        + pattern
                        + "' is not supported; use one"
                        + " of "
                        + String.join(
                                ", ", CANDIDATES.stream().map(CsvDateFormat::pattern).toList())
                        + " (a timestamp format may add %H:%M:%S)");
    }

    /** This format as a DuckDB strftime pattern. */
    String pattern() {
        String sep = String.valueOf((char) separator);
        switch (order) {
            case YMD:
                return "%Y" + sep + "%m" + sep + "%d";
            case DMY:
                return "%d" + sep + "%m" + sep + "%Y";
            default:
                return "%m" + sep + "%d" + sep + "%Y";
        }
    }

    /** Days since 1970-01-01 of the date in {@code b[start, end)}; throws {@code BadValue}. */
    int parseDate(byte[] b, int start, int end) {
        long[] out = new long[1];
        if (parseDatePrefix(b, trimStart(b, start, end), trimEnd(b, start, end), out)
                != trimEnd(b, start, end)) {
            throw CsvValues.BadValue.INSTANCE;
        }
        return Math.toIntExact(out[0]);
    }

    /** Milliseconds since the epoch of the timestamp (or date) in {@code b[start, end)}. */
    long parseTimestamp(byte[] b, int start, int end) {
        int s = trimStart(b, start, end);
        int e = trimEnd(b, start, end);
        long[] day = new long[1];
        int i = parseDatePrefix(b, s, e, day);
        long millis = day[0] * MILLIS_PER_DAY;
        if (i == e) {
            return millis;
        }
        if (b[i] != ' ' && b[i] != 'T') {
            throw CsvValues.BadValue.INSTANCE;
        }
        i++;
        int hour = twoDigits(b, i, e);
        i = expect(b, i + 2, e, ':');
        int minute = twoDigits(b, i, e);
        i += 2;
        int second = 0;
        if (i < e && b[i] == ':') {
            second = twoDigits(b, i + 1, e);
            i += 3;
        }
        if (hour > 23 || minute > 59 || second > 59) {
            throw CsvValues.BadValue.INSTANCE;
        }
        millis += hour * MILLIS_PER_HOUR + minute * MILLIS_PER_MINUTE + second * MILLIS_PER_SECOND;
        if (i < e && b[i] == '.') {
            int digits = 0;
            int fraction = 0;
            for (i++; i < e && isDigit(b[i]); i++, digits++) {
                if (digits < MILLI_DIGITS) {
                    fraction = fraction * 10 + (b[i] - '0');
                }
            }
            if (digits == 0 || digits > MAX_FRACTION_DIGITS) {
                throw CsvValues.BadValue.INSTANCE;
            }
            for (int d = digits; d < MILLI_DIGITS; d++) {
                fraction *= 10;
            }
            millis += fraction;
        }
        if (i != e) {
            throw CsvValues.BadValue.INSTANCE;
        }
        return millis;
    }

    int parseDate(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return parseDate(b, 0, b.length);
    }

    long parseTimestamp(String text) {
        byte[] b = text.getBytes(StandardCharsets.UTF_8);
        return parseTimestamp(b, 0, b.length);
    }

    /**
     * Parses the date at {@code b[i..]}, stores its epoch day in {@code out[0]}, returns its end.
     */
    private int parseDatePrefix(byte[] b, int i, int e, long[] out) {
        int[] parts = new int[3];
        for (int p = 0; p < 3; p++) {
            int digits = 0;
            int value = 0;
            int max = isYear(p) ? YEAR_DIGITS : 2;
            while (i < e && isDigit(b[i]) && digits < max) {
                value = value * 10 + (b[i++] - '0');
                digits++;
            }
            if (digits == 0 || (isYear(p) && digits != YEAR_DIGITS)) {
                throw CsvValues.BadValue.INSTANCE;
            }
            parts[p] = value;
            if (p < 2) {
                if (i >= e || b[i] != separator) {
                    throw CsvValues.BadValue.INSTANCE;
                }
                i++;
            }
        }
        int year;
        int month;
        int day;
        switch (order) {
            case YMD:
                year = parts[0];
                month = parts[1];
                day = parts[2];
                break;
            case DMY:
                day = parts[0];
                month = parts[1];
                year = parts[2];
                break;
            default:
                month = parts[0];
                day = parts[1];
                year = parts[2];
                break;
        }
        try {
            out[0] = LocalDate.of(year, month, day).toEpochDay();
        } catch (DateTimeException ex) {
            throw CsvValues.BadValue.INSTANCE;
        }
        return i;
    }

    private boolean isYear(int part) {
        return order == Order.YMD ? part == 0 : part == 2;
    }

    private static int twoDigits(byte[] b, int i, int e) {
        if (i + 2 > e || !isDigit(b[i]) || !isDigit(b[i + 1])) {
            throw CsvValues.BadValue.INSTANCE;
        }
        return (b[i] - '0') * 10 + (b[i + 1] - '0');
    }

    private static int expect(byte[] b, int i, int e, char c) {
        if (i >= e || b[i] != c) {
            throw CsvValues.BadValue.INSTANCE;
        }
        return i + 1;
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    static int trimStart(byte[] b, int start, int end) {
        while (start < end && b[start] == ' ') {
            start++;
        }
        return start;
    }

    static int trimEnd(byte[] b, int start, int end) {
        while (end > start && b[end - 1] == ' ') {
            end--;
        }
        return end;
    }
}
