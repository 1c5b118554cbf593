package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MEDIAN through SQL on Tally's aggregate, on Calcite's ({@code aggregate=calcite}) and under a
 * memory limit that forces spilling, against a sort-based model; plus its type and errors.
 */
class MedianSqlTest {
    private static final int ROWS = 20_000;
    private static final int GROUPS = 300;

    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void medianAgreesWithModelOnEveryEngineSetting() throws Exception {
        Random random = new Random(6);
        Map<Integer, List<Double>> model = new TreeMap<>();
        StringBuilder csv = new StringBuilder("k:INT,v:DOUBLE,i:INT,\"m:DECIMAL(8,2)\"\n");
        for (int r = 0; r < ROWS; r++) {
            int k = random.nextInt(GROUPS);
            model.computeIfAbsent(k, x -> new ArrayList<>());
            boolean isNull = random.nextInt(10) == 0 || k == 7;
            int v = random.nextInt(2001) - 1000;
            if (!isNull) {
                model.get(k).add((double) v);
            }
            csv.append(k)
                    .append(',')
                    .append(isNull ? "" : v + ".0")
                    .append(',')
                    .append(isNull ? "" : v)
                    .append(',')
                    .append(isNull ? "" : v + ".00")
                    .append('\n');
        }
        Files.writeString(dir.resolve("t.csv"), csv);
        List<String> expected = new ArrayList<>();
        model.forEach((k, values) -> expected.add(k + " " + median(values)));
        String sql = "select k, median(v), median(i), median(m) from t group by k order by k";
        for (String settings :
                List.of(
                        "",
                        ";aggregate=calcite",
                        ";memory_limit=2MB;block_size=16",
                        ";memory_limit=2MB;block_size=16;spill_format=binary")) {
            try (Connection c = DriverManager.getConnection("jdbc:tally:data=" + dir + settings);
                    Statement s = c.createStatement();
                    ResultSet rs = s.executeQuery(sql)) {
                assertEquals("DOUBLE", rs.getMetaData().getColumnTypeName(2));
                List<String> actual = new ArrayList<>();
                while (rs.next()) {
                    Object v = rs.getObject(2);
                    assertEquals(v, rs.getObject(3), settings);
                    assertEquals(v, rs.getObject(4), settings);
                    actual.add(rs.getInt(1) + " " + v);
                }
                assertEquals(expected, actual, settings);
            }
        }
    }

    @Test
    void medianOfNothingIsNullAndTextIsRejected() throws Exception {
        Files.writeString(dir.resolve("t.csv"), "k:INT,v:DOUBLE,s:VARCHAR\n1,,a\n1,,b\n");
        try (Connection c = DriverManager.getConnection("jdbc:tally:data=" + dir);
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("select median(v), median(k) from t where k > 5")) {
                assertTrue(rs.next());
                assertEquals(null, rs.getObject(1));
                assertEquals(null, rs.getObject(2));
            }
            try (ResultSet rs =
                    s.executeQuery("select k, median(v), median(k) from t group by k")) {
                assertTrue(rs.next());
                assertEquals(
                        Arrays.asList(1, null, 1.0),
                        Arrays.asList(rs.getObject(1), rs.getObject(2), rs.getObject(3)));
            }
            SQLException e =
                    assertThrows(
                            SQLException.class, () -> s.executeQuery("select median(s) from t"));
            assertTrue(
                    withSuppressed(e)
                            .contains(
                                    "Cannot apply 'MEDIAN' to arguments of type 'MEDIAN(<VARCHAR>)'"),
                    withSuppressed(e));
        }
        // rejected when the statement is validated, whichever operator would run it
        try (Connection c =
                        DriverManager.getConnection("jdbc:tally:aggregate=calcite;data=" + dir);
                Statement s = c.createStatement()) {
            SQLException e =
                    assertThrows(
                            SQLException.class, () -> s.executeQuery("select median(s) from t"));
            assertTrue(
                    SqlFixture.messages(e)
                            .contains(
                                    "Cannot apply 'MEDIAN' to arguments of type 'MEDIAN(<VARCHAR>)'"),
                    SqlFixture.messages(e));
        }
    }

    /** Messages of the cause chain and of exceptions suppressed along it (Calcite's wrapping). */
    private static String withSuppressed(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append('\n');
            for (Throwable s : c.getSuppressed()) {
                b.append(withSuppressed(s));
            }
        }
        return b.toString();
    }

    private static Double median(List<Double> values) {
        if (values.isEmpty()) {
            return null;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }
}
