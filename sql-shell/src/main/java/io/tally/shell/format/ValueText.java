package io.tally.shell.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;

/**
 * Renders one JDBC value as text, the same way for every output format: integers and decimals
 * exactly, doubles without exponent between {@value #PLAIN_MIN} and {@value #PLAIN_MAX}, binary as
 * {@code \x} hex, arrays as JSON arrays (elements rendered the same way; numbers and booleans
 * bare), everything else as the driver's {@code getString}; {@code null} for SQL NULL.
 */
public final class ValueText {
    /** Smallest magnitude a double is printed without exponent. */
    static final double PLAIN_MIN = 1e-4;

    /**
     * Magnitude from which a double is printed with exponent (beyond it digits would be invented).
     */
    static final double PLAIN_MAX = 1e16;

    private static final char[] HEX = "0123456789abcdef".toCharArray();
    private static final JsonFactory JSON = new JsonFactory();

    private ValueText() {}

    /** Reads column {@code i} (1-based) of the current row. */
    public static String read(ResultSet rs, int i, int sqlType) throws SQLException {
        switch (sqlType) {
            case Types.BINARY:
            case Types.VARBINARY:
            case Types.LONGVARBINARY:
            case Types.BLOB:
                {
                    byte[] bytes = rs.getBytes(i);
                    return bytes == null ? null : hex(bytes);
                }
            case Types.TINYINT:
            case Types.SMALLINT:
            case Types.INTEGER:
            case Types.BIGINT:
            case Types.REAL:
            case Types.FLOAT:
            case Types.DOUBLE:
            case Types.DECIMAL:
            case Types.NUMERIC:
            case Types.BOOLEAN:
            case Types.BIT:
                {
                    Object o = rs.getObject(i);
                    return o == null ? null : of(o);
                }
            case Types.ARRAY:
                {
                    Array array = rs.getArray(i);
                    return array == null ? null : json(array);
                }
            default:
                return rs.getString(i);
        }
    }

    /** Renders a non-null value object. */
    public static String of(Object o) {
        if (o instanceof Double) {
            return doubleText((Double) o);
        }
        if (o instanceof Float) {
            return doubleText(Double.parseDouble(o.toString()));
        }
        if (o instanceof BigDecimal) {
            return ((BigDecimal) o).toPlainString();
        }
        return o.toString();
    }

    /** An array as a JSON array. */
    static String json(Array array) throws SQLException {
        StringWriter text = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(text)) {
            writeJson(g, array);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static void writeJson(JsonGenerator g, Object value) throws IOException, SQLException {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof Array) {
            List<Object> elements = elements((Array) value);
            if (elements == null) {
                g.writeString(value.toString());
                return;
            }
            g.writeStartArray();
            for (Object element : elements) {
                writeJson(g, element);
            }
            g.writeEndArray();
        } else if (value instanceof Boolean) {
            g.writeBoolean((Boolean) value);
        } else if (value instanceof Number && isJsonNumber(of(value))) {
            g.writeNumber(of(value));
        } else if (value instanceof byte[]) {
            g.writeString(hex((byte[]) value));
        } else {
            g.writeString(of(value));
        }
    }

    /**
     * The elements of an array; null when the driver cannot give them. Avatica's {@code getArray()}
     * fails on nested arrays (its result set then works) and on arrays of dates (neither works).
     */
    private static List<Object> elements(Array array) {
        List<Object> elements = new ArrayList<>();
        try {
            Object raw = array.getArray();
            for (int i = 0; i < java.lang.reflect.Array.getLength(raw); i++) {
                elements.add(java.lang.reflect.Array.get(raw, i));
            }
            return elements;
        } catch (SQLException | RuntimeException e) {
            elements.clear();
        }
        try (ResultSet rows = array.getResultSet()) {
            int valueColumn =
                    rows.getMetaData().getColumnCount(); // JDBC: (index, value); Avatica: value
            while (rows.next()) {
                elements.add(rows.getObject(valueColumn));
            }
            return elements;
        } catch (SQLException | RuntimeException e) {
            return null;
        }
    }

    /** Whether rendered number text is a JSON number (finite, no {@code NaN}/{@code Infinity}). */
    static boolean isJsonNumber(String v) {
        char last = v.charAt(v.length() - 1);
        return Character.isDigit(last) && !v.startsWith("+");
    }

    /** A double as text: plain notation for ordinary magnitudes, Java's shortest form otherwise. */
    static String doubleText(double d) {
        double abs = Math.abs(d);
        if (Double.isNaN(d)
                || Double.isInfinite(d)
                || d == 0
                || abs < PLAIN_MIN
                || abs >= PLAIN_MAX) {
            return Double.toString(d);
        }
        String plain = new BigDecimal(Double.toString(d)).toPlainString();
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(2 + 2 * bytes.length).append("\\x");
        for (byte b : bytes) {
            sb.append(HEX[(b >> 4) & 0xF]).append(HEX[b & 0xF]);
        }
        return sb.toString();
    }
}
