package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.shell.interactive.SqlCompleter;
import io.tally.shell.interactive.SqlHighlighter;
import io.tally.shell.interactive.SqlLineParser;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.stream.Collectors;
import org.jline.reader.Candidate;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;
import org.junit.jupiter.api.Test;

/** Completion candidates, the multi-line parser and highlighting, called directly. */
class CompletionTest {

    private static List<String> complete(SqlCompleter c, String buffer) {
        return c.candidates(buffer, buffer.length()).stream()
                .map(Candidate::value)
                .collect(Collectors.toList());
    }

    @Test
    void keywordsFunctionsTablesAndColumns() throws Exception {
        SqlCompleter c = new SqlCompleter(List.of("\\dt", "\\d", "\\timing", ".tables"));
        try (Connection conn = DriverManager.getConnection(HrSchema.URL)) {
            c.refresh(conn);
        }
        assertEquals(List.of("select"), complete(c, "sel"));
        assertEquals(List.of("SELECT"), complete(c, "SEL"));
        assertTrue(complete(c, "select cou").contains("count"));
        assertEquals(List.of("emps", "empid"), complete(c, "select * from em"));
        assertEquals(
                List.of("depts", "deptno"),
                complete(c, "select dep"),
                "a column in two tables is offered once");
        assertEquals(
                List.of("emps.empid", "emps.name", "emps.deptno"), complete(c, "select emps."));
        assertEquals(List.of("adhoc.depts", "adhoc.emps"), complete(c, "select * from adhoc."));
        assertEquals(List.of("\\dt", "\\d"), complete(c, "\\d"));
        assertEquals(List.of(".tables"), complete(c, ".ta"));
    }

    @Test
    void refreshAfterReconnectReplacesTheCatalog() throws Exception {
        SqlCompleter c = new SqlCompleter(List.of());
        try (Connection conn = DriverManager.getConnection(HrSchema.URL)) {
            c.refresh(conn);
        }
        assertTrue(complete(c, "em").contains("emps"));
        try (Connection conn = DriverManager.getConnection("jdbc:calcite:")) {
            c.refresh(conn);
        }
        assertEquals(List.of(), complete(c, "em"));
    }

    @Test
    void parserAsksForMoreUntilTheSemicolon() {
        SqlLineParser p = new SqlLineParser();
        EOFError e = null;
        try {
            p.parse("select 1", 8, Parser.ParseContext.ACCEPT_LINE);
        } catch (EOFError x) {
            e = x;
        }
        assertTrue(e != null, "unterminated statement must continue");
        p.parse("select 1;", 9, Parser.ParseContext.ACCEPT_LINE);
        p.parse("\\dt", 3, Parser.ParseContext.ACCEPT_LINE);
        p.parse("exit", 4, Parser.ParseContext.ACCEPT_LINE);
        ParsedLine line = p.parse("select emps.na from emps", 14, Parser.ParseContext.COMPLETE);
        assertEquals("emps.na", line.word());
        assertEquals(7, line.wordCursor());
    }

    @Test
    void highlighterStylesKeywordsStringsNumbersComments() {
        AttributedString s = new SqlHighlighter().highlight("select 'x', 42 -- hi");
        assertEquals("select 'x', 42 -- hi", s.toString());
        assertEquals(AttributedStyle.BOLD.foreground(AttributedStyle.BLUE), s.styleAt(0));
        assertEquals(AttributedStyle.DEFAULT.foreground(AttributedStyle.GREEN), s.styleAt(7));
        assertEquals(AttributedStyle.DEFAULT.foreground(AttributedStyle.YELLOW), s.styleAt(12));
        assertEquals(AttributedStyle.DEFAULT.faint(), s.styleAt(16));
    }
}
