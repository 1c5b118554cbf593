package io.tally.difftest;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A query result as rows of normalized values (integers as Long, DECIMAL as BigDecimal without
 * trailing zeros, REAL as Float, DOUBLE as Double, arrays as Lists, binary as hex, temporals as
 * text), and the comparison of two results as ordered lists or as multisets, numbers in "loose"
 * columns within a tolerance.
 */
final class ResultRows {
    /** Relative tolerance of loose columns (sums of floats, AVG, STDDEV/VAR). */
    static final double RELATIVE = 1e-6;

    /**
     * Absolute tolerance of loose DOUBLE columns: STDDEV of equal values is sqrt(rounding error).
     */
    static final double ABSOLUTE = 1e-3;

    /** Absolute tolerance of loose REAL columns: float sums of a few thousand values. */
    static final double ABSOLUTE_REAL = 0.1;

    private ResultRows() {}

    static List<List<Object>> run(Statement statement, String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet rs = statement.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(normalize(rs.getObject(i)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    static Object normalize(Object v) throws SQLException {
        if (v instanceof Byte || v instanceof Short || v instanceof Integer || v instanceof Long) {
            return ((Number) v).longValue();
        }
        if (v instanceof BigDecimal d) {
            return d.signum() == 0 ? BigDecimal.ZERO : d.stripTrailingZeros();
        }
        if (v instanceof byte[] b) {
            return "X'" + HexFormat.of().formatHex(b) + "'";
        }
        if (v instanceof Array a) {
            List<Object> items = new ArrayList<>();
            for (Object o : (Object[]) a.getArray()) {
                items.add(normalize(o));
            }
            return items;
        }
        if (v instanceof Double
                || v instanceof Float
                || v instanceof String
                || v instanceof Boolean
                || v == null
                || v instanceof List) {
            return v;
        }
        return v.getClass().getSimpleName() + ":" + v;
    }

    /** Null if the results agree, else a description of the first difference. */
    static String diff(
            List<List<Object>> expected,
            List<List<Object>> actual,
            boolean ordered,
            Set<Integer> loose) {
        if (expected.size() != actual.size()) {
            return "row counts differ: expected " + expected.size() + ", actual " + actual.size();
        }
        List<List<Object>> e = expected;
        List<List<Object>> a = actual;
        if (!ordered) {
            Comparator<List<Object>> order = rowOrder(loose);
            e = new ArrayList<>(expected);
            a = new ArrayList<>(actual);
            e.sort(order);
            a.sort(order);
        }
        for (int i = 0; i < e.size(); i++) {
            if (!rowsMatch(e.get(i), a.get(i), loose)) {
                if (!ordered && matchesAsMultiset(e, a, loose)) {
                    return null;
                }
                return "row "
                        + i
                        + " (sorted) differs: expected "
                        + e.get(i)
                        + ", actual "
                        + a.get(i);
            }
        }
        return null;
    }

    private static Comparator<List<Object>> rowOrder(Set<Integer> loose) {
        return (x, y) -> {
            for (int pass = 0; pass < 2; pass++) {
                for (int c = 0; c < x.size(); c++) {
                    if (loose.contains(c + 1) == (pass == 1)) {
                        int cmp = compareValues(x.get(c), y.get(c));
                        if (cmp != 0) {
                            return cmp;
                        }
                    }
                }
            }
            return 0;
        };
    }

    private static int compareValues(Object x, Object y) {
        if (x == null || y == null) {
            return x == null ? (y == null ? 0 : -1) : 1;
        }
        if (x instanceof Number && y instanceof Number) {
            return Double.compare(((Number) x).doubleValue(), ((Number) y).doubleValue());
        }
        return String.valueOf(x).compareTo(String.valueOf(y));
    }

    /** Greedy one-to-one matching, for rows whose sort order the tolerance made ambiguous. */
    private static boolean matchesAsMultiset(
            List<List<Object>> e, List<List<Object>> a, Set<Integer> loose) {
        boolean[] used = new boolean[a.size()];
        outer:
        for (List<Object> row : e) {
            for (int j = 0; j < a.size(); j++) {
                if (!used[j] && rowsMatch(row, a.get(j), loose)) {
                    used[j] = true;
                    continue outer;
                }
            }
            return false;
        }
        return true;
    }

    private static boolean rowsMatch(List<Object> x, List<Object> y, Set<Integer> loose) {
        for (int c = 0; c < x.size(); c++) {
            if (!valuesMatch(x.get(c), y.get(c), loose.contains(c + 1))) {
                return false;
            }
        }
        return true;
    }

    private static boolean valuesMatch(Object x, Object y, boolean loose) {
        if (x instanceof BigDecimal dx && y instanceof BigDecimal dy && dx.compareTo(dy) == 0) {
            return true;
        }
        if (Objects.equals(x, y)) {
            return true;
        }
        if (!loose || !(x instanceof Number) || !(y instanceof Number)) {
            return false;
        }
        double a = ((Number) x).doubleValue();
        double b = ((Number) y).doubleValue();
        if (Double.isNaN(a) || Double.isNaN(b) || Double.isInfinite(a) || Double.isInfinite(b)) {
            return Double.compare(a, b) == 0;
        }
        double tolerance =
                (x instanceof Float || y instanceof Float ? ABSOLUTE_REAL : ABSOLUTE)
                        + RELATIVE * Math.max(Math.abs(a), Math.abs(b));
        return Math.abs(a - b) <= tolerance;
    }

    /** Formats a result for a failure message, at most {@code limit} rows. */
    static String format(List<List<Object>> rows, int limit) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < Math.min(limit, rows.size()); i++) {
            b.append("\n    ").append(Arrays.deepToString(rows.get(i).toArray()));
        }
        if (rows.size() > limit) {
            b.append("\n    … ").append(rows.size() - limit).append(" more rows");
        }
        return b.toString();
    }
}
