package io.tally.schema.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.schema.SqlFixture;
import io.tally.session.FileAccess;
import io.tally.session.TallySession;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code COPY (query) TO 'path' (options)}: Parquet that DuckDB reads back with the same values and
 * the asked-for row groups and codec, Arrow and CSV that Tally reads back, and one-line errors for
 * unknown options and formats, missing directories and paths the file access policy refuses, with
 * no partial file left behind.
 */
class CopyToTest {
    /** Every type COPY writes, NULLs in several columns; {@code id} orders the rows. */
    private static final String QUERY =
            "SELECT number AS id,"
                    + " CAST(number AS INTEGER) AS i,"
                    + " CASE WHEN MOD(number, 7) = 0 THEN NULL ELSE number * 3 END AS maybe,"
                    + " CAST(number AS DOUBLE) / 8 AS x,"
                    + " CAST(number AS DECIMAL(12, 2)) / 4 AS small_dec,"
                    + " CAST(number AS DECIMAL(30, 3)) * 1000000 AS big_dec,"
                    + " 'k' || CAST(MOD(number, 100) AS VARCHAR) AS s,"
                    + " CASE WHEN MOD(number, 11) = 0 THEN NULL ELSE 'v' || CAST(number AS VARCHAR) END AS plain,"
                    + " MOD(number, 2) = 0 AS b,"
                    + " TIMESTAMPADD(DAY, CAST(MOD(number, 400) AS INTEGER), DATE '2024-01-01') AS d,"
                    + " TIMESTAMPADD(SECOND, CAST(number AS INTEGER), TIMESTAMP '2024-01-01 00:00:00') AS ts"
                    + " FROM TABLE(numbers(%d))";

