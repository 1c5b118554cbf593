package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An aggregate over an aggregate (directly, or over a calc over one) reads the inner aggregate's
 * emitted blocks as Arrow batches: the plan says so, the answers equal Calcite's stock aggregate's
 * on one and several threads, with NULL keys, small blocks and under a spilling memory limit, and
 * no Arrow memory is left when a query ends, also when it fails or stops reading early.
 */
class AggregateBatchesTest {
    @TempDir Path spill;

    /** Groups keyed by {@code number % 5000}, a tenth of the rows with a NULL key. */
    private static final String INNER =
            "SELECT CASE WHEN number % 10 = 3 THEN NULL ELSE number % 5000 END AS k,"
                    + " SUM(number) AS s, COUNT(*) AS c, MAX(CAST(number AS VARCHAR(20))) AS m"
                    + " FROM TABLE(numbers(60000))"
                    + " GROUP BY CASE WHEN number % 10 = 3 THEN NULL ELSE number % 5000 END";

    /** The engine-side benchmark's shape: a global aggregate over the whole inner answer. */
    private static final String OVER_AGGREGATE =
            "SELECT COUNT(*), COUNT(k), SUM(k), SUM(s), SUM(c), MIN(m), MAX(m) FROM ("
                    + INNER
                    + ") t";

    /** A calc between the two (as the benchmark's checksum terms of string columns). */
    private static final String OVER_CALC =
            "SELECT COUNT(*), SUM(CHAR_LENGTH(m)), SUM(CAST(SUBSTRING(m, 1) AS BIGINT)),"
                    + " SUM(s * 2 + 1) FROM ("
                    + INNER
                    + ") t";

    /** A grouped aggregate over the inner one, with NULL keys of its own. */
    private static final String GROUPED =
            "SELECT k % 7 AS g, COUNT(*), SUM(s), MAX(m) FROM (" + INNER + ") t GROUP BY k % 7";

    private static final List<String> QUERIES = List.of(OVER_AGGREGATE, OVER_CALC, GROUPED);

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private Connection connect(String settings) throws SQLException {
        return DriverManager.getConnection("jdbc:tally:spill_dir=" + spill + ";" + settings);
    }

    private static String explain(Connection c, String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        for (List<String> row : SqlFixture.strings(c, "EXPLAIN PLAN FOR " + sql)) {
            plan.append(row.get(0));
        }
        return plan.toString();
    }

    private static String analyze(Connection c, String sql) throws SQLException {
        StringBuilder text = new StringBuilder();
        for (List<String> row : SqlFixture.strings(c, "EXPLAIN ANALYZE " + sql)) {
            text.append(row.get(0)).append('\n');
        }
        return text.toString();
    }

    private static List<List<String>> sorted(Connection c, String sql) throws SQLException {
        List<List<String>> rows = new java.util.ArrayList<>(SqlFixture.strings(c, sql));
        rows.sort(java.util.Comparator.comparing(Object::toString));
        return rows;
    }

    @Test
    void planReadsTheInnerAggregatesBatches() throws Exception {
        try (Connection c = connect("threads=1")) {
            String direct = explain(c, OVER_AGGREGATE);
            assertTrue(direct.contains("input=[batches]"), direct);
            assertFalse(direct.contains("input=[rows"), direct);
            String calc = explain(c, OVER_CALC);
            assertTrue(calc.contains("TallyBatchCalc"), calc);
            assertFalse(calc.contains("EnumerableCalc"), calc);
            assertFalse(calc.contains("input=[rows"), calc);
        }
        try (Connection c = connect("vectorize=false")) {
            String rows = explain(c, OVER_AGGREGATE);
            assertTrue(rows.contains("input=[rows (vectorize=false)]"), rows);
        }
    }

