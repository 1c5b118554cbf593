package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The caret lines under an error's position. */
class ErrorCaretTest {
    @Test
    void caretUnderTheColumnOfTheNamedLine() {
        assertEquals(
                List.of("LINE 1: select from", "               ^"),
                ErrorCaret.lines("Encountered \"from\" at line 1, column 8.", "select from"));
        assertEquals(
                List.of("LINE 2:   frm emps", "              ^"),
                ErrorCaret.lines(
                        "Encountered \"emps\" at line 2, column 7.", "select x\n  frm emps"));
    }

    @Test
    void aRangeIsMarkedAtItsStart() {
        assertEquals(
                List.of("LINE 1: select nope from t", "               ^"),
                ErrorCaret.lines(
                        "From line 1, column 8 to line 1, column 11: Column 'nope' not found",
                        "select nope from t"));
    }

    @Test
    void theEndOfTheStatementCanBeTheSpot() {
        assertEquals(
                List.of("LINE 1: select", "              ^"),
                ErrorCaret.lines("Encountered \"<EOF>\" at line 1, column 7.", "select"));
    }

    @Test
    void tabsKeepTheCaretAligned() {
        assertEquals(
                List.of("LINE 1: select\t\tfrom".replace('\t', ' '), "                ^"),
                ErrorCaret.lines("Encountered \"from\" at line 1, column 9.", "select\t\tfrom"));
    }

    @Test
    void aLongLineIsShownAroundThePosition() {
        String sql = "select " + "a, ".repeat(40) + "from";
        List<String> lines = ErrorCaret.lines("Encountered \"from\" at line 1, column 128.", sql);
        assertEquals("LINE 1: …" + sql.substring(127 - ErrorCaret.BEFORE), lines.get(0));
        assertEquals(" ".repeat("LINE 1: …".length() + ErrorCaret.BEFORE) + "^", lines.get(1));
    }

    @Test
    void noPositionOrOneOutsideTheStatementGivesNoCaret() {
        assertEquals(List.of(), ErrorCaret.lines("Division by zero", "select 1/0"));
        assertEquals(List.of(), ErrorCaret.lines("at line 3, column 1", "select 1"));
        assertEquals(List.of(), ErrorCaret.lines("at line 1, column 99", "select 1"));
        assertEquals(List.of(), ErrorCaret.lines("at line 1, column 2", null));
    }
}
