package io.tally.shell;

import io.tally.shell.format.Column;
import io.tally.shell.format.ListRows;
import io.tally.shell.format.OutputFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The backslash (psql) and dot (DuckDB/sqlite) commands: each {@link Definition} lists its
 * spellings, usage and help line; {@link #run} dispatches one command line.
 */
public final class MetaCommands {
    /** Runs one meta command given its argument text (empty when none). */
    interface Handler {
        Outcome run(String arg) throws Exception;
    }

    /**
     * A meta command: its spellings (the first is canonical), argument synopsis, help and handler.
     */
    record Definition(List<String> names, String args, String help, Handler handler) {}

    private final ShellSession session;
    private final ScriptRunner runner;
    private final SessionCommands settingsCommands;
    private final List<Definition> definitions = new ArrayList<>();

    MetaCommands(ShellSession session, ScriptRunner runner) {
        this.session = session;
        this.runner = runner;
        this.settingsCommands = new SessionCommands(session);
        define(
                List.of("\\dt", ".tables"),
                "",
                "list tables",
                a -> noArg("\\dt", a, settingsCommands::listTables));
        define(
                List.of("\\d", ".schema", ".describe"),
                "[TABLE]",
                "describe a table's columns (no TABLE: list tables)",
                a -> a.isEmpty() ? settingsCommands.listTables() : settingsCommands.describe(a));
        define(
                List.of("\\format", "\\mode", ".mode", ".format"),
                "[" + String.join("|", formatNames()) + "]",
                "show or set the output format",
                this::format);
        define(
                List.of("\\timing", ".timer"),
                "[on|off]",
                "show query time (no argument: toggle)",
                this::timing);
        define(
                List.of("\\x", "\\expanded"),
                "[on|off]",
                "one line per column (no argument: toggle)",
                this::expanded);
        define(
                List.of("\\maxrows", ".maxrows"),
                "[N]",
                "rows a table shows before truncating (0: all)",
                this::maxRows);
        define(
                List.of("\\set", ".set"),
                "KEY VALUE",
                "change a connection setting (runs SET KEY = VALUE)",
                settingsCommands::set);
        define(
                List.of("\\show", ".show"),
                "[KEY]",
                "show connection settings",
                settingsCommands::show);
        define(
                List.of("\\open", "\\c", "\\connect", ".open"),
                "URL",
                "connect to another JDBC URL",
                this::open);
        define(
                List.of("\\i", "\\include", ".read"),
                "FILE",
                "run the commands in FILE",
                this::include);
        define(
                List.of("\\o", "\\output", ".output"),
                "[FILE]",
                "send results to FILE (no FILE: back to the console)",
                this::output);
        define(List.of("\\help", "\\?", "\\h", ".help"), "", "show this help", a -> help());
        define(List.of("\\q", "\\quit", ".quit", ".exit"), "", "quit", a -> Outcome.QUIT);
    }

    private void define(List<String> names, String args, String help, Handler handler) {
        definitions.add(new Definition(names, args, help, handler));
    }

    /** Every spelling of every command (for completion). */
    public List<String> names() {
        return definitions.stream().flatMap(d -> d.names().stream()).collect(Collectors.toList());
    }

    /** Runs one meta command line such as {@code \d emps} or {@code .mode csv}. */
    public Outcome run(String line) throws Exception {
        String text = line.strip();
        int space = indexOfWhitespace(text);
        String name = (space < 0 ? text : text.substring(0, space)).toLowerCase(Locale.ROOT);
        String arg = space < 0 ? "" : text.substring(space + 1).strip();
        for (Definition d : definitions) {
            if (d.names().contains(name)) {
                return d.handler().run(arg);
            }
        }
        throw new ShellException(
                "Unknown command "
                        + name
                        + ". Commands: "
                        + definitions.stream()
                                .map(d -> d.names().get(0))
                                .collect(Collectors.joining(" "))
                        + " (\\help for details)");
    }

    private Outcome help() {
        StringBuilder sb = new StringBuilder("Commands (end SQL statements with ;):\n");
        for (Definition d : definitions) {
            String names =
                    d.names().stream()
                            .map(n -> d.args().isEmpty() ? n : n + " " + d.args())
                            .limit(2)
                            .collect(Collectors.joining(", "));
            sb.append(String.format(Locale.ROOT, "  %-34s %s%n", names, d.help()));
        }
        session.info().print(sb);
        session.info().flush();
        return Outcome.OK;
    }

    private Outcome format(String arg) throws ShellException {
        if (!arg.isEmpty()) {
            try {
                session.settings().format(OutputFormat.parse(arg));
            } catch (IllegalArgumentException e) {
                throw new ShellException(e.getMessage());
            }
        }
        return say("Output format is " + session.settings().format().label() + ".");
    }

    private Outcome timing(String arg) throws ShellException {
        String a = arg.toLowerCase(Locale.ROOT);
        boolean on = a.isEmpty() ? !session.settings().timing() : onOff(a, "\\timing");
        session.settings().timing(on);
        return say("Timing is " + (on ? "on" : "off") + ".");
    }

    private Outcome expanded(String arg) throws ShellException {
        String a = arg.toLowerCase(Locale.ROOT);
        boolean on = a.isEmpty() ? !session.settings().expanded() : onOff(a, "\\x");
        session.settings().expanded(on);
        return say("Expanded display is " + (on ? "on" : "off") + ".");
    }

    private Outcome maxRows(String arg) throws ShellException {
        if (!arg.isEmpty()) {
            try {
                session.settings().maxRows(Integer.parseInt(arg));
            } catch (IllegalArgumentException e) {
                throw new ShellException(
                        "\\maxrows expects a whole number >= 0 (0 = no limit), got '" + arg + "'");
            }
        }
        int n = session.settings().maxRows();
        return say(n == 0 ? "Tables show all rows." : "Tables show at most " + n + " rows.");
    }

    private Outcome open(String arg) throws Exception {
        if (arg.isEmpty()) {
            throw new ShellException(
                    "Usage: \\open URL (e.g. \\open jdbc:tally:data=/path/to/dir)");
        }
        session.open(arg);
        return say("Connected to " + Urls.redact(arg) + ".");
    }

    private Outcome include(String arg) throws Exception {
        if (arg.isEmpty()) {
            throw new ShellException("Usage: \\i FILE");
        }
        return runner.runFile(Path.of(unquote(arg)));
    }

    private Outcome output(String arg) throws Exception {
        if (arg.isEmpty()) {
            session.redirect(null);
            return say("Results go to the console.");
        }
        Path file = Path.of(unquote(arg));
        session.redirect(file);
        return say("Results go to " + file + ".");
    }

    private Outcome say(String message) {
        session.info().println(message);
        session.info().flush();
        return Outcome.OK;
    }

    static boolean onOff(String a, String command) throws ShellException {
        switch (a) {
            case "on":
            case "true":
            case "1":
                return true;
            case "off":
            case "false":
            case "0":
                return false;
            default:
                throw new ShellException(command + " expects on or off, got '" + a + "'");
        }
    }

    private static Outcome noArg(String command, String arg, ThrowingSupplier body)
            throws Exception {
        if (!arg.isEmpty()) {
            throw new ShellException(
                    command + " takes no argument (use \\d TABLE to describe a table)");
        }
        return body.get();
    }

    /** A body that returns an outcome and may fail. */
    interface ThrowingSupplier {
        Outcome get() throws Exception;
    }

    static String unquote(String s) {
        if (s.length() >= 2
                && (s.charAt(0) == '\'' || s.charAt(0) == '"')
                && s.charAt(s.length() - 1) == s.charAt(0)) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }

    private static int indexOfWhitespace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static List<String> formatNames() {
        List<String> names = new ArrayList<>();
        for (OutputFormat f : OutputFormat.values()) {
            names.add(f.label());
        }
        return names;
    }

    /** Column for meta command results. */
    static Column col(String name) {
        return Column.text(name);
    }

    /** Prints in-memory rows in the current format. */
    static void print(ShellSession session, List<Column> columns, List<String[]> rows)
            throws Exception {
        session.print(new ListRows(columns, rows), -1);
    }
}
