package io.tally.shell.server;

import io.tally.jdbc.SqlErrors;
import io.tally.jdbc.TallyDriver;
import io.tally.session.TallySession;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaSeverity;
import org.apache.calcite.avatica.MissingResultsException;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.avatica.jdbc.JdbcMeta;
import org.apache.calcite.avatica.remote.AvaticaRuntimeException;
import org.apache.calcite.avatica.remote.TypedValue;

/**
 * Avatica's {@link JdbcMeta} (one backing connection per remote connection) plus an orderly stop:
 * it counts the requests that run SQL, and {@link #drain} refuses new ones, cancels the running
 * statements of Tally backing connections and waits for their requests to return, so that {@link
 * #closeAllConnections()} never closes a connection under a running query. A failure reaches the
 * client with its SQLState ({@link #toClient}); Avatica alone would send 00000.
 */
final class BackingMeta extends JdbcMeta {
    /** How often a drain re-cancels (a statement may register its cancel flag a moment late). */
    private static final long DRAIN_POLL_MILLIS = 20;

    private final Object lock = new Object();

    /** Statement ids of running requests (a statement runs at most one request at a time). */
    private final Map<Integer, Integer> runningStatements = new HashMap<>();

    private int running;
    private boolean stopping;

    private final boolean tally;

    BackingMeta(String url) throws SQLException {
        super(url, serverProperties(url));
        this.tally = isTally(url);
    }

    private static boolean isTally(String url) {
        return url.startsWith(TallyDriver.PREFIX);
    }

    /** What every backing connection gets besides the client's (allowed) properties. */
    private static Properties serverProperties(String url) {
        Properties p = new Properties();
        if (isTally(url)) {
            p.putAll(RemoteProperties.serverSettings());
        }
        return p;
    }

    /**
     * Opens a backing connection with the client's properties if every one is allowed ({@link
     * RemoteProperties}); a refusal reaches the client as one line naming the property.
     */
    @Override
    public void openConnection(ConnectionHandle ch, Map<String, String> info) {
        try {
            super.openConnection(ch, RemoteProperties.checked(info, tally));
        } catch (RuntimeException e) {
            throw toClient(e);
        }
    }

    @Override
    public ExecuteResult prepareAndExecute(
            StatementHandle h,
            String sql,
            long maxRowCount,
            int maxRowsInFirstFrame,
            PrepareCallback callback)
            throws NoSuchStatementException {
        begin(h);
        try {
            return super.prepareAndExecute(h, sql, maxRowCount, maxRowsInFirstFrame, callback);
        } catch (RuntimeException e) {
            throw toClient(e);
        } finally {
            end(h);
        }
    }

    @Override
    public ExecuteResult execute(
            StatementHandle h, List<TypedValue> parameterValues, int maxRowsInFirstFrame)
            throws NoSuchStatementException {
        begin(h);
        try {
            return super.execute(h, parameterValues, maxRowsInFirstFrame);
        } catch (RuntimeException e) {
            throw toClient(e);
        } finally {
            end(h);
        }
    }

    @Override
    public Frame fetch(StatementHandle h, long offset, int fetchMaxRowCount)
            throws NoSuchStatementException, MissingResultsException {
        begin(h);
        try {
            return super.fetch(h, offset, fetchMaxRowCount);
        } catch (RuntimeException e) {
            throw toClient(e);
        } finally {
            end(h);
        }
    }

    @Override
    public StatementHandle prepare(ConnectionHandle ch, String sql, long maxRowCount) {
        try {
            return super.prepare(ch, sql, maxRowCount);
        } catch (RuntimeException e) {
            throw toClient(e);
        }
    }

    /**
     * What the client receives for a failure: the backing connection's SQLException (Tally's
     * carries its SQLState) as Avatica's error with that state, message and error code.
     */
    static AvaticaRuntimeException toClient(RuntimeException e) {
        if (e instanceof AvaticaRuntimeException) {
            return (AvaticaRuntimeException) e;
        }
        Throwable cause = e.getCause() instanceof SQLException ? e.getCause() : e;
        SQLException sql = SqlErrors.of(cause);
        return new AvaticaRuntimeException(
                sql.getMessage(), sql.getErrorCode(), sql.getSQLState(), AvaticaSeverity.ERROR);
    }

    /**
     * Closing a statement whose request still runs is how a remote client cancels (Avatica has no
     * cancel request; the {@code tally} shell closes the statement on Ctrl-C): cancel the Tally
     * statements of its connection, wait for the request to return, then close.
     */
    @Override
    public void closeStatement(StatementHandle h) {
        try {
            synchronized (lock) {
                while (runningStatements.containsKey(h.id)) {
                    cancel(getConnectionCache().getIfPresent(h.connectionId));
                    lock.wait(DRAIN_POLL_MILLIS);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        super.closeStatement(h);
    }

    private void begin(StatementHandle h) {
        synchronized (lock) {
            if (stopping) {
                throw new IllegalStateException("The Tally server is shutting down");
            }
            running++;
            runningStatements.merge(h.id, 1, Integer::sum);
        }
    }

    private void end(StatementHandle h) {
        synchronized (lock) {
            running--;
            runningStatements.computeIfPresent(h.id, (id, n) -> n == 1 ? null : n - 1);
            lock.notifyAll();
        }
    }

    /**
     * Refuses new SQL requests, cancels running statements and waits up to {@code timeoutMillis}
     * for the running requests to return; returns whether they all did.
     */
    boolean drain(long timeoutMillis) throws InterruptedException {
        synchronized (lock) {
            stopping = true;
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        while (true) {
            cancelRunningStatements();
            synchronized (lock) {
                if (running == 0) {
                    return true;
                }
                long left = (deadline - System.nanoTime()) / 1_000_000L;
                if (left <= 0) {
                    return false;
                }
                lock.wait(Math.min(left, DRAIN_POLL_MILLIS));
            }
        }
    }

    /** The backing connection of the remote connection {@code id}, or null (tests use it). */
    Connection backing(String id) {
        return getConnectionCache().getIfPresent(id);
    }

    /** The backing connections open now, one per remote connection. */
    List<Connection> openConnections() {
        return new ArrayList<>(getConnectionCache().asMap().values());
    }

    /** Asks every running statement on a Tally backing connection to stop at its next batch. */
    private void cancelRunningStatements() {
        for (Connection c : openConnections()) {
            cancel(c);
        }
    }

    private static void cancel(Connection c) {
        TallySession session = null;
        try {
            session = c == null ? null : TallySession.find(c.unwrap(AvaticaConnection.class));
        } catch (SQLException e) {
            // not an Avatica connection: no Tally statements to cancel
        }
        if (session != null) {
            session.cancelStatements();
        }
    }

    /** Closes every backing connection (and with it its statements and their memory). */
    void closeAllConnections() {
        for (Connection c : openConnections()) {
            try {
                c.close();
            } catch (SQLException | RuntimeException ignored) {
                // closing the rest matters more; the connection is dropped from the cache below
                // anyway
            }
        }
        getStatementCache().invalidateAll();
        getConnectionCache().invalidateAll();
    }
}