    private static final String COLUMNS = "id, i, maybe, x, small_dec, big_dec, s, plain, b, d, ts";

    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void parquetIsReadBackByDuckDbWithTheSameValues() throws Exception {
        Path file = dir.resolve("all.parquet");
        String query = String.format(QUERY, 25_000);
        try (Connection tally = DriverManager.getConnection("jdbc:tally:")) {
            assertEquals(
                    List.of(List.of("25000")),
                    SqlFixture.strings(
                            tally,
                            "COPY ("
                                    + query
                                    + ") TO '"
                                    + file
                                    + "' (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE 10000)"));
            List<List<String>> expected =
                    rows(tally, "SELECT " + COLUMNS + " FROM (" + query + ") ORDER BY id");
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
                assertEquals(
                        expected,
                        rows(
                                duck,
                                "SELECT "
                                        + COLUMNS
                                        + " FROM read_parquet('"
                                        + file
                                        + "') ORDER BY id"));
                assertEquals(
                        List.of(List.of("3", "ZSTD")),
                        SqlFixture.strings(
                                duck,
                                "SELECT COUNT(DISTINCT row_group_id), MIN(compression) FROM parquet_metadata('"
                                        + file
                                        + "')"));
            }
            assertEquals(
                    expected,
                    rows(tally, "SELECT " + COLUMNS + " FROM '" + file + "' ORDER BY id"));
        }
        assertFalse(Files.exists(dir.resolve(".all.parquet.partial")));
    }

    @Test
    void arrowAndCsvReadBackAsTheQuery() throws Exception {
        String query = String.format(QUERY, 3000);
        try (Connection tally = DriverManager.getConnection("jdbc:tally:")) {
            List<List<String>> expected =
                    rows(tally, "SELECT " + COLUMNS + " FROM (" + query + ") ORDER BY id");
            for (String name : List.of("t.arrow", "t.csv", "t.csv.gz", "semi.txt")) {
                Path file = dir.resolve(name);
                String options = name.equals("semi.txt") ? " (FORMAT csv, DELIMITER ';')" : "";
                assertEquals(
                        List.of(List.of("3000")),
                        SqlFixture.strings(
                                tally, "COPY (" + query + ") TO '" + file + "'" + options),
                        name);
                String read =
                        name.equals("semi.txt")
                                ? "read_csv('" + file + "', delim => ';')"
                                : "'" + file + "'";
                assertEquals(
                        expected,
                        rows(tally, "SELECT " + COLUMNS + " FROM " + read + " ORDER BY id"),
                        name);
            }
            try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
                assertEquals(
                        List.of(List.of("3000", "k42")),
                        SqlFixture.strings(
                                duck,
                                "SELECT COUNT(*), MAX(s) FILTER (WHERE id = 42) FROM read_csv('"
                                        + dir.resolve("t.csv")
                                        + "')"));
            }
        }
    }

    @Test
    void emptyResultWritesAFileWithTheColumns() throws Exception {
        Path file = dir.resolve("none.parquet");
        try (Connection tally = DriverManager.getConnection("jdbc:tally:")) {
            SqlFixture.strings(
                    tally,
                    "COPY (SELECT number AS n FROM TABLE(numbers(5)) WHERE number > 9)"
                            + " TO '"
                            + file
                            + "'");
            assertEquals(
                    List.of(List.of("0")),
                    SqlFixture.strings(tally, "SELECT COUNT(n) FROM '" + file + "'"));
        }
    }

    @Test
    void badTargetsAndOptionsAreOneLineErrors() throws Exception {
        try (Connection tally = DriverManager.getConnection("jdbc:tally:")) {
            String copy = "COPY (SELECT 1 AS a) TO '";
            assertError(
                    tally,
                    copy + dir.resolve("x.parquet") + "' (FORMAT parquet, SPEED 3)",
                    "COPY option SPEED is not known");
            assertError(tally, copy + dir.resolve("x.out") + "'", "COPY cannot tell the format of");
            assertError(
                    tally,
                    copy + dir.resolve("x.out") + "' (FORMAT orc)",
                    "COPY format orc is not known");
            assertError(
                    tally,
                    copy + dir.resolve("x.parquet") + "' (COMPRESSION brotli)",
                    "COPY compression brotli is not known");
            assertError(
                    tally,
                    copy + dir.resolve("x.arrow") + "' (HEADER false)",
                    "COPY option HEADER does not apply to arrow files");
            assertError(
                    tally,
                    copy + dir.resolve("no/such/x.csv") + "'",
                    "Cannot write " + dir.resolve("no/such/x.csv") + ": directory");
            Path allowed = Files.createDirectory(dir.resolve("allowed"));
            TallySession.of(tally).fileAccess(FileAccess.within(List.of(allowed)));
            assertError(tally, copy + dir.resolve("x.csv") + "'", "Access denied");
            assertError(tally, "SELECT * FROM '" + dir.resolve("x.csv") + "'", "Access denied");
            assertEquals(
                    List.of(List.of("1")),
                    SqlFixture.strings(tally, copy + allowed.resolve("ok.csv") + "'"));
        }
        try (Stream<Path> files = Files.walk(dir)) {
            assertEquals(
                    List.of(dir.resolve("allowed/ok.csv")),
                    files.filter(Files::isRegularFile).toList());
        }
    }

    private static void assertError(Connection c, String sql, String expected) {
        SQLException e = assertThrows(SQLException.class, () -> SqlFixture.strings(c, sql), sql);
        String message = SqlFixture.messages(e);
        assertTrue(message.contains(expected), message);
    }

    /** Rows as engine-neutral text: numbers as plain decimals, timestamps ISO. */
    private static List<List<String>> rows(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            int n = r.getMetaData().getColumnCount();
            while (r.next()) {
                List<String> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    Object v = r.getObject(i);
                    row.add(
                            v == null
                                    ? null
                                    : v instanceof Number num
                                            ? new BigDecimal(num.toString())
                                                    .stripTrailingZeros()
                                                    .toPlainString()
                                            : v instanceof Timestamp t
                                                    ? t.toLocalDateTime().toString()
                                                    : v instanceof LocalDateTime t
                                                            ? t.toString()
                                                            : r.getString(i));
                }
                rows.add(row);
            }
            return rows;
        }
    }
}
