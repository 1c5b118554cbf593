package io.tally.shell;

import io.tally.jdbc.RemoteServer;
import io.tally.shell.format.JdbcRows;
import io.tally.shell.format.RenderOptions;
import io.tally.shell.format.ResultWriter;
import io.tally.shell.format.RowSource;
import io.tally.shell.format.TableWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One shell connection and where its output goes: runs SQL statements, prints results in the
 * current format (to the console or to a file after {@code \o}), and cancels the running statement
 * on request from another thread (Ctrl-C).
 */
public final class ShellSession implements AutoCloseable {
    private static final double NANOS_PER_SECOND = 1e9;

    private final ShellSettings settings;
    private final PrintWriter console;
    private final PrintWriter info;
    private final List<Runnable> connectListeners = new ArrayList<>();
    private final AtomicReference<Statement> running = new AtomicReference<>();
    private final AtomicLong fetched = new AtomicLong();
    private StatementObserver observer;
    private volatile boolean cancelled;
    private Connection connection;
    private String url;
    private PrintWriter redirect;
    private Path redirectPath;

    /**
     * @param console where results go
     * @param info where notices go (row counts of updates, confirmations of meta commands)
     */
    public ShellSession(ShellSettings settings, PrintWriter console, PrintWriter info) {
        this.settings = settings;
        this.console = console;
        this.info = info;
    }

    public ShellSettings settings() {
        return settings;
    }

    public Connection connection() {
        return connection;
    }

    public String url() {
        return url;
    }

    public PrintWriter info() {
        return info;
    }

    /** Tells {@code o} (null for nobody) when each statement starts and ends. */
    public void observe(StatementObserver o) {
        observer = o;
    }

    /** Rows of the running statement's result read so far. */
    public long fetchedRows() {
        return fetched.get();
    }

    /** Runs {@code listener} after every successful {@link #open}. */
    public void onConnect(Runnable listener) {
        connectListeners.add(listener);
    }

    /** Connects to {@code url}; the previous connection is closed only once the new one works. */
    public void open(String newUrl) throws SQLException {
        Connection c = DriverManager.getConnection(newUrl);
        Connection old = connection;
        connection = c;
        url = newUrl;
        if (old != null) {
            old.close();
        }
        connectListeners.forEach(Runnable::run);
    }

    /** Executes one statement and prints its result. */
    public void executeSql(String sql) throws SQLException {
        cancelled = false;
        fetched.set(0);
        long start = System.nanoTime();
        StatementObserver o = observer;
        try (Statement st = connection.createStatement()) {
            running.set(st);
            if (o != null) {
                o.started(this);
            }
            if (st.execute(sql)) {
                try (ResultSet rs = st.getResultSet()) {
                    print(new JdbcRows(rs, () -> cancelled, fetched), start);
                }
            } else {
                long n = st.getLargeUpdateCount();
                if (n > 0) {
                    info.println(
                            String.format(
                                    Locale.ROOT, "%,d %s affected", n, n == 1 ? "row" : "rows"));
                }
                if (settings.timing()) {
                    info.println("Time: " + seconds(start));
                }
                info.flush();
            }
        } finally {
            running.set(null);
            if (o != null) {
                o.ended();
            }
        }
    }

    /**
     * Prints rows in the current format; {@code startNanos < 0} means no timing (meta command
     * output).
     */
    public void print(RowSource rows, long startNanos) throws SQLException {
        PrintWriter out = output();
        RenderOptions options = redirect != null ? RenderOptions.PLAIN : settings.renderOptions();
        ResultWriter writer = settings.effectiveFormat().writer(options, rows);
        ResultWriter.Written written = writer.write(rows, out);
        boolean timed = settings.timing() && startNanos >= 0;
        if (writer instanceof TableWriter) {
            out.println(footer(written, timed ? seconds(startNanos) : null));
        } else if (timed) {
            info.println("Time: " + seconds(startNanos));
            info.flush();
        }
        out.flush();
    }

    /**
     * Asks the running statement to stop; results being printed stop at the next row. A Tally
     * connection ({@code jdbc:tally:}, embedded or remote) cancels at once; on a plain Avatica
     * remote connection the statement is closed on the server instead, from another thread
     * (Avatica's own cancel waits for the running request), which a {@code tally serve} server
     * answers by cancelling the query.
     */
    public void cancel() {
        cancelled = true;
        Statement st = running.get();
        if (st != null) {
            try {
                if (Urls.isRemote(url)) {
                    Connection c = connection;
                    Thread closer = new Thread(() -> closeOnServer(c, st), "tally-remote-cancel");
                    closer.setDaemon(true);
                    closer.start();
                } else {
                    st.cancel();
                }
            } catch (SQLException | RuntimeException ignored) {
                // the row loop still stops on the flag
            }
        }
    }

    private static void closeOnServer(Connection c, Statement st) {
        try {
            RemoteServer.cancel(c, st);
        } catch (SQLException | RuntimeException ignored) {
            // the server may be gone; the statement is abandoned either way
        }
    }

    /** Whether a statement is executing or printing now. */
    public boolean isRunning() {
        return running.get() != null;
    }

    /** Whether the last statement was cancelled. */
    public boolean wasCancelled() {
        return cancelled;
    }

    /**
     * Sends results to {@code file} (replacing it), or back to the console when {@code file} is
     * null.
     */
    public void redirect(Path file) throws IOException {
        PrintWriter next =
                file == null
                        ? null
                        : new PrintWriter(
                                Files.newBufferedWriter(file, StandardCharsets.UTF_8), true);
        if (redirect != null) {
            redirect.close();
        }
        redirect = next;
        redirectPath = file;
    }

    /** The file results go to, or null for the console. */
    public Path redirectPath() {
        return redirectPath;
    }

    private PrintWriter output() {
        return redirect != null ? redirect : console;
    }

    static String footer(ResultWriter.Written w, String time) {
        StringBuilder sb =
                new StringBuilder(
                        String.format(
                                Locale.ROOT, "%,d %s", w.rows(), w.rows() == 1 ? "row" : "rows"));
        List<String> notes = new ArrayList<>();
        if (w.shown() < w.rows()) {
            notes.add(String.format(Locale.ROOT, "%,d shown", w.shown()));
        }
        if (w.hidColumns()) {
            notes.add(
                    String.format(
                            Locale.ROOT,
                            "%,d of %,d columns shown",
                            w.shownColumns(),
                            w.columns()));
        }
        if (time != null) {
            notes.add(time);
        }
        if (!notes.isEmpty()) {
            sb.append(" (").append(String.join(", ", notes)).append(')');
        }
        return sb.toString();
    }

    private static String seconds(long startNanos) {
        return String.format(
                Locale.ROOT, "%.3f s", (System.nanoTime() - startNanos) / NANOS_PER_SECOND);
    }

    @Override
    public void close() throws SQLException {
        if (redirect != null) {
            redirect.close();
            redirect = null;
        }
        if (connection != null) {
            connection.close();
            connection = null;
        }
    }
}
