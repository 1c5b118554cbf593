package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;

/**
 * Compares two query answers as multisets of rows: integers (of any width) as longs, floating
 * values within a relative tolerance (sums in another order differ in the last bits).
 */
final class Answers {
    private static final double RELATIVE_TOLERANCE = 1e-9;

    private Answers() {}

    static void assertSame(List<Row> expected, List<Row> actual) {
        assertEquals(expected.size(), actual.size(), "row count");
        List<List<Object>> e = normalize(expected);
        List<List<Object>> a = normalize(actual);
        for (int i = 0; i < e.size(); i++) {
            List<Object> x = e.get(i);
            List<Object> y = a.get(i);
            assertEquals(x.size(), y.size(), "columns of row " + x);
            for (int c = 0; c < x.size(); c++) {
                if (!close(x.get(c), y.get(c))) {
                    fail("row " + i + " column " + c + ": expected " + x + " but was " + y);
                }
            }
        }
    }

    private static boolean close(Object x, Object y) {
        if (x instanceof Double d && y instanceof Double f) {
            return d.equals(f)
                    || Math.abs(d - f) <= RELATIVE_TOLERANCE * Math.max(Math.abs(d), Math.abs(f));
        }
        return Objects.equals(x, y);
    }

    private static List<List<Object>> normalize(List<Row> rows) {
        List<List<Object>> out = new ArrayList<>();
        for (Row r : rows) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < r.length(); i++) {
                Object v = r.get(i);
                if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
                    v = ((Number) v).longValue();
                } else if (v instanceof Float) {
                    v = ((Float) v).doubleValue();
                }
                values.add(v);
            }
            out.add(values);
        }
        out.sort(Comparator.comparing(Object::toString));
        return out;
    }
}
