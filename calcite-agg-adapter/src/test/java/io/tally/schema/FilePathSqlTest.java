package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files by path: FROM 'path', globs, hive directories, read_csv options, sniffing. */
class FilePathSqlTest {
    @TempDir Path dir;
    @TempDir Path data;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.createDirectories(file.getParent());
        return Files.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> row(String... values) {
        return Arrays.asList(values);
    }

    /** A Tally connection over a data directory. */
    private static final class Db implements AutoCloseable {
        private final Connection connection;

        Db(Path data) throws SQLException {
            connection = DriverManager.getConnection("jdbc:tally:data=" + data);
        }

        List<List<String>> strings(String sql) throws SQLException {
            return SqlFixture.strings(connection, sql);
        }

        List<String> columns(String sql) throws SQLException {
            List<String> columns = new ArrayList<>();
            try (Statement s = connection.createStatement();
                    ResultSet r = s.executeQuery(sql)) {
                ResultSetMetaData m = r.getMetaData();
                for (int i = 1; i <= m.getColumnCount(); i++) {
                    columns.add(m.getColumnLabel(i) + " " + m.getColumnTypeName(i));
                }
            }
            return columns;
        }

        @Override
        public void close() throws SQLException {
            connection.close();
        }
    }

    @Test
    void pathInFromIsATableNamedAfterItsStem() throws Exception {
        write("orders.csv", "id,amount\n1,2.5\n2,4\n");
        try (Db db = new Db(data)) {
            assertEquals(
                    List.of(row("2", "6.5")),
                    db.strings(
                            "SELECT COUNT(*), SUM(orders.amount) FROM '" + dir + "/orders.csv'"));
            assertEquals(
                    List.of(row("1")),
                    db.strings(
                            "SELECT o.id FROM '" + dir + "/orders.csv' AS o WHERE o.amount < 3"));
            assertEquals(
                    List.of(row("2")),
                    db.strings("SELECT MAX(id) FROM read_file('" + dir + "/orders.csv')"));
        }
    }

    @Test
    void globReadsEveryMatchingFile() throws Exception {
        write("logs/a.csv", "k,v\nx,1\ny,2\n");
        write("logs/b.csv", "k,v\nx,10\n");
        write("logs/skip.txt", "not,a\nlog,file\n");
        try (Db db = new Db(data)) {
            assertEquals(
                    List.of(row("3")), db.strings("SELECT COUNT(*) FROM '" + dir + "/logs/*.csv'"));
            assertEquals(
                    List.of(row("x", "11"), row("y", "2")),
                    db.strings(
                            "SELECT k, SUM(v) FROM '"
                                    + dir
                                    + "/logs/*.csv' GROUP BY k ORDER BY k"));
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () -> db.strings("SELECT * FROM '" + dir + "/logs/*.parquet'"));
            assertTrue(
                    SqlFixture.messages(e).contains("No file matches '" + dir + "/logs/*.parquet'"),
                    SqlFixture.messages(e));
        }
    }

    @Test
    void hiveDirectoriesBecomeColumns() throws Exception {
        write("t/yr=2023/region=eu/part-0.csv", "v\n1\n2\n");
        write("t/yr=2024/region=us/part-0.csv", "v\n5\n");
        try (Db db = new Db(data)) {
            assertEquals(
                    List.of("v BIGINT", "yr BIGINT", "region VARCHAR"),
                    db.columns("SELECT * FROM '" + dir + "/t/*/*/*.csv'"));
            assertEquals(
                    List.of(row("2023", "eu", "3"), row("2024", "us", "5")),
                    db.strings(
                            "SELECT yr, region, SUM(v) FROM '"
                                    + dir
                                    + "/t/*/*/*.csv'"
                                    + " GROUP BY yr, region ORDER BY yr"));
            assertEquals(
                    List.of("v BIGINT"),
                    db.columns(
                            "SELECT * FROM read_csv('"
                                    + dir
                                    + "/t/*/*/*.csv', hive_partitioning => false)"));
        }
    }

    @Test
    void semicolonsDayFirstDatesAndYesNoAreSniffed() throws Exception {
        write("de.csv", "name;paid_on;paid;amount\nAnna;31.12.2024;yes;1,5\nBen;01.02.2025;no;2\n");
        try (Db db = new Db(data)) {
            assertEquals(
                    List.of("name VARCHAR", "paid_on DATE", "paid BOOLEAN", "amount VARCHAR"),
                    db.columns("SELECT * FROM '" + dir + "/de.csv'"));
            assertEquals(
                    List.of(row("Anna", "2024-12-31", "true"), row("Ben", "2025-02-01", "false")),
                    db.strings(
                            "SELECT name, paid_on, paid FROM '" + dir + "/de.csv' ORDER BY name"));
        }
    }

    @Test
    void readCsvOptionsOverrideSniffing() throws Exception {
        write("p.txt", "1|a\n2|b\n3\n");
        try (Db db = new Db(data)) {
            assertEquals(
                    List.of(row("1", "a"), row("2", "b"), row("3", null)),
                    db.strings(
                            "SELECT * FROM read_csv('"
                                    + dir
                                    + "/p.txt', delim => '|', header => false,"
                                    + " null_padding => true) ORDER BY 1"));
            assertEquals(
                    List.of("column0 BIGINT", "column1 VARCHAR"),
                    db.columns(
                            "SELECT * FROM"
                                    + " read_csv('"
                                    + dir
                                    + "/p.txt', delim => '|', header => false, null_padding => true)"));
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () ->
                                    db.strings(
                                            "SELECT * FROM"
                                                    + " read_csv('"
                                                    + dir
                                                    + "/p.txt', delim = '|', header => false)"));
            assertTrue(
                    SqlFixture.messages(e).contains(dir + "/p.txt:3: expected 2 fields"),
                    SqlFixture.messages(e));
            assertTrue(
                    SqlFixture.messages(e).contains("null_padding => true"),
                    SqlFixture.messages(e));
        }
    }

    @Test
    void tsvAndTextFilesAreTablesAndOneStemPrefersTheFastestFormat() throws Exception {
        Files.writeString(data.resolve("t.tsv"), "a\tb\n1\tx\n");
        Files.writeString(data.resolve("w.csv"), "a\n1\n");
        Files.writeString(data.resolve("w.txt"), "a\n2\n");
        try (Db db = new Db(data)) {
            assertEquals(List.of(row("1", "x")), db.strings("SELECT * FROM t"));
            assertEquals(List.of(row("1")), db.strings("SELECT * FROM w"));
            assertEquals(List.of(row("2")), db.strings("SELECT * FROM '" + data + "/w.txt'"));
        }
    }
}
