package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.calcite.linq4j.Enumerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArrowTableTest {
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    static List<Object> rowValues(Object row, int width) {
        return width == 1 ? Arrays.asList(row) : Arrays.asList((Object[]) row);
    }

    @Test
    void everySupportedTypeRoundTripsAsCalciteValues() throws Exception {
        Path file = dir.resolve("t.arrow");
        int rows = ArrowFiles.write(file, 4, 0, 3);
        ArrowFileData data = new ArrowFileData("t", file);
        int width = data.schema().getFields().size();
        int[] all = new int[width];
        Arrays.setAll(all, i -> i);
        List<List<Object>> actual = new ArrayList<>();
        try (Enumerator<Object> e = new ScanEnumerable(data, all, null).enumerator()) {
            while (e.moveNext()) {
                actual.add(rowValues(e.current(), width));
            }
        }
        List<List<Object>> expected = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < width; c++) {
                row.add(ArrowFiles.expected(c, r));
            }
            expected.add(row);
        }
        assertEquals(expected, actual);
        assertEquals(7.0, data.estimatedRowCount());
    }

    @Test
    void sqlTypesAndQueries() throws Exception {
        ArrowFiles.write(dir.resolve("t.arrow"), 4, 3);
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(
                    List.of(
                            "i8 TINYINT",
                            "i16 SMALLINT",
                            "i32 INTEGER",
                            "i64 BIGINT",
                            "f32 REAL",
                            "f64 DOUBLE",
                            "s VARCHAR",
                            "ls VARCHAR",
                            "b BOOLEAN",
                            "dd DATE",
                            "dm DATE",
                            "tsec TIMESTAMP",
                            "tms TIMESTAMP",
                            "tus TIMESTAMP",
                            "tns TIMESTAMP",
                            "dec DECIMAL",
                            "tm TIME",
                            "tmu TIME",
                            "color VARCHAR",
                            "tags VARCHAR ARRAY"),
                    db.columns("select * from t"));
            // rows 0,1,3,4,6 are non-null: i32 = r * 100000
            assertEquals(
                    List.of(List.of("5", "1400000", "14.25")),
                    db.strings("select count(i32), sum(i32), sum(`dec`) from t"));
            assertEquals(
                    List.of(List.of("green", "large1", "0"), List.of("green", "large4", "2")),
                    db.strings(
                            "select color, ls, cardinality(tags) from t where color = 'green'"
                                    + " order by i8"));
            assertEquals(
                    List.of(List.of("x3", "2023-11-14 22:13:23.000", "2022-01-11")),
                    db.strings("select tags[1], tsec, dd from t where i64 = 30000000000"));
        }
    }

    @Test
    void unsupportedTypeNamesFileColumnAndType() throws Exception {
        Path file = dir.resolve("u.arrow");
        ArrowFiles.writeUnsupported(file);
        try (SqlFixture db = new SqlFixture(dir)) {
            SQLException e = assertThrows(SQLException.class, () -> db.strings("select * from u"));
            String m = SqlFixture.messages(e);
            assertTrue(
                    m.contains(
                            file
                                    + ": column 2 'u' has Arrow type Int(32, false), which Tally"
                                    + " cannot read; supported types: Int8"),
                    m);
            assertFalse(m.contains("column 1"), m);
        }
    }
}
