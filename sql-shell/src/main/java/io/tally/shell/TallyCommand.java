package io.tally.shell;

import io.tally.datasets.GenCommand;
import io.tally.jdbc.DriverPreload;
import io.tally.shell.format.OutputFormat;
import io.tally.shell.interactive.InteractiveShell;
import io.tally.shell.server.ServeCommand;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jline.terminal.Terminal;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The {@code tally} command: runs SQL from {@code -e}, {@code -f} or piped stdin, or opens the
 * interactive shell. Subcommands are listed in {@link #SUBCOMMANDS} — adding one (e.g. {@code
 * GenCommand.class}) is one entry. They join the command line only when the arguments may name one
 * or ask for help ({@link #mayNameSubcommand}): picocli builds every subcommand's model up front,
 * which cost a fresh {@code tally -e} about a tenth of its start-up.
 */
@Command(
        name = "tally",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        sortOptions = false,
        usageHelpAutoWidth = true,
        description = {
            "Tally SQL shell. With no -e/-f it reads statements from stdin, or opens an",
            "interactive shell when stdin is a terminal. Statements end with ';'."
        },
        footer = {
            "",
            "Examples:",
            "  tally                                    interactive shell on the embedded engine",
            "  tally -e \"SELECT 1 + 1;\"                 run a statement and exit",
            "  tally --url 'jdbc:tally:data=/tmp/d' -f q.sql --format csv",
            "  tally serve --data /tmp/d                remote JDBC server (Avatica)",
            "",
            "Exit status: 0 on success, 1 when a statement fails, 2 on bad options."
        })
public final class TallyCommand implements Callable<Integer> {
    /** The subcommands, in the order the usage help lists them. */
    static final List<Class<?>> SUBCOMMANDS =
            List.of(ServeCommand.class, GenCommand.class, CommandLine.HelpCommand.class);

    /** The embedded Tally engine with its built-in demo schema. */
    public static final String DEFAULT_URL = "jdbc:tally:";

    /** History file name under the home directory. */
    static final String HISTORY_FILE = ".tally_history";

    /** Environment variable that overrides the history file. */
    static final String HISTORY_ENV = "TALLY_HISTORY";

    @Option(
            names = "--url",
            paramLabel = "URL",
            defaultValue = DEFAULT_URL,
            description =
                    "JDBC URL to connect to (default: ${DEFAULT-VALUE}); e.g. jdbc:tally:data=DIR,"
                            + " jdbc:avatica:remote:url=http://host:8765;serialization=protobuf")
    private String url;

    @Option(
            names = "--format",
            paramLabel = "FMT",
            defaultValue = "table",
            converter = FormatConverter.class,
            description =
                    "Output format: table, csv, tsv, json, vertical, markdown (default: ${DEFAULT-VALUE})")
    private OutputFormat format;

    @Option(
            names = {"-e", "--execute"},
            paramLabel = "SQL",
            description = "Run SQL (repeatable) and exit")
    private List<String> execute = new ArrayList<>();

    @Option(
            names = {"-f", "--file"},
            paramLabel = "FILE",
            description = "Run the statements in FILE (repeatable) and exit")
    private List<Path> files = new ArrayList<>();

    @Option(
            names = "--max-rows",
            paramLabel = "N",
            description =
                    "Rows a table shows before truncating; 0 = all (default: 40 interactive, all otherwise)")
    private Integer maxRows;

    @Option(
            names = "--history",
            paramLabel = "FILE",
            description =
                    "Interactive history file (default: $"
                            + HISTORY_ENV
                            + " or ~/"
                            + HISTORY_FILE
                            + ")")
    private Path history;

    @Option(names = "--verbose", description = "Print stack traces with errors")
    private boolean verbose;

    private final ShellIo io;

    public TallyCommand(ShellIo io) {
        this.io = io;
    }

    /** Parses {@code args}, runs, and returns the process exit code. */
    public static int run(String[] args, ShellIo io) {
        CommandLine cmd = new CommandLine(new TallyCommand(io));
        // picocli's model is built: from here on this thread may touch the driver
        DriverPreload.await();
        if (mayNameSubcommand(cmd.getCommandSpec(), args)) {
            SUBCOMMANDS.forEach(cmd::addSubcommand);
        }
        cmd.setOut(new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), true));
        cmd.setErr(new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true));
        cmd.setExecutionExceptionHandler(
                (e, commandLine, parsed) -> {
                    boolean verbose = parsed.hasMatchedOption("--verbose");
                    commandLine.getErr().println("Error: " + ErrorMessages.oneLine(e, null));
                    if (verbose) {
                        e.printStackTrace(commandLine.getErr());
                    }
                    commandLine.getErr().flush();
                    return 1;
                });
        return cmd.execute(args);
    }

    /**
     * Whether {@code args} may name a subcommand or ask for help: some argument is neither one of
     * the root command's options nor the value of one (a positional word such as {@code serve}, or
     * a misspelling picocli should answer with a suggestion), or it is an unknown option or the
     * usage-help option. Plain {@code -e}/{@code -f}/{@code --url} runs need no subcommand.
     */
    static boolean mayNameSubcommand(CommandLine.Model.CommandSpec spec, String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-") || arg.equals("-") || arg.equals("--")) {
                return true;
            }
            int eq = arg.indexOf('=');
            CommandLine.Model.OptionSpec option =
                    spec.findOption(eq > 0 ? arg.substring(0, eq) : arg);
            if (option == null || option.usageHelp()) {
                return true;
            }
            if (eq < 0 && option.arity().max() > 0) {
                i++;
            }
        }
        return false;
    }

    @Override
    public Integer call() throws Exception {
        boolean interactive = execute.isEmpty() && files.isEmpty() && io.stdinIsTerminal();
        ShellSettings settings =
                new ShellSettings()
                        .verbose(verbose)
                        .format(format)
                        .timing(interactive)
                        .maxRows(
                                maxRows != null
                                        ? maxRows
                                        : interactive ? ShellSettings.INTERACTIVE_MAX_ROWS : 0);
        if (interactive) {
            try (Terminal terminal = io.terminals().open()) {
                return new InteractiveShell(terminal, settings, historyFile()).run(url);
            }
        }
        PrintWriter out =
                new PrintWriter(new OutputStreamWriter(io.out(), StandardCharsets.UTF_8), false);
        PrintWriter err =
                new PrintWriter(new OutputStreamWriter(io.err(), StandardCharsets.UTF_8), true);
        ErrorReporter errors = new ErrorReporter(err, settings);
        try (ShellSession session = new ShellSession(settings, out, err)) {
            try {
                session.open(url);
            } catch (Exception e) {
                errors.report(e, null, "cannot connect to '" + Urls.redact(url) + "'");
                return 1;
            }
            Outcome outcome = runBatch(new ScriptRunner(session, errors), errors);
            return outcome == Outcome.ERROR ? 1 : 0;
        } finally {
            out.flush();
            err.flush();
        }
    }

    private Outcome runBatch(ScriptRunner runner, ErrorReporter errors) throws Exception {
        if (execute.isEmpty() && files.isEmpty()) {
            return runner.run(new InputStreamReader(io.in(), StandardCharsets.UTF_8), null);
        }
        for (String sql : execute) {
            Outcome o = runner.runText(sql, null);
            if (o != Outcome.OK) {
                return o;
            }
        }
        for (Path file : files) {
            Outcome o;
            try {
                o = runner.runFile(file);
            } catch (ShellException e) {
                errors.report(e, null, null);
                o = Outcome.ERROR;
            }
            if (o != Outcome.OK) {
                return o;
            }
        }
        return Outcome.OK;
    }

    private Path historyFile() {
        if (history != null) {
            return history;
        }
        String env = System.getenv(HISTORY_ENV);
        return env != null && !env.isBlank()
                ? Path.of(env)
                : Path.of(System.getProperty("user.home"), HISTORY_FILE);
    }

    /** Converts {@code --format} values, accepting aliases such as {@code box} and {@code line}. */
    static final class FormatConverter implements CommandLine.ITypeConverter<OutputFormat> {
        @Override
        public OutputFormat convert(String value) {
            try {
                return OutputFormat.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
