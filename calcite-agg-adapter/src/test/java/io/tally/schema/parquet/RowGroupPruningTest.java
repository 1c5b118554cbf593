package io.tally.schema.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Row-group pruning by footer statistics: a filtered query over a Parquet file with many small row
 * groups answers exactly as over the same rows in an Arrow file (which is never pruned), on one
 * thread and on four, for every type and comparison a filter hands to the scan; EXPLAIN shows the
 * pushed filter and EXPLAIN ANALYZE the row groups and files read and skipped; files of a glob are
 * skipped by their {@code key=value} directories; {@code COUNT(*)} comes from the footer.
 */
class RowGroupPruningTest {
    private static final int ROWS = 6_000;
    private static final int GROUP_ROWS = 200;
    private static final int GROUPS = ROWS / GROUP_ROWS;

    /**
     * Sorted columns (id, i, sm, x, r, small_dec, big_dec, s, d, ts), unsorted ones (t, u), a
     * column NULL in whole row groups 3 and 4 (maybe) and a boolean constant per row group (b).
     */
    private static final String DATA =
            "SELECT number AS id,"
                    + " CAST(number AS INTEGER) AS i,"
                    + " CAST(MOD(number * 37, 101) AS TINYINT) AS t,"
                    + " CAST(number / 20 AS SMALLINT) AS sm,"
                    + " CASE WHEN number / 200 IN (3, 4) OR MOD(number, 7) = 0 THEN NULL"
                    + " ELSE number END AS maybe,"
                    + " CAST(number AS DOUBLE) / 8 AS x,"
                    + " CAST(number AS REAL) / 4 AS r,"
                    + " CAST(number AS DECIMAL(12, 2)) / 4 AS small_dec,"
                    + " CAST(number AS DECIMAL(30, 3)) * 1000000 AS big_dec,"
                    + " 'k' || CAST(number + 10000 AS VARCHAR) AS s,"
                    + " 'v' || CAST(MOD(number * 7919, 1000) AS VARCHAR) AS u,"
                    + " MOD(number / 200, 2) = 0 AS b,"
                    + " TIMESTAMPADD(DAY, CAST(number / 10 AS INTEGER), DATE '2020-01-01') AS d,"
                    + " TIMESTAMPADD(SECOND, CAST(number AS INTEGER),"
                    + " TIMESTAMP '2020-01-01 00:00:00') AS ts"
                    + " FROM TABLE(numbers("
                    + ROWS
                    + "))";

    /**
     * A DuckDB-written file: unsigned integers, a double with NaN, a float, decimals stored as
     * INT32, INT64 and FIXED_LEN_BYTE_ARRAY, sub-millisecond timestamps, dates, strings, a column
     * NULL in 2000 consecutive rows; sorted on id.
     */
    private static final String DUCK_DATA =
            "SELECT i AS id, (i % 250)::UTINYINT AS ut, (i * 1000)::UBIGINT AS ub,"
                    + " (i * 3)::UINTEGER AS ui,"
                    + " CASE WHEN i % 500 = 7 THEN 'NaN'::DOUBLE ELSE i / 3.0 END AS dbl,"
                    + " (i / 7.0)::FLOAT AS fl, (i / 100.0)::DECIMAL(9, 2) AS d9,"
                    + " (i / 1000.0)::DECIMAL(18, 3) AS d18, (i * 1.5)::DECIMAL(30, 2) AS d30,"
                    + " 'name' || lpad(i::VARCHAR, 6, '0') AS s,"
                    + " TIMESTAMP '2021-01-01' + to_microseconds(i * 1501) AS tsu,"
                    + " DATE '2000-01-01' + i::INTEGER AS dt,"
                    + " CASE WHEN i BETWEEN 3000 AND 4999 THEN NULL ELSE i END AS holes,"
                    + " i % 2 = 0 AS flag"
                    + " FROM range(10000) t(i)";

    @TempDir static Path dir;
    private static Connection serial;
    private static Connection parallel;
    private static String parquet;
    private static String arrow;

