package io.tally.shell.interactive;

import io.tally.shell.Catalog;
import io.tally.shell.ErrorReporter;
import io.tally.shell.Outcome;
import io.tally.shell.ScriptRunner;
import io.tally.shell.ShellSession;
import io.tally.shell.ShellSettings;
import io.tally.shell.Urls;
import io.tally.shell.VersionProvider;
import io.tally.shell.format.Palette;
import io.tally.shell.sql.SqlScript;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStyle;

/**
 * The interactive shell on a JLine terminal: prompt with multi-line statements, persistent history
 * with reverse search, completion, highlighting; a {@link ProgressLine} under statements that run
 * longer than a second; Ctrl-C cancels the running statement, or clears the line being typed
 * (however often it is pressed, it never ends the session: {@code \q} or Ctrl-D does).
 */
public final class InteractiveShell {
    static final String PROMPT = "tally> ";
    static final String CONTINUATION = "  ...> ";

    /** Tables named in the greeting before "and N more". */
    static final int GREETING_TABLES = 8;

    private final Terminal terminal;
    private final ShellSettings settings;
    private final Path history;
    private boolean quitHintShown;

    public InteractiveShell(Terminal terminal, ShellSettings settings, Path history) {
        this.terminal = terminal;
        this.settings = settings;
        this.history = history;
    }

    /** Connects to {@code url} and reads commands until the user quits; returns the exit code. */
    public int run(String url) throws Exception {
        boolean color = !terminal.getType().startsWith(Terminal.TYPE_DUMB);
        settings.palette(color ? Palette.ANSI : Palette.PLAIN).width(terminal::getWidth);
        // A dumb terminal (an editor's buffer, a test) gets no progress line: it cannot redraw in
        // place.
        ProgressLine progress = color ? new ProgressLine(terminal) : null;
        PrintWriter out =
                progress == null
                        ? terminal.writer()
                        : new PrintWriter(new ClearingWriter(terminal.writer(), progress));
        ErrorReporter errors = new ErrorReporter(out, settings);
        try (ShellSession session = new ShellSession(settings, out, out)) {
            session.observe(progress);
            ScriptRunner runner = new ScriptRunner(session, errors);
            SqlCompleter completer = new SqlCompleter(runner.meta().names());
            session.onConnect(() -> completer.refresh(session.connection()));
            try {
                session.open(url);
            } catch (Exception e) {
                errors.report(e, null, "cannot connect to '" + Urls.redact(url) + "'");
                return 1;
            }
            LineReader reader = reader(completer);
            terminal.handle(Terminal.Signal.INT, signal -> session.cancel());
            out.println(greeting(Urls.redact(url), completer.catalog(), settings.palette()));
            out.flush();
            loop(reader, runner);
            saveHistory(reader, errors);
        } finally {
            if (progress != null) {
                progress.close();
            }
        }
        return 0;
    }

    private void loop(LineReader reader, ScriptRunner runner) {
        String prompt = new AttributedString(PROMPT, AttributedStyle.BOLD).toAnsi(terminal);
        while (true) {
            String line;
            try {
                line = reader.readLine(prompt);
            } catch (UserInterruptException e) {
                // Ctrl-C clears the line (a second one may arrive just after a cancel): never quits
                if (!quitHintShown
                        && (e.getPartialLine() == null || e.getPartialLine().isBlank())) {
                    terminal.writer().println(settings.palette().faint("(\\q or Ctrl-D quits)"));
                    terminal.writer().flush();
                    quitHintShown = true;
                }
                continue;
            } catch (EndOfFileException e) {
                return;
            }
            if (isQuitWord(line)) {
                return;
            }
            Outcome o = runner.runCommands(SqlScript.split(line, true).commands(), null, 0);
            if (o == Outcome.QUIT) {
                return;
            }
        }
    }

    private LineReader reader(SqlCompleter completer) {
        return LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("tally")
                .parser(new SqlLineParser())
                .completer(completer)
                .highlighter(new SqlHighlighter())
                .variable(LineReader.HISTORY_FILE, history)
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, CONTINUATION)
                .option(LineReader.Option.CASE_INSENSITIVE, true)
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
                .option(LineReader.Option.HISTORY_IGNORE_DUPS, true)
                .build();
    }

    private static void saveHistory(LineReader reader, ErrorReporter errors) {
        try {
            reader.getHistory().save();
        } catch (IOException e) {
            errors.report(e, null, "cannot save history");
        }
    }

    /**
     * Whether a line is a bare {@code exit} or {@code quit} (psql accepts those without a
     * backslash).
     */
    static boolean isQuitWord(String line) {
        String w = line.strip().toLowerCase(Locale.ROOT);
        return w.equals("exit") || w.equals("quit");
    }

    /** The one-line greeting: version, connection, tables, how to get help. */
    static String greeting(String url, Catalog catalog, Palette palette) {
        List<Catalog.Table> tables = catalog.tables();
        String names =
                tables.stream()
                        .limit(GREETING_TABLES)
                        .map(Catalog.Table::name)
                        .collect(Collectors.joining(", "));
        String tablePart =
                tables.isEmpty()
                        ? "no tables"
                        : tables.size()
                                + (tables.size() == 1 ? " table: " : " tables: ")
                                + names
                                + (tables.size() > GREETING_TABLES
                                        ? " and " + (tables.size() - GREETING_TABLES) + " more"
                                        : "");
        return palette.bold("tally " + VersionProvider.tallyVersion())
                + " connected to "
                + url
                + " · "
                + tablePart
                + " · "
                + palette.faint("\\help for help, Ctrl-D to quit");
    }
}
