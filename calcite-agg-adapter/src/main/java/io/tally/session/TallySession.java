package io.tally.session;

import com.google.common.collect.MapMaker;
import java.sql.SQLException;
import java.sql.Wrapper;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;
import org.apache.calcite.avatica.AvaticaConnection;

/**
 * The state Tally adds to one Calcite connection: its settings, its file access policy, its {@link
 * PlanCache}, the progress of its running statement, and the {@link QueryContext} of each statement
 * execution; plus the registry that finds a connection's session again from the planner, from
 * generated code and from tools.
 *
 * <p>Calcite hands the connection itself to both sides: a {@link DataContext}'s query provider is
 * the connection that runs the statement, so the registry is keyed by that object (weakly, so an
 * unclosed, forgotten connection does not pin its session). Query contexts are keyed by their
 * {@link DataContext}, weakly too: one goes with its execution.
 */
public final class TallySession {
    private static final ConcurrentMap<Object, TallySession> SESSIONS =
            new MapMaker().weakKeys().makeMap();

    /**
     * The session of statements that run on a connection Tally did not open (a Tally schema used
     * through plain Calcite JDBC): default settings, and progress nobody reads.
     */
    static final TallySession DETACHED = new TallySession(TallySettings.defaults());

    private final TallySettings settings;
    private final QueryProgress progress = new QueryProgress();
    private final PlanCache planCache = new PlanCache();

    /**
     * Cancel flags of statements whose Tally operators opened (weakly: they go with their
     * statement).
     */
    private final Set<AtomicBoolean> cancelFlags =
            Collections.newSetFromMap(new MapMaker().weakKeys().makeMap());

    private final ConcurrentMap<DataContext, QueryContext> queries =
            new MapMaker().weakKeys().makeMap();

    /** Which files this connection's statements may read and write. */
    private volatile FileAccess fileAccess;

    private TallySession(TallySettings settings) {
        this.settings = settings;
        this.fileAccess =
                !settings.dataOnly()
                        ? FileAccess.UNRESTRICTED
                        : FileAccess.readOnlyWithin(
                                settings.data() == null ? List.of() : List.of(settings.data()));
    }

    /** Opens the session of a new connection, with its connect-time settings. */
    public static TallySession open(Object connection, TallySettings settings) {
        TallySession session = new TallySession(settings);
        SESSIONS.put(connection, session);
        return session;
    }

    /** Forgets the session of a connection that closes. */
    public static void close(Object connection) {
        SESSIONS.remove(connection);
    }

    /**
     * The session of a connection.
     *
     * @throws IllegalStateException if the connection is not a Tally connection
     */
    public static TallySession of(Object connection) {
        TallySession s = find(connection);
        if (s == null) {
            throw new IllegalStateException("not a Tally connection: " + connection);
        }
        return s;
    }

    /**
     * The session of a connection (Calcite's, or the Tally JDBC connection around it), or null if
     * it is not an embedded Tally connection.
     */
    public static TallySession find(Object connection) {
        if (connection == null) {
            return null;
        }
        TallySession s = SESSIONS.get(connection);
        if (s == null && connection instanceof Wrapper) {
            try {
                Wrapper w = (Wrapper) connection;
                s =
                        w.isWrapperFor(AvaticaConnection.class)
                                ? SESSIONS.get(w.unwrap(AvaticaConnection.class))
                                : null;
            } catch (SQLException e) {
                return null;
            }
        }
        return s;
    }

    public TallySettings settings() {
        return settings;
    }

    /**
     * The file access policy every path this connection's statements name goes through (files and
     * globs in FROM, the file table functions, COPY targets); {@link FileAccess#UNRESTRICTED}
     * unless the connection was opened with {@code file_access=data} (what {@code tally serve}
     * gives its remote clients: reads inside the data directory only, no writes) or the code that
     * opened it restricts it.
     */
    public FileAccess fileAccess() {
        return fileAccess;
    }

    /** Sets the file access policy of this connection's later statements. */
    public void fileAccess(FileAccess access) {
        this.fileAccess = Objects.requireNonNull(access, "access");
    }

    /** This connection's prepared statements, reused when a statement runs again. */
    public PlanCache planCache() {
        return planCache;
    }

    /** Live counters of the statement this connection runs (for progress bars). */
    public QueryProgress progress() {
        return progress;
    }

    /**
     * The context of the statement execution {@code root}, created when its first Tally operator
     * asks: the progress counters start again and its cancel flag is tracked.
     */
    QueryContext query(DataContext root) {
        return queries.computeIfAbsent(
                root,
                r -> {
                    progress.reset();
                    AtomicBoolean flag = DataContext.Variable.CANCEL_FLAG.get(r);
                    if (flag != null) {
                        cancelFlags.add(flag);
                    }
                    return new QueryContext(this, flag);
                });
    }

    /**
     * The contexts of every session's executions that are still reachable (see {@link
     * QueryContext#pools}).
     */
    static List<QueryContext> allQueries() {
        List<QueryContext> all = new ArrayList<>();
        for (TallySession s : SESSIONS.values()) { // weak keys: the size may change meanwhile
            all.addAll(s.queries.values());
        }
        all.addAll(DETACHED.queries.values());
        return all;
    }

    /** Cancel flags of the statements this connection executed, by statement (weakly). */
    private final ConcurrentMap<Object, AtomicBoolean> statementFlags =
            new MapMaker().weakKeys().makeMap();

    /** Tracks the cancel flag of a statement this connection executes. */
    public void track(Object statement, AtomicBoolean flag) {
        statementFlags.put(statement, flag);
        cancelFlags.add(flag);
    }

    /** Cancels what {@code statement} runs (it is being closed). */
    public void stop(Object statement) {
        AtomicBoolean flag = statementFlags.remove(statement);
        if (flag != null) {
            flag.set(true);
        }
    }

    /**
     * Cancels every statement of this connection that has run Tally operators, as {@link
     * java.sql.Statement#cancel()} would (a server does this before it shuts down); the statements
     * stop at their next batch and cannot be executed again.
     */
    public void cancelStatements() {
        for (AtomicBoolean flag : cancelFlags) {
            flag.set(true);
        }
    }

    /** Applies a SET/RESET statement's effect; {@code value == null} means RESET. */
    public void apply(String key, String value) throws SQLException {
        if (value == null) {
            if (key.equalsIgnoreCase("all")) {
                settings.resetAll();
            } else {
                settings.reset(key);
            }
        } else {
            settings.set(key, value);
        }
    }
}
