package io.tally.shell.interactive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.session.QueryProgress;
import io.tally.session.TallySession;
import io.tally.shell.ShellSession;
import io.tally.shell.ShellSettings;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;
import org.jline.terminal.Size;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.junit.jupiter.api.Test;

/** The progress line's text, and drawing/erasing it on an xterm-like terminal. */
class ProgressLineTest {
    private static final String ERASE = "\r\u001b[K";
    private static final long GUARD_MILLIS = 30_000;

    @Test
    void textWithKnownTotal() {
        String s =
                ProgressText.format(
                        new QueryProgress.Snapshot(50_000_000, 200_000_000, 1_000_003, 0),
                        0,
                        3_240_000_000L,
                        200);
        assertEquals(
                "[█████░░░░░░░░░░░░░░░]  25% · 50,000,000 / 200,000,000 rows · 1,000,003 groups · 3.2 s"
                        + " · Ctrl-C cancels",
                s);
    }

    @Test
    void textWithSpillResultRowsAndUnknownTotal() {
        String s =
                ProgressText.format(
                        new QueryProgress.Snapshot(1234, 0, 7, 3L << 20),
                        8192,
                        1_050_000_000L,
                        200);
        assertEquals(
                "1,234 rows · 7 groups · 3.0 MiB spilled · 8,192 result rows · 1.1 s · Ctrl-C cancels",
                s);
        // an estimate that turned out too low: no bar claiming more than 100%
        assertEquals(
                "11 rows · 0.0 s · Ctrl-C cancels",
                ProgressText.format(new QueryProgress.Snapshot(11, 10, 0, 0), 0, 0, 80));
    }

    @Test
    void textForOtherConnectionsAndNarrowTerminals() {
        assertEquals(
                "running · 1.5 s · Ctrl-C cancels",
                ProgressText.format(null, 0, 1_500_000_000L, 80));
        String narrow = ProgressText.format(new QueryProgress.Snapshot(5, 10, 2, 0), 0, 0, 30);
        assertEquals(29, narrow.codePointCount(0, narrow.length()));
        assertTrue(narrow.endsWith("…"), narrow);
        assertEquals("", ProgressText.format(null, 0, 0, 0));
    }

    @Test
    void drawsEngineCountersThenErasesBeforeOutput() throws Exception {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (Terminal terminal =
                        TerminalBuilder.builder()
                                .system(false)
                                .type("xterm-256color")
                                .streams(new ByteArrayInputStream(new byte[0]), screen)
                                .size(new Size(120, 40))
                                .build();
                ProgressLine line = new ProgressLine(terminal, 0);
                ShellSession session =
                        new ShellSession(
                                new ShellSettings(),
                                new PrintWriter(new StringWriter()),
                                new PrintWriter(new StringWriter()))) {
            session.open("jdbc:tally:");
            QueryProgress progress = TallySession.of(session.connection()).progress();
            progress.addRows(99); // left over from an earlier statement: started() resets it
            line.started(session);
            progress.addEstimatedRows(1000);
            progress.addRows(500);
            progress.addGroups(42);
            String expected = "[██████████░░░░░░░░░░]  50% · 500 / 1,000 rows · 42 groups";
            waitUntil(screen, t -> t.contains(expected));
            PrintWriter out = new PrintWriter(new ClearingWriter(terminal.writer(), line));
            out.print("result");
            out.flush();
            // The terminal hands output to the stream on its own thread: wait for it.
            waitUntil(screen, t -> t.endsWith(ERASE + "\rresult"));
            Thread.sleep(3 * ProgressLine.REFRESH_MILLIS);
            assertTrue(
                    screen.toString(StandardCharsets.UTF_8).endsWith("result"),
                    "no redraw after output");
            line.ended();
            assertTrue(
                    screen.toString(StandardCharsets.UTF_8).endsWith("result"),
                    "nothing left to erase");
        }
    }

    @Test
    void quickStatementsDrawNothing() throws Exception {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (Terminal terminal =
                        TerminalBuilder.builder()
                                .system(false)
                                .type("xterm-256color")
                                .streams(new ByteArrayInputStream(new byte[0]), screen)
                                .build();
                ProgressLine line = new ProgressLine(terminal);
                ShellSession session =
                        new ShellSession(
                                new ShellSettings(),
                                new PrintWriter(new StringWriter()),
                                new PrintWriter(new StringWriter()))) {
            session.open("jdbc:tally:");
            line.started(session);
            line.ended();
            Thread.sleep(ProgressLine.REFRESH_MILLIS);
            assertEquals("", screen.toString(StandardCharsets.UTF_8));
        }
    }

    private static void waitUntil(ByteArrayOutputStream screen, Predicate<String> shown)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + GUARD_MILLIS;
        while (!shown.test(screen.toString(StandardCharsets.UTF_8))
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(10);
        }
        String text = screen.toString(StandardCharsets.UTF_8);
        assertTrue(shown.test(text), text.replace("\u001b", "ESC").replace("\r", "CR"));
    }
}
