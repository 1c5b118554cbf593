package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.DumbTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The interactive shell end to end on a JLine dumb terminal fed from a stream. */
class InteractiveShellTest {
    /** How long a prompt may take before the test fails: a hang guard, not a speed bound. */
    private static final Duration PROMPT_GUARD = Duration.ofSeconds(30);

    @TempDir Path dir;

    static Terminal dumb(InputStream in, OutputStream out) throws IOException {
        return new DumbTerminal("test", Terminal.TYPE_DUMB, in, out, StandardCharsets.UTF_8);
    }

    private ShellRun interactive(String url, String typed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayInputStream in = new ByteArrayInputStream(typed.getBytes(StandardCharsets.UTF_8));
        ShellIo io =
                new ShellIo(
                        new ByteArrayInputStream(new byte[0]),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8),
                        true,
                        () -> dumb(in, out));
        int exit =
                TallyCommand.run(
                        new String[] {"--url", url, "--history", dir.resolve("history").toString()},
                        io);
        return ShellRun.of(
                exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void greetingNamesConnectionAndTables() {
        ShellRun r = interactive(HrSchema.URL, "\\q\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(
                r.out.contains(
                        "connected to "
                                + HrSchema.URL
                                + " · 2 tables: depts, emps · \\help for help"),
                r.out);
    }

    @Test
    void multiLineStatementRunsAfterTheSemicolonAndHistoryIsSaved() throws Exception {
        ShellRun r =
                interactive(
                        HrSchema.URL,
                        "select count(*) as n\nfrom emps\nwhere deptno is not null;\n\\q\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("│ 2 │") || r.out.matches("(?s).*│\\s+2 │.*"), r.out);
        assertTrue(
                r.out.matches("(?s).*1 row \\(\\d+\\.\\d{3} s\\).*"),
                "interactive timing is on: " + r.out);
        String history = Files.readString(dir.resolve("history"), StandardCharsets.UTF_8);
        assertTrue(
                history.contains("select count(*) as n")
                        && history.contains("where deptno is not null;"),
                history);
    }

    @Test
    void errorsDoNotEndTheSessionAndEndOfInputQuits() {
        ShellRun r =
                interactive(HrSchema.URL, "select nope from emps;\nselect 'still here' as s;\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(
                r.out.contains(
                        "Error: From line 1, column 8 to line 1, column 11: Column 'nope' not found"),
                r.out);
        assertTrue(r.out.contains("still here"), r.out);
    }

    /** On Tally itself: a runtime error is one line, and everyday column names are names. */
    @Test
    void divisionByZeroIsOneLineAndTheNextQueryAnswers() {
        ShellRun r =
                interactive(
                        "jdbc:tally:",
                        "SELECT 1/0;\nSELECT 42 AS answer;\n"
                                + "SELECT date, value, user, count, year FROM (VALUES (DATE '2024-01-01', 1, 'a', 2,"
                                + " 2024)) AS t(date, value, user, count, year);\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("Error: Division by zero\n"), r.out);
        assertFalse(r.out.contains("Exception") || r.out.contains("\tat "), r.out);
        assertTrue(r.out.contains("│      42 │"), r.out);
        assertTrue(r.out.contains("│    date    │  value  │ user │  count  │  year   │"), r.out);
        assertTrue(r.out.contains("│ 2024-01-01 │       1 │ a    │       2 │    2024 │"), r.out);
    }

    /**
     * Ctrl-C at the prompt clears the line, however often it comes (a second one often arrives just
     * after a cancel); only \\q ends the session. The dumb terminal gets SIGINT raised, as a real
     * terminal would, each time the shell waits at a new prompt.
     */
    @Test
    void repeatedCtrlCAtThePromptDoesNotQuit() throws Exception {
        PipedOutputStream keyboard = new PipedOutputStream();
        PipedInputStream in = new PipedInputStream(keyboard);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        AtomicReference<Terminal> terminal = new AtomicReference<>();
        ShellIo io =
                new ShellIo(
                        new ByteArrayInputStream(new byte[0]),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                        true,
                        () -> {
                            terminal.set(dumb(in, out));
                            return terminal.get();
                        });
        CompletableFuture<Integer> exit =
                CompletableFuture.supplyAsync(
                        () ->
                                TallyCommand.run(
                                        new String[] {
                                            "--url",
                                            HrSchema.URL,
                                            "--history",
                                            dir.resolve("history").toString()
                                        },
                                        io));
        awaitPrompts(out, 1);
        terminal.get().raise(Terminal.Signal.INT);
        awaitPrompts(out, 2);
        terminal.get().raise(Terminal.Signal.INT);
        awaitPrompts(out, 3);
        keyboard.write("select 'still here' as s;\n\\q\n".getBytes(StandardCharsets.UTF_8));
        keyboard.close();
        assertEquals(0, exit.get(1, TimeUnit.MINUTES));
        String text = out.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("still here"), text);
        assertTrue(text.contains("(\\q or Ctrl-D quits)"), text);
        assertEquals(
                text.indexOf("(\\q or Ctrl-D quits)"),
                text.lastIndexOf("(\\q or Ctrl-D quits)"),
                text);
    }

    /**
     * Waits until the shell has printed its prompt {@code n} times; fails after {@link
     * #PROMPT_GUARD}.
     */
    private static void awaitPrompts(ByteArrayOutputStream out, int n) {
        assertTimeoutPreemptively(
                PROMPT_GUARD,
                () -> {
                    while (countPrompts(out.toString(StandardCharsets.UTF_8)) < n) {
                        Thread.sleep(10);
                    }
                },
                () -> "prompt " + n + " never came: " + out);
    }

    private static int countPrompts(String text) {
        int count = 0;
        for (int i = text.indexOf("tally> "); i >= 0; i = text.indexOf("tally> ", i + 1)) {
            count++;
        }
        return count;
    }

    @Test
    void syntaxErrorsShowACaretAndTheSessionGoesOn() {
        ShellRun r =
                interactive(HrSchema.URL, "select empid\n  frm emps;\nselect 'still here' as s;\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(
                r.out.contains(
                        "Error: Encountered \"emps\" at line 2, column 7.\n"
                                + "LINE 2:   frm emps\n"
                                + "              ^\n"),
                r.out);
        assertTrue(r.out.contains("still here"), r.out);
    }

    @Test
    void tablesAreTruncatedAtFortyRowsInteractively() {
        StringBuilder values = new StringBuilder("select * from (values (0)");
        for (int i = 1; i < 100; i++) {
            values.append(",(").append(i).append(')');
        }
        ShellRun r = interactive("jdbc:calcite:", values.append(") as t(n);\nexit\n").toString());
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("… 60 rows hidden …"), r.out);
        assertTrue(r.out.contains("100 rows (40 shown"), r.out);
    }

    @Test
    void quitWordsAndMetaCommandsWork() {
        ShellRun r =
                interactive(
                        HrSchema.URL,
                        "\\format csv\nselect name from emps where empid = 2;\nquit\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.contains("Output format is csv."), r.out);
        assertTrue(r.out.contains("name\nBob\n") || r.out.contains("name\r\nBob\r\n"), r.out);
    }
}
