package io.tally.bench.sql;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * The one row an engine returns for a checksum query (a query wrapped as {@code SELECT COUNT(*),
 * SUM(...), ... FROM (query)}), so the answer is consumed inside the engine: its labelled values,
 * each an exact {@link BigInteger} (integer sums and counts, compared exactly), a {@link Double}
 * (floating-point sums, compared with {@link Answer#RELATIVE_TOLERANCE}) or null.
 */
public record Checksum(List<String> labels, List<Object> values) {
    public Checksum {
        if (labels.size() != values.size()) {
            throw new IllegalArgumentException(
                    labels.size() + " labels for " + values.size() + " values");
        }
        labels = List.copyOf(labels);
        values = Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** Reads the single row of {@code rs}; a result without exactly one row is an error. */
    public static Checksum read(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        if (!rs.next()) {
            throw new SQLException("a checksum query returned no row");
        }
        List<String> labels = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (int c = 1; c <= meta.getColumnCount(); c++) {
            labels.add(meta.getColumnLabel(c).toLowerCase(Locale.ROOT));
            values.add(normalize(rs.getObject(c)));
        }
        if (rs.next()) {
            throw new SQLException("a checksum query returned more than one row");
        }
        return new Checksum(labels, values);
    }

    /**
     * Integral values as {@link BigInteger} (engines type sums differently: Tally a BIGINT, DuckDB
     * a HUGEINT, H2 a NUMERIC), floating-point ones as {@link Double}.
     */
    static Object normalize(Object v) {
        if (v == null) {
            return null;
        }
        if (v instanceof BigInteger b) {
            return b;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return BigInteger.valueOf(((Number) v).longValue());
        }
        if (v instanceof BigDecimal d) {
            BigDecimal s = d.stripTrailingZeros();
            return s.scale() <= 0 ? s.toBigIntegerExact() : d.doubleValue();
        }
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException(
                "a checksum value must be a number, got " + v.getClass().getSimpleName() + " " + v);
    }

    /** The first value, the wrapped query's row count ({@code COUNT(*)}). */
    public long rows() {
        Object v = values.isEmpty() ? null : values.get(0);
        return v instanceof BigInteger b ? b.longValueExact() : -1;
    }

    /** Null if both checksums agree, else a sentence naming every value that differs. */
    public String mismatch(Checksum other) {
        if (!labels.equals(other.labels)) {
            return "checksum columns " + labels + " vs " + other.labels;
        }
        if (rows() != other.rows()) {
            return "row count " + rows() + " vs " + other.rows();
        }
        List<String> diffs = new ArrayList<>();
        for (int i = 1; i < values.size(); i++) {
            Object a = values.get(i);
            Object b = other.values.get(i);
            if (!agree(a, b)) {
                diffs.add(labels.get(i) + " " + a + " vs " + b);
            }
        }
        return diffs.isEmpty() ? null : String.join("; ", diffs);
    }

    private static boolean agree(Object a, Object b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (a instanceof BigInteger x && b instanceof BigInteger y) {
            return x.equals(y);
        }
        double x = ((Number) a).doubleValue();
        double y = ((Number) b).doubleValue();
        if (Double.isNaN(x) || Double.isNaN(y)) {
            return Double.isNaN(x) && Double.isNaN(y);
        }
        double scale = Math.max(1.0, Math.max(Math.abs(x), Math.abs(y)));
        return Math.abs(x - y) <= Answer.RELATIVE_TOLERANCE * scale;
    }
}