    @BeforeAll
    static void writeFiles() throws SQLException {
        serial = DriverManager.getConnection("jdbc:tally:threads=1");
        parallel = DriverManager.getConnection("jdbc:tally:threads=4");
        parquet = "'" + dir.resolve("t.parquet") + "'";
        arrow = "'" + dir.resolve("t.arrow") + "'";
        SqlFixture.strings(
                serial,
                "COPY ("
                        + DATA
                        + ") TO "
                        + parquet
                        + " (FORMAT parquet, ROW_GROUP_SIZE "
                        + GROUP_ROWS
                        + ")");
        SqlFixture.strings(serial, "COPY (" + DATA + ") TO " + arrow);
    }

    @AfterAll
    static void close() throws SQLException {
        serial.close();
        parallel.close();
    }

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    static Stream<String> filters() {
        return Stream.of(
                "id = 1234",
                "id <> 5",
                "id < 150",
                "id <= 199",
                "id > 5800",
                "id >= 5800",
                "id BETWEEN 1000 AND 1399",
                "id IN (3, 2500, 5999)",
                "id NOT IN (1, 2)",
                "id IS NULL",
                "id IS NOT NULL",
                "id > 10.5",
                "id < -3",
                "i > 4000 AND i < 4100",
                "t = 7",
                "t IN (1, 2, 100)",
                "sm BETWEEN 10 AND 12",
                "maybe IS NULL",
                "maybe IS NOT NULL",
                "maybe = 700",
                "maybe > 5000",
                "maybe IS NULL OR maybe < 100",
                "x > 700.5",
                "x = 12.5",
                "x < 0",
                "r >= 1000.25",
                "r = 2.5",
                "r < 10",
                "small_dec < 10.5",
                "small_dec = 100.25",
                "small_dec BETWEEN 1000 AND 1000.75",
                "small_dec > 1000.001",
                "big_dec > 5000000000",
                "big_dec = 3000000.000",
                "s = 'k12345'",
                "s >= 'k15000'",
                "s < 'k10100'",
                "s BETWEEN 'k11' AND 'k12'",
                "u = 'v7'",
                "u IN ('v1', 'v999')",
                "b",
                "NOT b",
                "b = FALSE",
                "d = DATE '2020-03-01'",
                "d > DATE '2021-06-01'",
                "ts < TIMESTAMP '2020-01-01 00:10:00'",
                "ts = TIMESTAMP '2020-01-01 01:00:00'",
                "ts BETWEEN TIMESTAMP '2020-01-01 01:00:00' AND TIMESTAMP '2020-01-01 01:00:00.999'",
                "id < 10 OR s = 'k15000'",
                "id > 100 AND id < 50");
    }

    @ParameterizedTest
    @MethodSource("filters")
    void prunedAnswersEqualUnprunedOnes(String filter) throws SQLException {
        String select =
                "SELECT COUNT(*), SUM(id), MIN(s), MAX(ts), COUNT(maybe) FROM %s WHERE " + filter;
        List<List<String>> expected = SqlFixture.strings(serial, String.format(select, arrow));
        assertEquals(expected, SqlFixture.strings(serial, String.format(select, parquet)), filter);
        assertEquals(
                expected, SqlFixture.strings(parallel, String.format(select, parquet)), filter);
        String rows = "SELECT * FROM %s WHERE " + filter + " ORDER BY id";
        assertEquals(
                SqlFixture.strings(serial, String.format(rows, arrow)),
                SqlFixture.strings(parallel, String.format(rows, parquet)),
                filter);
    }

    static Stream<String> duckFilters() {
        return Stream.of(
                "id BETWEEN 2500 AND 2600",
                "ut = 7",
                "ub > 9000000",
                "ub < 5000",
                "ui BETWEEN 300 AND 330",
                "ui < -1",
                "dbl > 3000",
                "dbl <> 5.0",
                "NOT (dbl BETWEEN 10 AND 20)",
                "dbl < 2",
                "fl >= 1400.5",
                "fl < 1",
                "d9 = 12.34",
                "d9 > 99.5",
                "d18 BETWEEN 1.5 AND 1.6",
                "d18 < 0.0105",
                "d30 > 14000.25",
                "d30 = 1500.00",
                "s = 'name004242'",
                "s >= 'name009990'",
                "s < 'name0001'",
                "tsu < TIMESTAMP '2021-01-01 00:00:00.150'",
                "tsu >= TIMESTAMP '2021-01-01 00:00:15'",
                "dt = DATE '2010-01-01'",
                "dt < DATE '2000-02-01'",
                "holes = 3500",
                "holes IS NULL",
                "holes IS NOT NULL AND id < 5100",
                "flag AND id < 100");
    }

