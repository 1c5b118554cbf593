package io.tally.exec.holistic;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;

/**
 * Writes SQL values as JSON text for JSON_ARRAYAGG and JSON_OBJECTAGG, compactly (no spaces) as
 * Calcite's own JSON functions do: numbers as numbers (DOUBLE as Java prints it, NaN and infinities
 * quoted, DECIMAL in plain digits), BOOLEAN as true/false, strings escaped per RFC 8259 (non-ASCII
 * kept as UTF-8), DATE, TIME and TIMESTAMP as their SQL text in a string (Calcite writes day and
 * millisecond numbers), VARBINARY as base64, arrays as arrays, NULL as null. Values come in
 * Calcite's Java representation (see {@link RowBatcher}).
 */
public final class JsonText {
    private static final long MILLIS_PER_SECOND = 1000;
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter TIME_MILLIS =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS");
    private static final DateTimeFormatter TIMESTAMP =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter TIMESTAMP_MILLIS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private JsonText() {}

    /** Appends {@code value}, of type {@code type}, to {@code out}. */
    public static void append(StringBuilder out, Object value, DataType type) {
        if (value == null) {
            out.append("null");
            return;
        }
        switch (type.type()) {
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                out.append(value);
                break;
            case REAL:
            case DOUBLE:
                double d = ((Number) value).doubleValue();
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    out.append('"').append(d).append('"');
                } else {
                    out.append(
                            type.type() == ColumnType.REAL
                                    ? Float.toString((float) d)
                                    : Double.toString(d));
                }
                break;
            case DECIMAL:
                out.append(((BigDecimal) value).toPlainString());
                break;
            case DATE:
                string(out, LocalDate.ofEpochDay(((Number) value).longValue()).toString());
                break;
            case TIME:
                long time = ((Number) value).longValue();
                string(
                        out,
                        (time % MILLIS_PER_SECOND == 0 ? TIME : TIME_MILLIS)
                                .format(LocalTime.ofNanoOfDay(time * 1_000_000L)));
                break;
            case TIMESTAMP:
                long ts = ((Number) value).longValue();
                LocalDateTime at =
                        LocalDateTime.ofEpochSecond(
                                Math.floorDiv(ts, MILLIS_PER_SECOND),
                                (int) Math.floorMod(ts, MILLIS_PER_SECOND) * 1_000_000,
                                ZoneOffset.UTC);
                string(
                        out,
                        (ts % MILLIS_PER_SECOND == 0 ? TIMESTAMP : TIMESTAMP_MILLIS).format(at));
                break;
            case VARBINARY:
                string(out, Base64.getEncoder().encodeToString((byte[]) value));
                break;
            case ARRAY:
            case MULTISET:
                out.append('[');
                List<?> items = (List<?>) value;
                for (int k = 0; k < items.size(); k++) {
                    if (k > 0) {
                        out.append(',');
                    }
                    append(out, items.get(k), type.element());
                }
                out.append(']');
                break;
            default:
                string(out, value.toString());
        }
    }

    /**
     * Appends {@code s} as a JSON string: quoted, with quotes, backslashes and controls escaped.
     */
    static void string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '\b':
                    out.append("\\b");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                default:
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }
}
