package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Exception chains come out as one useful line. */
class ErrorMessagesTest {

    @Test
    void stripsExecutionWrapperAndKeepsPosition() {
        Exception inner = new RuntimeException("Column 'FOO' not found in any table");
        Exception ctx =
                new RuntimeException(
                        "From line 1, column 8 to line 1, column 10: Column 'FOO' not found in any table",
                        inner);
        SQLException top =
                new SQLException(
                        "Error while executing SQL \"select foo\": From line 1, column 8 to line 1, "
                                + "column 10: Column 'FOO' not found in any table",
                        ctx);
        assertEquals(
                "From line 1, column 8 to line 1, column 10: Column 'FOO' not found in any table",
                ErrorMessages.oneLine(top, "select foo"));
    }

    @Test
    void deepestMessageWinsAndOnlyItsFirstLine() {
        Exception parse =
                new Exception(
                        "Encountered \"frm\" at line 1, column 10.\nWas expecting one of:\n    <EOF>");
        SQLException top =
                new SQLException(
                        "Error while executing SQL \"select 1 frm\": parse failed: Encountered",
                        parse);
        assertEquals(
                "Encountered \"frm\" at line 1, column 10.",
                ErrorMessages.oneLine(top, "select 1 frm"));
    }

    @Test
    void avaticaRemotePrefixIsRemoved() {
        SQLException remote =
                new SQLException(
                        "Error -1 (00000) : Error while executing SQL \"select x\": "
                                + "From line 1, column 8 to line 1, column 8: Column 'X' not found in any table");
        assertEquals(
                "From line 1, column 8 to line 1, column 8: Column 'X' not found in any table",
                ErrorMessages.oneLine(remote, null));
    }

    @Test
    void avaticaRemoteChainIsUnflattened() {
        SQLException remote =
                new SQLException(
                        "Remote driver error: RuntimeException: java.sql.SQLException: Error while "
                                + "executing SQL \"select nope\": From line 1, column 8 to line 1, column 11: Column 'NOPE' not found in any "
                                + "table -> CalciteContextException: From line 1, column 8 to line 1, column 11: Column 'NOPE' not found in any "
                                + "table -> SqlValidatorException: Column 'NOPE' not found in any table");
        assertEquals(
                "From line 1, column 8 to line 1, column 11: Column 'NOPE' not found in any table",
                ErrorMessages.oneLine(remote, "select nope"));
    }

    @Test
    void wrappersThatRepeatTheirCauseAreSkipped() {
        IllegalStateException cause =
                new IllegalStateException("memory_limit 10MB exceeded by 3MB");
        RuntimeException wrapper = new RuntimeException(cause);
        assertEquals("memory_limit 10MB exceeded by 3MB", ErrorMessages.oneLine(wrapper, null));
    }

    @Test
    void rejectedLoginSaysWhy() {
        assertEquals(
                "Failed to execute HTTP Request, got HTTP/401 (wrong user or password?)",
                ErrorMessages.oneLine(
                        new RuntimeException("Failed to execute HTTP Request, got HTTP/401"),
                        null));
    }

    @Test
    void passwordsInUrlsAreHidden() {
        assertEquals(
                "jdbc:avatica:remote:url=http://h:1;avatica_user=u;avatica_password=***;x=1",
                Urls.redact(
                        "jdbc:avatica:remote:url=http://h:1;avatica_user=u;avatica_password=pw;x=1"));
    }

    @Test
    void messagelessExceptionNamesItsClass() {
        assertEquals(
                "NullPointerException", ErrorMessages.oneLine(new NullPointerException(), null));
    }
}
