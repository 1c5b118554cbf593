package io.tally.schema.parquet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import io.tally.schema.DataFileException;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Parquet reader against DuckDB, which writes the files: every type Tally maps, NULLs, several
 * row groups, dictionary and plain strings, each codec; values are compared cell by cell with
 * DuckDB's own reading of the file. Corrupt, truncated and empty files give one-line errors naming
 * the file.
 */
class ParquetFileDataTest {
    private static final int ROWS = 5_000;
    private static final String COLUMNS =
            "id, b, n, dictstr, plainstr, amount, d, dt, ts, flag, lst," + " sm, bigdec, f, ti";

    @TempDir static Path dir;

    @BeforeAll
    static void writeFiles() throws SQLException {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duck.createStatement()) {
            s.execute(
                    "CREATE TABLE t AS SELECT i AS id,"
                            + " CASE WHEN i % 7 = 0 THEN NULL ELSE i * 3 END AS b,"
                            + " (i % 100)::INTEGER AS n,"
                            + " CASE WHEN i % 5 = 0 THEN NULL ELSE 'k' || (i % 50) END AS dictstr,"
                            + " md5(i::VARCHAR) AS plainstr,"
                            + " CASE WHEN i % 11 = 0 THEN NULL ELSE (i / 7.0)::DECIMAL(12,3) END AS amount,"
                            + " (i / 3.0)::DOUBLE AS d,"
                            + " CASE WHEN i % 13 = 0 THEN NULL ELSE DATE '2020-01-01' + (i % 1000)::INTEGER END"
                            + " AS dt,"
                            + " TIMESTAMP '2020-01-01 00:00:00' + INTERVAL (i * 1001) MILLISECOND AS ts,"
                            + " CASE WHEN i % 3 = 0 THEN NULL ELSE i % 2 = 0 END AS flag,"
                            + " CASE WHEN i % 17 = 0 THEN NULL WHEN i % 19 = 0 THEN []::VARCHAR[]"
                            + " ELSE ['a' || (i % 3), NULL, 'z'] END AS lst,"
                            + " (i % 10)::SMALLINT AS sm, (i / 5.0)::DECIMAL(30,4) AS bigdec,"
                            + " (i / 4.0)::FLOAT AS f, (i % 100)::TINYINT AS ti"
                            + " FROM range("
                            + ROWS
                            + ") r(i)");
            for (String codec : new String[] {"snappy", "zstd", "gzip", "uncompressed"}) {
                s.execute(
                        "COPY t TO '"
                                + dir.resolve(codec + ".parquet")
                                + "' (FORMAT parquet,"
                                + " COMPRESSION "
                                + codec
                                + ", ROW_GROUP_SIZE 1024)");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"snappy", "zstd", "gzip", "uncompressed"})
    void everyValueMatchesDuckDb(String codec) throws Exception {
        Path file = dir.resolve(codec + ".parquet");
        List<List<Object>> expected = duckRows(file);
        List<List<Object>> actual =
                tallyRows("SELECT " + COLUMNS + " FROM '" + file + "' ORDER BY id");
        assertEquals(ROWS, actual.size());
        for (int r = 0; r < ROWS; r++) {
            assertEquals(expected.get(r), actual.get(r), "row " + r + " of " + file);
        }
    }

    @Test
    void rowGroupsAreSplitsThatTogetherReadEveryRowOnce() {
        ParquetFileData data = new ParquetFileData("t", dir.resolve("zstd.parquet"));
        assertTrue(data.rowGroups() > 1, "row groups: " + data.rowGroups());
        assertEquals(ROWS, data.estimatedRowCount());
        long sum = 0;
        long rows = 0;
        try (BufferAllocator allocator = new RootAllocator()) {
            List<BatchSplit> splits = data.splits(new int[] {0}, 3);
            for (BatchSplit split : splits) {
                try (BatchCursor cursor = split.open(allocator)) {
                    VectorSchemaRoot batch;
                    while ((batch = cursor.next()) != null) {
                        FieldVector v = batch.getVector(0);
                        for (int i = 0; i < batch.getRowCount(); i++) {
                            sum += ((Number) v.getObject(i)).longValue();
                        }
                        rows += batch.getRowCount();
                    }
                }
            }
        }
        assertEquals(ROWS, rows);
        assertEquals((long) ROWS * (ROWS - 1) / 2, sum);
    }

