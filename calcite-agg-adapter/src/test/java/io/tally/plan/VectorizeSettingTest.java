package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code vectorize} setting: {@code false} plans every aggregate input, filter and projection
 * on Calcite's row path (EXPLAIN says so), per statement from the connection's current value, with
 * the same answers as the vectorized path; bad values are refused naming the setting.
 */
class VectorizeSettingTest {
    /** Groups by {@code a}: 1 -> rows 1,2 (b 10, 20), 2 -> row 3 (b 30), null -> row 4 (b 40). */
    private static final String CSV = "a:INT,b:BIGINT,s:VARCHAR\n1,10,x\n1,20,y\n2,30,x\n,40,z\n";

    private static final String SCAN_AGG =
            "select a, sum(b), count(*) from t group by a order by a";
    private static final String CALC_AGG =
            "select a, sum(b * 2) from t where s <> 'y' group by a order by a";

    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private Connection connect(String settings) throws Exception {
        Files.writeString(dir.resolve("t.csv"), CSV);
        return DriverManager.getConnection(
                "jdbc:tally:data=" + dir + (settings.isEmpty() ? "" : ";" + settings));
    }

    @Test
    void rowPathIsNamedInExplainAndGivesTheSameAnswers() throws Exception {
        try (Connection c = connect("vectorize=false");
                Statement s = c.createStatement()) {
            for (String sql : List.of(SCAN_AGG, CALC_AGG, "select count(*) from t")) {
                String plan = explain(s, sql);
                assertTrue(plan.contains("input=[rows (vectorize=false)]"), plan);
                assertFalse(plan.contains("TallyBatchCalc"), plan);
            }
            assertEquals(List.of("1|30|2", "2|30|1", "null|40|1"), rows(s, SCAN_AGG));
            assertEquals(List.of("1|20", "2|60", "null|80"), rows(s, CALC_AGG));
            String analyzed = String.join("\n", rows(s, "explain analyze " + CALC_AGG));
            assertTrue(analyzed.contains("input: rows (vectorize=false)"), analyzed);
            assertTrue(analyzed.contains("EnumerableCalc"), analyzed);
        }
    }

    @Test
    void setSwitchesThePlanOfTheNextStatement() throws Exception {
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            String vectorized = explain(s, CALC_AGG);
            assertTrue(
                    vectorized.contains("input=[batches]") && vectorized.contains("TallyBatchCalc"),
                    vectorized);
            List<String> expected = rows(s, CALC_AGG);
            s.execute("SET vectorize = false");
            assertEquals("false", show(s));
            String rowPlan = explain(s, CALC_AGG);
            assertTrue(rowPlan.contains("input=[rows (vectorize=false)]"), rowPlan);
            assertFalse(rowPlan.contains("TallyBatchCalc"), rowPlan);
            assertEquals(expected, rows(s, CALC_AGG));
            s.execute("SET vectorize = TRUE");
            assertEquals("true", show(s));
            assertEquals(vectorized, explain(s, CALC_AGG));
            s.execute("SET vectorize = false");
            s.execute("RESET vectorize");
            assertEquals(vectorized, explain(s, CALC_AGG));
        }
    }

    /** A statement keeps the plan it was prepared with (as for {@code aggregate}); both answer. */
    @Test
    void statementsPreparedUnderEitherValueRunAfterSet() throws Exception {
        try (Connection c = connect("vectorize=false");
                Statement s = c.createStatement();
                PreparedStatement rowsPlanned = c.prepareStatement(CALC_AGG)) {
            s.execute("SET vectorize = true");
            try (PreparedStatement batchesPlanned = c.prepareStatement(CALC_AGG)) {
                s.execute("SET vectorize = false");
                List<String> expected = List.of("1|20", "2|60", "null|80");
                assertEquals(expected, rows(rowsPlanned));
                assertEquals(expected, rows(batchesPlanned));
            }
        }
    }

    /** With four threads a row-path aggregate runs serially and EXPLAIN ANALYZE says why. */
    @Test
    void rowPathRunsSeriallyAsOtherRowInputs() throws Exception {
        try (Connection c = connect("threads=4");
                Statement s = c.createStatement()) {
            String parallel = String.join("\n", rows(s, "explain analyze " + SCAN_AGG));
            assertFalse(parallel.contains("serial: row input"), parallel);
            s.execute("SET vectorize = false");
            String serial = String.join("\n", rows(s, "explain analyze " + SCAN_AGG));
            assertTrue(serial.contains("threads: 1 (serial: row input)"), serial);
        }
    }

    @Test
    void badValuesNameTheSettingAndItsValues() throws Exception {
        SQLException e = assertThrows(SQLException.class, () -> connect("vectorize=yes").close());
        assertBadValue(e, "yes");
        Properties p = new Properties();
        p.setProperty("vectorize", "1");
        e =
                assertThrows(
                        SQLException.class,
                        () -> DriverManager.getConnection("jdbc:tally:", p).close());
        assertBadValue(e, "1");
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            e = assertThrows(SQLException.class, () -> s.execute("SET vectorize = 'maybe'"));
            assertBadValue(e, "maybe");
            assertEquals("true", show(s));
        }
    }

    private static void assertBadValue(SQLException e, String value) {
        String m = e.getMessage();
        assertTrue(
                m.contains("Invalid value for setting 'vectorize'")
                        && m.contains("'" + value + "'")
                        && m.contains("valid values: true, false"),
                m);
    }

    private static String show(Statement s) throws SQLException {
        try (ResultSet rs = s.executeQuery("SHOW vectorize")) {
            assertTrue(rs.next());
            return rs.getString("value");
        }
    }

    private static String explain(Statement s, String sql) throws SQLException {
        return String.join("\n", rows(s, "explain plan for " + sql));
    }

    private static List<String> rows(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rows(rs);
        }
    }

    private static List<String> rows(PreparedStatement p) throws SQLException {
        try (ResultSet rs = p.executeQuery()) {
            return rows(rs);
        }
    }

    /** Each row's values joined by {@code |}. */
    private static List<String> rows(ResultSet rs) throws SQLException {
        List<String> out = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
            StringBuilder row = new StringBuilder();
            for (int i = 1; i <= n; i++) {
                row.append(i > 1 ? "|" : "").append(rs.getString(i));
            }
            out.add(row.toString());
        }
        return out;
    }
}
