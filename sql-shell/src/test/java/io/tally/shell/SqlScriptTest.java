package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.shell.sql.SqlScript;
import io.tally.shell.sql.SqlScript.Command;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Statement splitting: quotes, comments, meta commands, incomplete input. */
class SqlScriptTest {

    private static List<String> texts(String script) {
        return SqlScript.commands(script).stream().map(Command::text).collect(Collectors.toList());
    }

    @Test
    void splitsOnSemicolons() {
        assertEquals(List.of("select 1", "select 2"), texts("select 1; select 2;"));
    }

    @Test
    void semicolonsInsideStringsAndQuotedIdentifiers() {
        assertEquals(
                List.of("select 'a;b', 'it''s;'", "select \"x;y\" from t"),
                texts("select 'a;b', 'it''s;'; select \"x;y\" from t;"));
    }

    @Test
    void semicolonsInsideComments() {
        assertEquals(
                List.of("select 1 -- one; two\n+ 1", "select /* ; */ 2"),
                texts("select 1 -- one; two\n+ 1;\nselect /* ; */ 2;"));
    }

    @Test
    void leadingCommentsAndEmptyStatementsAreDropped() {
        assertEquals(
                List.of("select 1"),
                texts("-- header\n/* block */ ;;\nselect 1;\n-- trailing comment\n"));
    }

    @Test
    void lastStatementWithoutSemicolonRunsAtEndOfInput() {
        assertEquals(List.of("select 1", "select 2"), texts("select 1;\nselect 2\n"));
    }

    @Test
    void metaCommandsEndAtLineEnd() {
        List<Command> commands =
                SqlScript.commands("\\d emps\nselect 1;\n.mode csv;\n  \\timing off\nselect\n2;");
        assertEquals(
                List.of("\\d emps", "select 1", ".mode csv", "\\timing off", "select\n2"),
                commands.stream().map(Command::text).collect(Collectors.toList()));
        assertEquals(
                List.of(
                        Command.Kind.META,
                        Command.Kind.SQL,
                        Command.Kind.META,
                        Command.Kind.META,
                        Command.Kind.SQL),
                commands.stream().map(Command::kind).collect(Collectors.toList()));
        assertEquals(
                List.of(1, 2, 3, 4, 5),
                commands.stream().map(Command::line).collect(Collectors.toList()));
    }

    @Test
    void backslashInsideAStatementIsNotAMetaCommand() {
        assertEquals(
                List.of("select '\\d'", "select 1\n\\d"), texts("select '\\d';\nselect 1\n\\d;"));
    }

    @Test
    void incrementalSplitKeepsUnfinishedText() {
        SqlScript.Split s = SqlScript.split("select 1; select 'a;\n", false);
        assertEquals(
                List.of("select 1"),
                s.commands().stream().map(Command::text).collect(Collectors.toList()));
        assertEquals(10, s.remainderStart());
        SqlScript.Split comment = SqlScript.split("/* open ; \n", false);
        assertTrue(comment.commands().isEmpty());
        assertEquals(0, comment.remainderStart());
    }

    @Test
    void completenessForTheInteractivePrompt() {
        assertTrue(SqlScript.isComplete("select 1;"));
        assertTrue(SqlScript.isComplete("  "));
        assertTrue(SqlScript.isComplete("\\dt"));
        assertTrue(SqlScript.isComplete("select 1; -- done"));
        assertFalse(SqlScript.isComplete("select 1"));
        assertFalse(SqlScript.isComplete("select ';'"));
        assertFalse(SqlScript.isComplete("select 1; select 2"));
        assertFalse(SqlScript.isComplete("select 1 /* ; "));
        assertFalse(SqlScript.isComplete("select 'it''s"));
    }
}
