package io.tally.jdbc;

import static io.tally.jdbc.ExplainAnalyzeJson.all;
import static io.tally.jdbc.ExplainAnalyzeJson.explain;
import static io.tally.jdbc.ExplainAnalyzeJson.only;
import static io.tally.jdbc.ExplainAnalyzeJson.operators;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXPLAIN ANALYZE over JDBC: row counts against COUNT queries, time accounting, formats, errors.
 */
class ExplainAnalyzeTest {
    /** Metric keys every operator must have (from the issue; not read from the code under test). */
    private static final List<String> OPERATOR_KEYS =
            List.of(
                    "output_rows",
                    "estimated_rows",
                    "output_batches",
                    "cpu_ns",
                    "wall_ns",
                    "wait_ns",
                    "peak_pool_bytes",
                    "peak_live_bytes");

    private static final List<String> AGGREGATE_KEYS =
            List.of(
                    "groups",
                    "blocks",
                    "build_ms",
                    "drain_ms",
                    "ttfb_ms",
                    "max_gap_ms",
                    "pool_pct_at_half",
                    "live_pct_at_half",
                    "spill_write_count",
                    "spill_write_bytes",
                    "spill_write_ms",
                    "spill_read_count",
                    "spill_read_bytes",
                    "spill_read_ms",
                    "spill_partitions",
                    "direct_rows");

    /** Clock-reading slack allowed when comparing two measured times, in nanoseconds. */
    private static final long CLOCK_SLACK_NANOS = 2_000_000;

    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private Connection connect() throws Exception {
        StringBuilder csv = new StringBuilder("id,grp,amount\n");
        for (int i = 0; i < 2000; i++) {
            csv.append(i)
                    .append(',')
                    .append("g")
                    .append(i % 37)
                    .append(',')
                    .append(i % 101)
                    .append('\n');
        }
        Files.writeString(dir.resolve("sales.csv"), csv);
        return DriverManager.getConnection("jdbc:tally:data=" + dir);
    }