    @Test
    void explainAnalyzeShowsBatchesAndAParallelOuterAggregate() throws Exception {
        try (Connection c = connect("threads=2")) {
            String text = analyze(c, OVER_CALC);
            assertFalse(text.contains("input: rows"), text);
            assertFalse(text.contains("serial"), text);
            assertEquals(2, count(text, "input: batches"), text);
            assertEquals(2, count(text, "threads: 2"), text);
        }
        try (Connection c = connect("threads=1")) {
            String text = analyze(c, OVER_AGGREGATE);
            assertEquals(2, count(text, "input: batches"), text);
            assertTrue(text.contains("groups: 4,501 in"), text); // 4,500 keys and NULL
        }
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int at = text.indexOf(what); at >= 0; at = text.indexOf(what, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void answersEqualCalcitesOnEveryPath() throws Exception {
        List<List<List<String>>> expected = new java.util.ArrayList<>();
        try (Connection c = connect("aggregate=calcite")) {
            for (String q : QUERIES) {
                expected.add(sorted(c, q));
            }
        }
        assertEquals("4501", expected.get(0).get(0).get(0));
        for (String settings :
                List.of(
                        "threads=1",
                        "threads=2",
                        "threads=3;block_size=16",
                        "threads=2;emit=all",
                        "vectorize=false;threads=2",
                        "threads=1;memory_limit=1MB;block_size=64",
                        "threads=2;memory_limit=40MB;block_size=16")) {
            try (Connection c = connect(settings)) {
                for (int i = 0; i < QUERIES.size(); i++) {
                    assertEquals(expected.get(i), sorted(c, QUERIES.get(i)), settings);
                }
            }
            SqlFixture.assertNoArrowMemory();
        }
    }

    /**
     * An inner aggregate of 91 groups on two threads: the outer one knows its input holds at most
     * 182 rows (each drain part at most every group) and reads it on the query thread, with the
     * same answer as on one thread; 4,501 groups stay on the workers (above).
     */
    @Test
    void aTinyInnerAnswerIsAggregatedOnTheQueryThread() throws Exception {
        String tiny = OVER_AGGREGATE.replace("5000", "100");
        List<List<String>> expected;
        try (Connection c = connect("threads=1")) {
            expected = SqlFixture.strings(c, tiny);
        }
        assertEquals("91", expected.get(0).get(0)); // keys 0-99 but x3, and NULL
        try (Connection c = connect("threads=2")) {
            String text = analyze(c, tiny);
            assertEquals(1, count(text, "threads: 2"), text); // the inner aggregate
            assertTrue(
                    text.contains(
                            "threads: 1 (serial: an input of at most 182 rows is read on the"
                                    + " query thread)"),
                    text);
            assertEquals(expected, SqlFixture.strings(c, tiny));
        }
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void spillingInnerAggregateFeedsBatches() throws Exception {
        try (Connection c = connect("threads=1;memory_limit=1MB;block_size=64")) {
            String text = analyze(c, OVER_AGGREGATE.replace("5000", "50000"));
            assertEquals(2, count(text, "input: batches"), text);
            assertEquals(1, count(text, "spilled: 0 B"), text); // only the outer one
        }
    }

    /** 1M groups of 2 rows each: the final tables of a parallel inner aggregate spill. */
    @Test
    void parallelSpillingInnerAggregateFeedsAParallelOuterOne() throws Exception {
        String sql =
                "SELECT COUNT(*), SUM(s), MIN(m), MAX(m) FROM (SELECT number % 1000000 AS k,"
                        + " SUM(number) AS s, MAX(CAST(number AS VARCHAR(20))) AS m"
                        + " FROM TABLE(numbers(2000000)) GROUP BY number % 1000000) t";
        try (Connection c = connect("threads=2;memory_limit=32MB")) {
            String text = analyze(c, sql);
            assertEquals(2, count(text, "input: batches"), text);
            assertEquals(2, count(text, "threads: 2"), text);
            assertTrue(text.contains("groups: 1 million in"), text);
            // the drain's parts are counted where the outer aggregate's workers read them
            assertTrue(text.contains("rows: 1 million (estimated"), text);
            assertEquals(1, count(text, "spilled: 0 B"), text); // only the outer one
            assertEquals(
                    List.of(List.of("1000000", "1999999000000", "1000000", "999999")),
                    SqlFixture.strings(c, sql));
        }
    }

    @Test
    void failureInTheOuterAggregateFreesTheInnerOne() throws Exception {
        String overflow = "SELECT SUM(s * 1000000000000000) FROM (" + INNER + ") t";
        for (String settings : List.of("threads=1", "threads=2", "threads=2;block_size=16")) {
            try (Connection c = connect(settings)) {
                SQLException e =
                        assertThrows(SQLException.class, () -> SqlFixture.strings(c, overflow));
                assertTrue(SqlFixture.messages(e).contains("overflow"), SqlFixture.messages(e));
            }
            SqlFixture.assertNoArrowMemory();
        }
    }
}
