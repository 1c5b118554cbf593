package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.catalog.TallySchema;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvTableTest {
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private Path write(String name, String text) throws IOException {
        return Files.write(dir.resolve(name), text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> row(String... values) {
        return Arrays.asList(values);
    }

    @Test
    void infersEachType() throws Exception {
        write(
                "t.csv",
                "b,i,d,dt,ts,s,e\n"
                        + "true,1,1.5,2024-01-02,2024-01-02 03:04:05,x,\n"
                        + "FALSE,-2,2,2024-12-31,2024-01-02T03:04:05.5,\"y\",\n"
                        + ",,,,2024-01-03,,\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(
                    List.of(
                            "b BOOLEAN",
                            "i BIGINT",
                            "d DOUBLE",
                            "dt DATE",
                            "ts TIMESTAMP",
                            "s VARCHAR",
                            "e VARCHAR"),
                    db.columns("select * from t"));
            assertEquals(
                    List.of(
                            row(
                                    "true",
                                    "1",
                                    "1.5",
                                    "2024-01-02",
                                    "2024-01-02 03:04:05.000",
                                    "x",
                                    null),
                            row(
                                    "false",
                                    "-2",
                                    "2.0",
                                    "2024-12-31",
                                    "2024-01-02 03:04:05.500",
                                    "y",
                                    null),
                            row(null, null, null, null, "2024-01-03 00:00:00.000", null, null)),
                    db.strings("select * from t"));
            assertEquals(
                    List.of(row("-1", "3.5", "2")),
                    db.strings(
                            "select sum(i), sum(d), count(b) from t where b is not null or i is null"
                                    + " and dt is null"));
        }
    }

    @Test
    void headerDeclaresTypes() throws Exception {
        write(
                "t.csv",
                "id:INT,\"price:decimal(10,2)\",code:VARCHAR,flag:Boolean,n\n"
                        + "1,12.345,007,true,5\n2,,010,,6\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(
                    List.of(
                            "id INTEGER",
                            "price DECIMAL",
                            "code VARCHAR",
                            "flag BOOLEAN",
                            "n BIGINT"),
                    db.columns("select * from t"));
            assertEquals(
                    List.of(
                            row("1", "12.35", "007", "true", "5"),
                            row("2", null, "010", null, "6")),
                    db.strings("select * from t"));
            assertEquals(
                    List.of(List.of(new BigDecimal("12.35"))),
                    db.objects("select sum(price) from t"));
        }
    }

    @Test
    void unknownHeaderTypeNamesFileColumnAndValidTypes() throws Exception {
        Path file = write("t.csv", "id:INT,when:DATETIME\n1,2\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            SQLException e = assertThrows(SQLException.class, () -> db.strings("select * from t"));
            String m = SqlFixture.messages(e);
            assertTrue(
                    m.contains(
                            file
                                    + ": header column 2 'when' declares unknown type 'DATETIME';"
                                    + " valid types: BOOLEAN, INT, INTEGER, BIGINT, DOUBLE, DECIMAL(p,s), DATE,"
                                    + " TIMESTAMP, VARCHAR"),
                    m);
        }
    }

    @Test
    void quotesEmbeddedNewlinesBomCrlfAndEmptyStrings() throws Exception {
        Files.write(
                dir.resolve("t.csv"),
                ("\uFEFFid,text\r\n"
                                + "1,\"a, \"\"quoted\"\"\r\nline\"\r\n"
                                + "2,\r\n"
                                + "3,\"\"\r\n"
                                + "4,héllo\r\n")
                        .getBytes(StandardCharsets.UTF_8));
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(List.of("id BIGINT", "text VARCHAR"), db.columns("select * from t"));
            List<List<Object>> rows = db.objects("select id, text from t");
            assertEquals(Arrays.asList(1L, "a, \"quoted\"\r\nline"), rows.get(0));
            assertEquals(Arrays.asList(2L, null), rows.get(1));
            assertEquals(Arrays.asList(3L, ""), rows.get(2));
            assertEquals(Arrays.asList(4L, "héllo"), rows.get(3));
            assertEquals(List.of(row("1")), db.strings("select count(*) from t where text = ''"));
        }
    }

    @Test
    void badValueNamesFileLineColumnAndValue() throws Exception {
        Path file = write("t.csv", "name,n:BIGINT\n\"two\nlines\",1\nb,x\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            SQLException e = assertThrows(SQLException.class, () -> db.strings("select n from t"));
            String m = SqlFixture.messages(e);
            assertTrue(
                    m.contains(
                            file
                                    + ":4: column 2 'n': value 'x' is not a valid BIGINT"
                                    + " (declared in the header)"),
                    m);
        }
    }

    @Test
    void badValueBeyondInferenceSampleIsAnError() throws Exception {
        StringBuilder csv = new StringBuilder("k,v\n");
        for (int i = 0; i < CsvSniffer.SAMPLE_ROWS + 1; i++) {
            csv.append(i).append(',').append(i % 7).append('\n');
        }
        csv.append("last,1.5\n");
        Path file = write("t.csv", csv.toString());
        int badLine = CsvSniffer.SAMPLE_ROWS + 3;
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(List.of("v BIGINT"), db.columns("select v from t where false"));
            SQLException e =
                    assertThrows(SQLException.class, () -> db.strings("select sum(v) from t"));
            String m = SqlFixture.messages(e);
            assertTrue(
                    m.contains(
                            file
                                    + ":"
                                    + badLine
                                    + ": column 2 'v': value '1.5' is not a valid"
                                    + " BIGINT (inferred from the first 20000 rows"),
                    m);
            SQLException k =
                    assertThrows(SQLException.class, () -> db.strings("select max(k) from t"));
            assertTrue(
                    SqlFixture.messages(k)
                            .contains(file + ":" + badLine + ": column 1 'k': value 'last'"),
                    SqlFixture.messages(k));
        }
    }

    @Test
    void emptyFileIsAnErrorAndHeaderOnlyIsEmptyTable() throws Exception {
        Path empty = write("blank.csv", "");
        write("header.csv", "a,b\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(List.of("a VARCHAR", "b VARCHAR"), db.columns("select * from header"));
            assertEquals(List.of(), db.strings("select * from header"));
            assertEquals(List.of(row("0")), db.strings("select count(*) from header"));
            SQLException e =
                    assertThrows(SQLException.class, () -> db.strings("select * from blank"));
            assertTrue(
                    SqlFixture.messages(e).contains(empty + ": CSV file is empty"),
                    SqlFixture.messages(e));
        }
    }

    @Test
    void wrongFieldCountNamesLine() throws Exception {
        Path file = write("t.csv", "a,b\n1,2\n3\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            SQLException e = assertThrows(SQLException.class, () -> db.strings("select * from t"));
            assertTrue(
                    SqlFixture.messages(e)
                            .contains(
                                    file + ":3: expected 2 fields (as in the header) but found 1"),
                    SqlFixture.messages(e));
        }
    }

    @Test
    void gzipFileIsATableNamedAfterItsStem() throws Exception {
        try (OutputStream out =
                new GZIPOutputStream(Files.newOutputStream(dir.resolve("z.csv.gz")))) {
            out.write("x,y\n1,a\n2,b\n3,c\n".getBytes(StandardCharsets.UTF_8));
        }
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(List.of(row("6", "3")), db.strings("select sum(x), count(y) from z"));
        }
    }

    @Test
    void directoryErrorsAndDuplicateStems() throws Exception {
        Path missing = dir.resolve("nope");
        DataFileException e =
                assertThrows(DataFileException.class, () -> TallySchema.forDirectory(missing));
        assertTrue(
                e.getMessage().contains(missing.toString())
                        && e.getMessage().contains("does not exist"));
        Path file = write("a.csv", "x\n1\n");
        e = assertThrows(DataFileException.class, () -> TallySchema.forDirectory(file));
        assertTrue(e.getMessage().contains("is not a directory"), e.getMessage());
        write("a.csv.gz", "");
        assertEquals(
                Set.of("a"),
                TallySchema.forDirectory(dir).getTableNames(),
                "a.csv is preferred to a.csv.gz");
        Path upper = write("A.csv", "x\n2\n");
        e = assertThrows(DataFileException.class, () -> TallySchema.forDirectory(dir));
        assertTrue(
                e.getMessage().contains(file.toString())
                        && e.getMessage().contains(upper.toString())
                        && e.getMessage().contains("table 'a'"),
                e.getMessage());
    }

    @Test
    void newFilesBecomeVisible() throws Exception {
        write("first.csv", "x\n1\n");
        try (SqlFixture db = new SqlFixture(dir)) {
            assertEquals(List.of(row("1")), db.strings("select * from first"));
            assertThrows(SQLException.class, () -> db.strings("select * from later"));
            write("later.csv", "y\n2\n");
            assertEquals(List.of(row("2")), db.strings("select * from later"));
        }
    }

    @Test
    void rowCountEstimate() throws Exception {
        List<String> lines = new ArrayList<>(List.of("a,b"));
        for (int i = 0; i < 50_000; i++) {
            lines.add(i + ",row" + i);
        }
        Path file = Files.write(dir.resolve("big.csv"), lines);
        CsvData data = new CsvData("big", file);
        double estimate = data.estimatedRowCount();
        assertTrue(estimate > 40_000 && estimate < 60_000, "estimate " + estimate);
        Path small = write("small.csv", "a\n1\n2\n3\n");
        assertEquals(3.0, new CsvData("small", small).estimatedRowCount());
    }
}