    private static long count(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM (" + sql + ") AS q")) {
            assertTrue(rs.next());
            return rs.getLong(1);
        }
    }

    private static long rows(JsonNode op) {
        return op.get("metrics").get("output_rows").asLong();
    }

    @Test
    void outputRowsOfScanFilterAggregateEqualCounts() throws Exception {
        try (Connection c = connect()) {
            String filtered = "SELECT grp, amount FROM sales WHERE amount > 40";
            String grouped =
                    "SELECT grp, SUM(amount) AS s FROM sales WHERE amount > 40 GROUP BY grp";
            JsonNode plan = explain(c, grouped);
            assertEquals(count(c, grouped), rows(only(plan, "EnumerableBlockedAggregate")));
            // the filter runs vectorized on the scan's batches
            assertEquals(count(c, filtered), rows(only(plan, "TallyBatchCalc")));
            assertEquals(count(c, "SELECT * FROM sales"), rows(only(plan, "TallyTableScan")));
            assertEquals(count(c, grouped), rows(plan));
        }
    }

    @Test
    void outputRowsOfJoinsAndTheirInputsEqualCounts() throws Exception {
        try (Connection c = connect()) {
            String join =
                    "SELECT a.id, b.number FROM sales a JOIN TABLE(numbers(500)) b"
                            + " ON a.amount = b.number WHERE b.number < 60";
            JsonNode plan = explain(c, join);
            List<JsonNode> joins = new ArrayList<>();
            for (JsonNode op : all(plan)) {
                if (op.get("operator").asText().contains("Join")) {
                    joins.add(op);
                }
            }
            assertEquals(1, joins.size(), plan.toString());
            assertEquals(count(c, join), rows(joins.get(0)));
            assertEquals(count(c, join), rows(plan));
            List<JsonNode> scans = operators(plan, "TallyTableScan");
            assertEquals(2, scans.size());
            List<Long> scanned = List.of(rows(scans.get(0)), rows(scans.get(1)));
            assertTrue(scanned.contains(count(c, "SELECT * FROM sales")), scanned.toString());
            assertTrue(
                    scanned.contains(count(c, "SELECT * FROM TABLE(numbers(500))")),
                    scanned.toString());
        }
    }

    @Test
    void unionAndValuesRowsEqualCounts() throws Exception {
        try (Connection c = connect()) {
            String union =
                    "SELECT id FROM sales WHERE amount = 7 UNION ALL SELECT x FROM"
                            + " (VALUES (1), (2), (3)) AS t(x)";
            JsonNode plan = explain(c, union);
            assertEquals(count(c, union), rows(only(plan, "EnumerableUnion")));
            assertEquals(3, rows(only(plan, "EnumerableValues")));
        }
    }

    /**
     * {@code direct_rows}: integer keys in a small range are looked up by array index, also a key
     * spread over most of the direct index's slot cap (id * 520: 0..1,039,480, whose first chunk's
     * range doubled would pass 2^20 slots); a key spread wider (id * 2000) is hashed.
     */
    @Test
    void directRowsCountKeysLookedUpByIndex() throws Exception {
        try (Connection c = connect()) {
            for (String key : List.of("amount", "id * 520", "id * 2000")) {
                JsonNode agg =
                        only(
                                        explain(
                                                c,
                                                "SELECT "
                                                        + key
                                                        + " AS k, COUNT(*) FROM sales GROUP BY "
                                                        + key),
                                        "EnumerableBlockedAggregate")
                                .get("metrics");
                long expected = key.equals("id * 2000") ? 0 : 2000;
                assertEquals(expected, agg.get("direct_rows").asLong(), key + ": " + agg);
            }
        }
    }

    @Test
    void everyOperatorHasEveryKeyAndTheAggregateItsOwn() throws Exception {
        try (Connection c = connect()) {
            JsonNode plan =
                    explain(
                            c,
                            "SELECT grp, COUNT(*), AVG(amount) FROM sales GROUP BY grp"
                                    + " ORDER BY grp LIMIT 5");
            for (JsonNode op : all(plan)) {
                assertTrue(op.get("operator").isTextual());
                assertTrue(op.get("attributes").isObject());
                assertTrue(op.get("inputs").isArray());
                for (String key : OPERATOR_KEYS) {
                    assertTrue(op.get("metrics").has(key), key + " missing in " + op);
                }
            }
            JsonNode agg = only(plan, "EnumerableBlockedAggregate").get("metrics");
            for (String key : AGGREGATE_KEYS) {
                assertTrue(agg.has(key), key + " missing in " + agg);
            }
            assertEquals(37, agg.get("groups").asLong());
            assertEquals(2000, agg.get("input_rows").asLong());
            assertEquals(0, agg.get("spill_write_bytes").asLong());
            assertEquals(5, rows(plan));
            assertEquals(
                    "[grp]",
                    only(plan, "EnumerableBlockedAggregate")
                            .get("attributes")
                            .get("group by")
                            .asText());
        }
    }

    @Test
    void aggregateCpuIsPositiveAndAtMostItsWallTimePerThread() throws Exception {
        try (Connection c = connect()) {
            JsonNode agg =
                    only(
                                    explain(
                                            c,
                                            "SELECT number % 1000, SUM(number) FROM"
                                                    + " TABLE(numbers(300000)) GROUP BY number % 1000"),
                                    "EnumerableBlockedAggregate")
                            .get("metrics");
            long cpu = agg.get("cpu_ns").asLong();
            long wall = agg.get("wall_ns").asLong();
            assertTrue(cpu > 0, agg.toString());
            // a parallel aggregate's cpu is summed over its threads, each busy at most the wall
            // time
            long threads = agg.get("threads").asLong();
            assertTrue(cpu <= (wall + CLOCK_SLACK_NANOS) * (threads + 1), agg.toString());
            assertEquals(1000, agg.get("output_rows").asLong());
        }
    }

    /**
     * If a parent's time included its inputs', the operators' times would add up to more than the
     * run.
     */
    /**
     * Own wall times add up to at most the statement's wall time on one thread; with parallel
     * workers, time spent in inputs on the worker threads is summed over them, so the bound is one
     * statement wall per thread.
     */
    @Test
    void operatorsOwnTimesAddUpToNoMoreThanTheStatement() throws Exception {
        for (int threads : new int[] {1, 2}) {
            try (Connection c = connect();
                    Statement s = c.createStatement()) {
                s.execute("SET threads = " + threads);
                String sql =
                        "EXPLAIN ANALYZE AS JSON SELECT COUNT(*) FROM (SELECT number * 3 AS x FROM"
                                + " TABLE(numbers(400000)) WHERE MOD(number, 3) = 0) AS t WHERE x > 5";
                long start = System.nanoTime();
                String json;
                try (ResultSet rs = s.executeQuery(sql)) {
                    assertTrue(rs.next());
                    json = rs.getString(1);
                }
                long elapsed = System.nanoTime() - start;
                JsonNode plan = new ObjectMapper().readTree(json);
                long sum = 0;
                for (JsonNode op : all(plan)) {
                    sum += op.get("metrics").get("wall_ns").asLong();
                    assertTrue(op.get("metrics").get("wall_ns").asLong() > 0, op.toString());
                }
                assertTrue(all(plan).size() >= 3, json);
                assertTrue(
                        sum <= elapsed * threads,
                        "threads="
                                + threads
                                + ": operators' own wall times "
                                + sum
                                + " ns exceed "
                                + threads
                                + " x the statement's "
                                + elapsed
                                + " ns: "
                                + json);
            }
        }
    }

    @Test
    void textIsOneRowPerLineInAPlanColumn() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet rs =
                        executeAfter(
                                s,
                                "SET threads = 1",
                                "EXPLAIN ANALYZE SELECT grp,"
                                        + " SUM(amount) FROM sales GROUP BY grp")) {
            assertEquals("PLAN", rs.getMetaData().getColumnLabel(1));
            List<String> lines = new ArrayList<>();
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
            assertEquals("EnumerableBlockedAggregate", lines.get(0));
            assertEquals(
                    "├── group by: [grp]   aggregates: [SUM(amount)]   input: batches",
                    lines.get(1));
            assertTrue(lines.get(2).startsWith("├── rows: 37 (estimated "), lines.toString());
            assertTrue(
                    lines.contains("├── groups: 37 in 1 block   input: 2,000 rows in 1 batch"),
                    lines.toString());
            assertTrue(
                    lines.stream().anyMatch(l -> l.startsWith("├── spilled: 0 B in 0 files")),
                    lines.toString());
            assertEquals("├── threads: 1", lines.get(7));
            assertEquals("└── TallyTableScan", lines.get(9));
            assertEquals("    ├── table: sales   fields: [grp, amount]", lines.get(10));
            assertTrue(
                    lines.get(11).startsWith("    ├── rows: 2,000 (estimated "), lines.toString());
            assertTrue(lines.get(11).endsWith(")   batches: 1"), lines.toString());
            assertTrue(
                    lines.get(lines.size() - 1)
                            .startsWith("    └── memory: peak pool 0 B, peak live "),
                    lines.toString());
        }
    }

    private static ResultSet executeAfter(Statement s, String set, String query)
            throws SQLException {
        s.execute(set);
        return s.executeQuery(query);
    }

    @Test
    void parallelAggregateReportsThreadsExchangeAndPhases() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            s.execute("SET threads = 4");
            JsonNode plan =
                    explain(
                            c,
                            "SELECT number % 1000 AS k, SUM(number) FROM"
                                    + " TABLE(numbers(300000)) GROUP BY number % 1000");
            JsonNode agg = only(plan, "EnumerableBlockedAggregate").get("metrics");
            assertEquals(4, agg.get("threads").asLong(), agg.toString());
            assertTrue(agg.get("parallel").isNull(), agg.toString());
            // each worker's 1000 groups reach the final tables table to table, none exchanged
            assertEquals(4000, agg.get("table_merged_groups").asLong(), agg.toString());
            assertEquals(0, agg.get("exchange_batches").asLong(), agg.toString());
            assertEquals(0, agg.get("exchange_bytes").asLong(), agg.toString());
            assertTrue(agg.get("partial_ms").asDouble() > 0, agg.toString());
            assertTrue(agg.get("merge_ms").asDouble() >= 0, agg.toString());
            assertEquals(1000, agg.get("output_rows").asLong());
            assertEquals(1000, agg.get("groups").asLong());
            assertEquals(300000, agg.get("input_rows").asLong());
            assertEquals(
                    300000,
                    all(plan).stream()
                            .filter(
                                    n ->
                                            !n.get("operator")
                                                    .asText()
                                                    .equals("EnumerableBlockedAggregate"))
                            .findFirst()
                            .orElseThrow()
                            .get("metrics")
                            .get("output_rows")
                            .asLong(),
                    plan.toString());
            try (ResultSet rs =
                    s.executeQuery(
                            "EXPLAIN ANALYZE SELECT number % 10, COUNT(*) FROM"
                                    + " TABLE(numbers(1000)) GROUP BY number % 10")) {
                StringBuilder text = new StringBuilder();
                while (rs.next()) {
                    text.append(rs.getString(1)).append('\n');
                }
                assertTrue(text.toString().contains("├── threads: 4 (partial "), text.toString());
                assertTrue(text.toString().contains("exchanged: "), text.toString());
                assertTrue(
                        text.toString().contains("merged table to table: 40 groups"),
                        text.toString());
            }
        }
    }

    /**
     * 600k unique keys on 2 threads under a 64 MB limit: each worker's partial table fills its 8 MB
     * share without a hit, then passes the rest on.
     */
    @Test
    void uniqueKeysArePassedThroughAndCounted() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            s.execute("SET threads = 2");
            s.execute("SET memory_limit = '64MB'");
            String query =
                    "SELECT number, COUNT(*), SUM(number) FROM TABLE(numbers(600000))"
                            + " GROUP BY number";
            JsonNode agg = only(explain(c, query), "EnumerableBlockedAggregate").get("metrics");
            assertEquals(2, agg.get("threads").asLong(), agg.toString());
            long passed = agg.get("passthrough_rows").asLong();
            assertTrue(passed > 0 && passed < 600000, agg.toString());
            assertEquals(600000, agg.get("groups").asLong(), agg.toString());
            assertEquals(600000, agg.get("input_rows").asLong(), agg.toString());
            try (ResultSet rs = s.executeQuery("EXPLAIN ANALYZE " + query)) {
                StringBuilder text = new StringBuilder();
                while (rs.next()) {
                    text.append(rs.getString(1)).append('\n');
                }
                assertTrue(text.toString().contains(", passed through: "), text.toString());
            }
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT COUNT(*), COUNT(DISTINCT k) FROM ("
                                    + query
                                    + ") AS r(k, n, t) WHERE n = 1 AND t = k")) {
                assertTrue(rs.next());
                assertEquals(600000, rs.getLong(1));
                assertEquals(600000, rs.getLong(2));
            }
        }
    }

    @Test
    void serialFallbackIsShownWithItsReason() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            s.execute("SET threads = 4");
            JsonNode agg =
                    only(
                                    explain(
                                            c,
                                            "SELECT grp, COUNT(DISTINCT amount) FROM sales GROUP BY grp"),
                                    "EnumerableBlockedAggregate")
                            .get("metrics");
            assertEquals(1, agg.get("threads").asLong(), agg.toString());
            assertTrue(agg.get("parallel").asText().contains("DISTINCT"), agg.toString());
            assertEquals(37, agg.get("output_rows").asLong());
            agg =
                    only(
                                    explain(
                                            c,
                                            "SELECT x, COUNT(*) FROM (VALUES (1), (2), (1)) AS t(x) GROUP BY x"),
                                    "EnumerableBlockedAggregate")
                            .get("metrics");
            assertEquals(1, agg.get("threads").asLong(), agg.toString());
            assertEquals("row input", agg.get("parallel").asText(), agg.toString());
            agg =
                    only(
                                    explain(c, "SELECT grp, MODE(amount) FROM sales GROUP BY grp"),
                                    "EnumerableBlockedAggregate")
                            .get("metrics");
            assertEquals(1, agg.get("threads").asLong(), agg.toString());
            assertTrue(
                    agg.get("parallel").asText().startsWith("MODE keeps every value"),
                    agg.toString());
            assertEquals(37, agg.get("output_rows").asLong());
            agg =
                    only(
                                    explain(
                                            c,
                                            "SELECT grp, MEDIAN(amount) FROM sales GROUP BY grp"),
                                    "EnumerableBlockedAggregate")
                            .get("metrics");
            assertEquals(4, agg.get("threads").asLong(), agg.toString());
            assertEquals(
                    agg.get("input_rows").asLong(),
                    agg.get("passthrough_rows").asLong(),
                    agg.toString());
            assertEquals(37, agg.get("output_rows").asLong());
        }
    }

    @Test
    void explainAnalyzeAlsoAnswersTheStockAggregate() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            s.execute("SET aggregate = 'calcite'");
            JsonNode plan = explain(c, "SELECT grp, MAX(amount) FROM sales GROUP BY grp");
            assertEquals(37, rows(plan));
            assertTrue(plan.get("operator").asText().contains("Aggregate"), plan.toString());
            assertTrue(plan.get("metrics").get("peak_pool_bytes").isNull());
        }
    }

    @Test
    void plainQueriesAreNotProfiled() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN PLAN FOR SELECT grp FROM sales")) {
            assertTrue(rs.next());
            assertFalse(rs.getString(1).contains("Profiling"), rs.getString(1));
        }
    }

    @Test
    void badStatementsGetClearErrors() throws Exception {
        try (Connection c = connect();
                Statement s = c.createStatement()) {
            SQLException format =
                    assertThrows(
                            SQLException.class,
                            () -> s.executeQuery("EXPLAIN ANALYZE AS XML SELECT 1"));
            assertTrue(format.getMessage().contains("XML"), format.getMessage());
            SQLException dml =
                    assertThrows(
                            SQLException.class,
                            () ->
                                    s.executeQuery(
                                            "EXPLAIN ANALYZE INSERT INTO sales VALUES (1, 'a', 2)"));
            assertTrue(dml.getMessage().contains("INSERT"), dml.getMessage());
            SQLException missing =
                    assertThrows(SQLException.class, () -> s.executeQuery("EXPLAIN ANALYZE"));
            assertTrue(missing.getMessage().contains("line 1, column"), missing.getMessage());
            SQLException unknown =
                    assertThrows(
                            SQLException.class,
                            () -> s.executeQuery("EXPLAIN ANALYZE SELECT nope FROM sales"));
            assertTrue(
                    unknown.getMessage()
                            .contains(
                                    "From line 1, column 24 to line 1, column 27: Column 'nope' not found"),
                    unknown.getMessage());
            SQLException second =
                    assertThrows(
                            SQLException.class,
                            () ->
                                    s.executeQuery(
                                            "EXPLAIN ANALYZE AS JSON\n  SELECT id FROM nowhere"));
            assertTrue(second.getMessage().contains("line 2, column 18"), second.getMessage());
        }
    }
}