    @Test
    void groupByAndFilterAgreeWithDuckDb() throws Exception {
        Path file = dir.resolve("snappy.parquet");
        String q =
                "SELECT dictstr, COUNT(*), SUM(b), COUNT(amount), MIN(dt), MAX(plainstr)"
                        + " FROM %s WHERE n < 60 GROUP BY dictstr ORDER BY dictstr NULLS LAST";
        assertEquals(
                duck(String.format(q, "read_parquet('" + file + "')")),
                tallyStrings(String.format(q, "'" + file + "'")));
    }

    @Test
    void emptyTruncatedAndCorruptFilesGiveOneLineErrors() throws Exception {
        Path good = dir.resolve("zstd.parquet");
        byte[] bytes = Files.readAllBytes(good);
        Path empty = Files.write(dir.resolve("empty.parquet"), new byte[0]);
        Path truncated =
                Files.write(
                        dir.resolve("truncated.parquet"), Arrays.copyOf(bytes, bytes.length / 2));
        Path text = Files.writeString(dir.resolve("text.parquet"), "id,name\n1,x\n");
        byte[] corrupt = bytes.clone();
        for (int i = 64; i < 4096; i++) {
            corrupt[i] = (byte) (i * 31);
        }
        Path damaged = Files.write(dir.resolve("damaged.parquet"), corrupt);
        assertError(empty, "file is empty");
        assertError(truncated, "truncated or corrupt Parquet file");
        assertError(text, "not a Parquet file");
        assertError(damaged, "row group 1, column");
    }

    private static void assertError(Path file, String expected) throws IOException {
        SQLException e =
                assertThrows(
                        SQLException.class,
                        () ->
                                tallyRows(
                                        "SELECT COUNT(*), SUM(id), MAX(plainstr) FROM '"
                                                + file
                                                + "'"));
        String message = rootMessage(e);
        assertTrue(message.contains(file.toString()) && message.contains(expected), message);
        assertFalse(message.contains("\n"), message);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && !(t instanceof DataFileException)) {
            t = t.getCause();
        }
        return t.getMessage();
    }

    private static List<List<Object>> duckRows(Path file) throws SQLException {
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = duck.createStatement();
                ResultSet r =
                        s.executeQuery(
                                "SELECT "
                                        + COLUMNS
                                        + " FROM read_parquet('"
                                        + file
                                        + "') ORDER BY id")) {
            return rows(r);
        }
    }

    private static List<List<Object>> tallyRows(String sql) throws SQLException {
        try (Connection tally = DriverManager.getConnection("jdbc:tally:");
                Statement s = tally.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            return rows(r);
        }
    }

    private static List<List<String>> tallyStrings(String sql) throws SQLException {
        return strings(DriverManager.getConnection("jdbc:tally:"), sql);
    }

    private static List<List<String>> duck(String sql) throws SQLException {
        return strings(DriverManager.getConnection("jdbc:duckdb:"), sql);
    }

    private static List<List<String>> strings(Connection c, String sql) throws SQLException {
        try (c;
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(sql)) {
            List<List<String>> rows = new ArrayList<>();
            for (List<Object> row : rows(r)) {
                List<String> out = new ArrayList<>();
                row.forEach(v -> out.add(v == null ? null : v.toString()));
                rows.add(out);
            }
            return rows;
        }
    }

    /** Rows with engine-neutral values: numbers as plain decimals, lists as lists. */
    private static List<List<Object>> rows(ResultSet r) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        int n = r.getMetaData().getColumnCount();
        while (r.next()) {
            List<Object> row = new ArrayList<>(n);
            for (int i = 1; i <= n; i++) {
                Object v = r.getObject(i);
                row.add(v == null ? null : normalize(v, r, i));
            }
            rows.add(row);
        }
        return rows;
    }

    private static Object normalize(Object v, ResultSet r, int column) throws SQLException {
        if (v instanceof Boolean || v instanceof String) {
            return v;
        }
        if (v instanceof Number number) {
            return new BigDecimal(number.toString()).stripTrailingZeros().toPlainString();
        }
        if (v instanceof Array || v instanceof List<?>) {
            Object[] items = (Object[]) r.getArray(column).getArray();
            return Arrays.asList(items);
        }
        if (v instanceof Timestamp t) {
            return t.toLocalDateTime().toString();
        }
        if (v instanceof LocalDateTime t) {
            return t.toString();
        }
        return r.getString(column);
    }
}
