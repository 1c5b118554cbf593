package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where {@link TallyBatchCalc} is planned, and answers at the edges (empty, all filtered). */
class BatchCalcPlanTest {
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private SqlFixture db() throws Exception {
        Files.writeString(
                dir.resolve("t.csv"),
                "a:INT,s:VARCHAR,\"x:DECIMAL(10,2)\"\n1,abc,1.50\n2,,2.25\n,xyz,\n");
        return new SqlFixture(dir);
    }

    @Test
    void supportedExpressionsAreVectorized() throws Exception {
        try (SqlFixture db = db()) {
            for (String sql :
                    List.of(
                            "select a + 1, upper(s) from t where a > 1 or s like 'x%'",
                            "select case when a is null then -1 else a * 2 end from t",
                            "select char_length(s) || 'x' from t where s is not null")) {
                assertTrue(db.explain(sql).contains("TallyBatchCalc("), sql);
            }
            assertEquals(
                    List.of(Arrays.asList("3", null), Arrays.asList(null, "XYZ")),
                    db.strings("select a + 1, upper(s) from t where a > 1 or s like 'x%'"));
        }
    }

    @Test
    void unsupportedExpressionsStayOnTheRowPath() throws Exception {
        try (SqlFixture db = db()) {
            for (String sql :
                    List.of(
                            "select x / 3 from t",
                            "select cast(x as varchar) from t",
                            "select s from t where s like 'a_c'",
                            "select a, rand() from t",
                            "select replace(s, 'a', 'b') from t")) {
                String plan = db.explain(sql);
                assertFalse(plan.contains("TallyBatchCalc"), plan);
                assertTrue(plan.contains("EnumerableCalc"), plan);
            }
            assertEquals(List.of(List.of("abc")), db.strings("select s from t where s like 'a_c'"));
        }
    }

    @Test
    void explainNamesTheAggregateInputPathAndWhyRowsWereUsed() throws Exception {
        db().close();
        try (Connection c = DriverManager.getConnection("jdbc:tally:data=" + dir);
                Statement s = c.createStatement()) {
            String rows = explain(s, "select a, sum(x / 3) from t group by a");
            assertTrue(
                    rows.contains("input=[rows (EnumerableCalc: /(x, 3) : DECIMAL(21, 13))]"),
                    rows);
            String batches = explain(s, "select a, sum(x * 3) from t where s like 'a%' group by a");
            assertTrue(batches.contains("input=[batches]"), batches);
            assertTrue(explain(s, "select count(*) from t").contains("input=[batches]"));
            String join =
                    explain(
                            s,
                            "select t1.a, count(*) from t t1 join t t2 on t1.a = t2.a"
                                    + " group by t1.a");
            assertTrue(
                    join.contains("input=[rows (EnumerableHashJoin)]")
                            || join.contains(
                                    "input=[rows (EnumerableCalc over EnumerableHashJoin)]"),
                    join);
            StringBuilder analyzed = new StringBuilder();
            try (ResultSet rs =
                    s.executeQuery("explain analyze select a, sum(x / 3) from t group by a")) {
                while (rs.next()) {
                    analyzed.append(rs.getString(1)).append('\n');
                }
            }
            assertTrue(
                    analyzed.toString()
                            .contains("input: rows (EnumerableCalc: /(x, 3) : DECIMAL(21, 13))"),
                    analyzed.toString());
        }
    }

    private static String explain(Statement s, String sql) throws Exception {
        StringBuilder plan = new StringBuilder();
        try (ResultSet rs = s.executeQuery("explain plan for " + sql)) {
            while (rs.next()) {
                plan.append(rs.getString(1));
            }
        }
        return plan.toString();
    }

    @Test
    void filtersDroppingWholeBatchesAndEmptyResults() throws Exception {
        try (SqlFixture db = db()) {
            assertEquals(
                    List.of(List.of("1")),
                    db.strings(
                            "select count(*) from table(numbers(300000)) where mod(number, 300000) = 299999"));
            assertEquals(
                    List.of(List.of("0")),
                    db.strings("select count(*) from table(numbers(100000)) where number < 0"));
            assertEquals(
                    List.of(),
                    db.strings(
                            "select number * 2 from table(numbers(100000)) where number > 100000"));
            assertEquals(
                    List.of(Arrays.asList("0", null)),
                    db.strings(
                            "select count(*), sum(number + 1) from table(numbers(0)) where number >= 0"));
            assertEquals(
                    List.of(List.of("199999", "199998")),
                    db.strings(
                            "select number + 100000, number * 2 from table(numbers(200000))"
                                    + " where number = 99999 or number = 149999 and false"));
        }
    }

    @Test
    void blockedAggregateReadsTheCalcsBatches() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tally:");
                Statement s = c.createStatement()) {
            String sql =
                    "select number % 10, count(*), sum(number + 1) from table(numbers(100000))"
                            + " group by number % 10";
            StringBuilder plan = new StringBuilder();
            try (ResultSet rs = s.executeQuery("explain plan for " + sql)) {
                while (rs.next()) {
                    plan.append(rs.getString(1));
                }
            }
            String text = plan.toString();
            assertTrue(
                    text.matches("(?s)EnumerableBlockedAggregate[^\\n]*\\n\\s+TallyBatchCalc.*"),
                    text);
            assertTrue(text.contains("input=[batches]"), text);
            long groups = 0;
            try (ResultSet rs = s.executeQuery(sql + " order by 1")) {
                while (rs.next()) {
                    long k = rs.getLong(1);
                    assertEquals(10_000, rs.getLong(2));
                    long expected = 0;
                    for (long n = k; n < 100_000; n += 10) {
                        expected += n + 1;
                    }
                    assertEquals(expected, rs.getLong(3));
                    groups++;
                }
            }
            assertEquals(10, groups);
        }
    }
}