    /**
     * DuckDB's own statistics (its unsigned, decimal, float and timestamp encodings) prune as
     * Tally's do: the filtered answers equal those over an Arrow copy of the file, and DuckDB's
     * except where the two engines order NaN differently.
     */
    @ParameterizedTest
    @MethodSource("duckFilters")
    void duckDbWrittenFilePrunesCorrectly(String filter) throws SQLException {
        Path duckFile = duckFile();
        String select = "SELECT COUNT(*), SUM(id) FROM %s WHERE " + filter;
        List<List<String>> pruned =
                SqlFixture.strings(parallel, String.format(select, "'" + duckFile + "'"));
        assertEquals(
                SqlFixture.strings(
                        serial, String.format(select, "'" + dir.resolve("duck.arrow") + "'")),
                pruned,
                filter);
        if (!filter.contains("dbl")) {
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
                assertEquals(
                        SqlFixture.strings(
                                duck,
                                String.format(select, "read_parquet('" + duckFile + "')")
                                        .replace("SUM(id)", "SUM(id)::BIGINT")),
                        pruned,
                        filter);
            }
        }
    }

    @Test
    void duckDbStatisticsSkipRowGroups() throws SQLException {
        Path duckFile = duckFile();
        String line =
                line(
                        analyze(
                                serial,
                                "SELECT COUNT(*) FROM '" + duckFile + "' WHERE s >= 'name009990'"),
                        "row groups: ");
        assertTrue(line.matches("row groups: 1 read, [1-9][0-9]* skipped"), line);
    }

    /** The DuckDB-written file and its Arrow copy (made by Tally reading it without a filter). */
    private static synchronized Path duckFile() throws SQLException {
        Path file = dir.resolve("duck.parquet");
        if (!Files.exists(file)) {
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                    Statement s = duck.createStatement()) {
                s.execute(
                        "COPY ("
                                + DUCK_DATA
                                + ") TO '"
                                + file
                                + "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
            }
            SqlFixture.strings(
                    serial,
                    "COPY (SELECT * FROM '" + file + "') TO '" + dir.resolve("duck.arrow") + "'");
        }
        return file;
    }

    @Test
    void explainShowsThePushedFilter() throws SQLException {
        String plan =
                plan(
                        "EXPLAIN PLAN FOR SELECT COUNT(*) FROM "
                                + parquet
                                + " WHERE id BETWEEN 1000 AND 1399 AND s <> 'k1' AND MOD(i, 2) = 0");
        assertTrue(
                plan.contains("filter=[id [1000..1399] AND s <> 'k1']"),
                "the scan should carry the usable conjuncts:\n" + plan);
        assertTrue(plan.contains("MOD("), "the whole condition stays above the scan:\n" + plan);
    }

    @Test
    void explainAnalyzeCountsRowGroupsReadAndSkipped() throws SQLException {
        assertEquals("row groups: 2 read, 28 skipped", pruning("id BETWEEN 1000 AND 1399"));
        assertEquals("row groups: 0 read, 30 skipped", pruning("maybe = 700"));
        assertEquals("row groups: 28 read, 2 skipped", pruning("maybe IS NOT NULL"));
        assertEquals("row groups: 15 read, 15 skipped", pruning("b"));
        assertEquals("row groups: 5 read, 25 skipped", pruning("s >= 'k15000'"));
        assertEquals(
                "row groups: 1 read, 29 skipped", pruning("ts < TIMESTAMP '2020-01-01 00:01:00'"));
        assertEquals("row groups: 2 read, 28 skipped", pruning("id > 150 AND id < 250"));
        assertEquals("row groups: " + GROUPS + " read, 0 skipped", pruning("t = 7"));
        assertEquals(
                "row groups: " + GROUPS + " read, 0 skipped", pruning("id < 10 OR s = 'k15000'"));
    }

    @Test
    void hiveDirectoriesSkipWholeFiles() throws SQLException {
        Path hive = dir.resolve("hive");
        for (int p = 1; p <= 3; p++) {
            Path part = hive.resolve("dt=" + p);
            try {
                Files.createDirectories(part);
            } catch (java.io.IOException e) {
                throw new AssertionError(e);
            }
            SqlFixture.strings(
                    serial,
                    "COPY (SELECT number + "
                            + (p * 1000)
                            + " AS id FROM TABLE(numbers(1000))) TO '"
                            + part.resolve("part.parquet")
                            + "' (FORMAT parquet, ROW_GROUP_SIZE 250)");
        }
        String glob = "'" + hive + "/*/*.parquet'";
        assertEquals(
                List.of(List.of("1000", "2499500")),
                SqlFixture.strings(
                        parallel, "SELECT COUNT(*), SUM(id) FROM " + glob + " WHERE dt = 2"));
        assertEquals(
                "files: 1 read, 2 skipped",
                line(
                        analyze(parallel, "SELECT COUNT(*) FROM " + glob + " WHERE dt = 2"),
                        "files: "));
        String both = "SELECT COUNT(*) FROM " + glob + " WHERE dt >= 2 AND id < 2100";
        assertEquals(List.of(List.of("100")), SqlFixture.strings(serial, both));
        assertEquals(
                "row groups: 1 read, 7 skipped   files: 2 read, 1 skipped",
                line(analyze(serial, both), "row groups: "));
    }

    @Test
    void countStarComesFromTheFooter() throws SQLException {
        String count = "SELECT COUNT(*) AS c, COUNT(*) AS c2 FROM " + parquet;
        String countPlan = plan("EXPLAIN PLAN FOR " + count);
        assertTrue(
                countPlan.contains("TallyFooterCount") && !countPlan.contains("TallyTableScan"),
                countPlan);
        assertEquals(List.of(List.of("6000", "6000")), SqlFixture.strings(parallel, count));
        String filtered = "SELECT COUNT(*) FROM " + parquet + " WHERE id < 10";
        assertFalse(plan("EXPLAIN PLAN FOR " + filtered).contains("TallyFooterCount"));
        assertEquals(List.of(List.of("10")), SqlFixture.strings(serial, filtered));
        String arrowCount = "EXPLAIN PLAN FOR SELECT COUNT(*) FROM " + arrow;
        assertFalse(plan(arrowCount).contains("TallyFooterCount"), "Arrow has no footer count");
    }

    private static String plan(String explain) throws SQLException {
        StringBuilder b = new StringBuilder();
        for (List<String> row : SqlFixture.strings(serial, explain)) {
            b.append(row.get(0)).append('\n');
        }
        return b.toString();
    }

    /**
     * The row-group line of EXPLAIN ANALYZE for a count over the Parquet file with {@code filter}.
     */
    private static String pruning(String filter) throws SQLException {
        String sql = "SELECT COUNT(*), SUM(id) FROM " + parquet + " WHERE " + filter;
        String serialLine = line(analyze(serial, sql), "row groups: ");
        assertEquals(
                serialLine, line(analyze(parallel, sql), "row groups: "), "threads=4: " + filter);
        return serialLine;
    }

    private static List<String> analyze(Connection c, String sql) throws SQLException {
        return SqlFixture.strings(c, "EXPLAIN ANALYZE " + sql).stream().map(r -> r.get(0)).toList();
    }

    /** The text after the tree drawing of the one line holding {@code prefix}. */
    private static String line(List<String> lines, String prefix) {
        List<String> found = lines.stream().filter(l -> l.contains(prefix)).toList();
        assertEquals(1, found.size(), prefix + " in\n" + String.join("\n", lines));
        String l = found.get(0);
        return l.substring(l.indexOf(prefix));
    }
}
