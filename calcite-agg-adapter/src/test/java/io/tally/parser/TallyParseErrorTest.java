package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Tests that misuse of Tally's statements fails at parse time, saying what and where. */
class TallyParseErrorTest {
    private static SqlParseException fails(String sql) {
        return assertThrows(SqlParseException.class, () -> Parsing.tally(sql), sql);
    }

    private static void assertAt(SqlParseException e, int line, int column) {
        SqlParserPos pos = e.getPos();
        assertEquals(line, pos.getLineNum(), e.getMessage());
        assertEquals(column, pos.getColumnNum(), e.getMessage());
    }

    @Test
    void explainAnalyzeOfInsert() {
        SqlParseException e = fails("EXPLAIN ANALYZE INSERT INTO t VALUES (1)");
        assertEquals(
                "At line 1, column 17: EXPLAIN ANALYZE supports queries only, not INSERT",
                e.getMessage());
        assertAt(e, 1, 17);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "explain analyze update t set a = 1|UPDATE|1|17",
                "EXPLAIN ANALYZE AS JSON DELETE FROM t|DELETE|1|25",
                "EXPLAIN ANALYZE MERGE INTO t USING u ON t.a = u.a WHEN MATCHED THEN DELETE|MERGE|1|17",
                "EXPLAIN ANALYZE UPSERT INTO t VALUES (1)|UPSERT|1|17",
                "EXPLAIN ANALYZE AS TEXT insert into t select * from u|INSERT|1|25"
            })
    void explainAnalyzeOfDml(String sql, String keyword, int line, int column) {
        SqlParseException e = fails(sql);
        assertEquals(
                "At line "
                        + line
                        + ", column "
                        + column
                        + ": EXPLAIN ANALYZE supports queries only, not "
                        + keyword,
                e.getMessage());
        assertAt(e, line, column);
    }

    @Test
    void explainAnalyzeOfDmlOnALaterLine() {
        SqlParseException e = fails("EXPLAIN ANALYZE AS JSON\n  DELETE FROM t");
        assertEquals(
                "At line 2, column 3: EXPLAIN ANALYZE supports queries only, not DELETE",
                e.getMessage());
        assertAt(e, 2, 3);
    }

    @Test
    void explainAnalyzeWithUnknownFormat() {
        SqlParseException e = fails("EXPLAIN ANALYZE AS YAML SELECT 1");
        assertEquals(
                "At line 1, column 20: Unknown EXPLAIN ANALYZE format 'YAML'; "
                        + "expected TEXT or JSON",
                e.getMessage());
        assertAt(e, 1, 20);
    }

    @Test
    void explainAnalyzeWithoutFormatAfterAs() {
        SqlParseException e = fails("EXPLAIN ANALYZE AS SELECT 1");
        assertTrue(e.getMessage().contains("SELECT"), e.getMessage());
        assertAt(e, 1, 20);
    }

    @Test
    void explainAnalyzeAlone() {
        SqlParseException e = fails("EXPLAIN ANALYZE");
        assertTrue(
                e.getMessage().endsWith(": EXPLAIN ANALYZE must be followed by a query"),
                e.getMessage());
        assertAt(e, 1, 15);
    }

    @Test
    void explainAnalyzeAloneInAStatementList() {
        SqlParseException e =
                assertThrows(
                        SqlParseException.class,
                        () -> Parsing.tallyList("SELECT 1;\nEXPLAIN ANALYZE AS JSON; SELECT 2"));
        assertEquals(
                "At line 2, column 24: EXPLAIN ANALYZE must be followed by a query",
                e.getMessage());
        assertAt(e, 2, 24);
    }

    @Test
    void explainAnalyzeOfAnExpression() {
        SqlParseException e = fails("EXPLAIN ANALYZE 1 + 2");
        assertTrue(e.getMessage().contains("Non-query expression"), e.getMessage());
    }

    @Test
    void explainAlone() {
        SqlParseException e = fails("EXPLAIN");
        assertTrue(
                e.getMessage().startsWith("Encountered \"<EOF>\" at line 1, column 7."),
                e.getMessage());
        assertAt(e, 1, 7);
    }

    @Test
    void showAlone() {
        SqlParseException e = fails("SHOW");
        assertEquals(
                "At line 1, column 4: SHOW must be followed by ALL, TABLES or a setting name",
                e.getMessage());
        assertAt(e, 1, 4);
    }

    @Test
    void showWithTrailingWords() {
        SqlParseException e = fails("SHOW TABLES FROM s");
        assertTrue(e.getMessage().contains("\"FROM\""), e.getMessage());
        assertAt(e, 1, 13);
    }
}
