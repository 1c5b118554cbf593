package io.tally.jdbc;

import java.lang.reflect.Method;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.NoSuchStatementException;

/**
 * A Tally statement (plain or prepared): runs on the wrapped statement and adds the query timeout,
 * a cancel that reaches the running query (embedded: its cancel flag; remote: the server, without
 * waiting for the client's statement lock) and Tally result sets. A timeout covers the execution
 * and the reading of its result, which for Tally is where the work is done; it ends in {@link
 * java.sql.SQLTimeoutException} (57014), a cancel in 57014.
 */
final class TallyStatement extends JdbcProxy {
    private final TallyConnection connection;
    private volatile int timeoutSeconds;
    private volatile ScheduledFuture<?> watchdog;
    private volatile boolean cancelled;
    private volatile boolean timedOut;
    private volatile TallyResultSet resultSet;

    private TallyStatement(TallyConnection connection, Statement delegate) {
        super(delegate);
        this.connection = connection;
    }

    static <T extends Statement> T wrap(TallyConnection connection, Class<T> type, T delegate) {
        return create(type, new TallyStatement(connection, delegate));
    }

    private Statement statement() {
        return (Statement) delegate;
    }

    @Override
    Object call(Method method, Object[] args) throws Throwable {
        String name = method.getName();
        switch (name) {
            case "setQueryTimeout":
                int seconds = (Integer) args[0];
                if (seconds < 0) {
                    throw SqlErrors.create(
                            "Query timeout must be >= 0 seconds, got " + seconds,
                            SqlErrors.INVALID_PARAMETER,
                            null);
                }
                timeoutSeconds = seconds;
                return null;
            case "getQueryTimeout":
                return timeoutSeconds;
            case "cancel":
                cancel();
                return null;
            case "getConnection":
                return connection.proxy;
            case "getResultSet":
            case "getGeneratedKeys":
                return result((ResultSet) forward(method, args));
            case "close":
                finished();
                return PASS;
            default:
                return name.startsWith("execute") ? execute(method, args) : PASS;
        }
    }

    /** Runs an {@code execute...} call with the timeout armed; wraps a result set it returns. */
    private Object execute(Method method, Object[] args) throws Throwable {
        finished();
        cancelled = false;
        timedOut = false;
        if (connection.remote == null) {
            cancelFlag().set(false); // Avatica never clears it: a cancelled statement could not run
            // again
        }
        int seconds = timeoutSeconds;
        if (seconds > 0) {
            watchdog = QueryTimeouts.after(seconds, this::timeOut);
        }
        boolean readingStarts = false;
        try {
            Object result = forward(method, args);
            if (result instanceof ResultSet) {
                readingStarts = true;
                return result((ResultSet) result);
            }
            readingStarts = Boolean.TRUE.equals(result) && method.getName().equals("execute");
            return result;
        } finally {
            if (!readingStarts) {
                finished();
            }
        }
    }

    /** The Tally result set over {@code rs}, the same object each time it is asked for. */
    private Object result(ResultSet rs) {
        if (rs == null) {
            return null;
        }
        TallyResultSet current = resultSet;
        if (current == null || !current.wraps(rs)) {
            current = TallyResultSet.wrap(this, rs);
            resultSet = current;
        }
        return current;
    }

    /** The statement's work is over (result read or closed, or no result): the timeout is off. */
    void finished() {
        ScheduledFuture<?> w = watchdog;
        if (w != null) {
            w.cancel(false);
            watchdog = null;
        }
    }

    private void timeOut() {
        timedOut = true;
        cancel();
    }

    /**
     * Stops the running query: embedded through its cancel flag (set directly: Avatica's {@code
     * cancel()} waits for the statement's lock, held while a statement is prepared), remote through
     * the server.
     */
    void cancel() {
        cancelled = true;
        try {
            if (connection.remote != null) {
                connection.remote.cancel(statement());
            } else {
                cancelFlag().set(true);
            }
        } catch (SQLException | RuntimeException e) {
            // already finished or closed: nothing runs that could be stopped
        }
    }

    /** The embedded statement's cancel flag, which its query's operators watch. */
    private AtomicBoolean cancelFlag() throws SQLException {
        AvaticaStatement s = statement().unwrap(AvaticaStatement.class);
        try {
            return connection.connection().unwrap(AvaticaConnection.class).getCancelFlag(s.handle);
        } catch (NoSuchStatementException e) {
            throw new SQLException("Statement is closed", "HY010", e);
        }
    }

    /** The proxy of this statement (what a result set's {@code getStatement} returns). */
    Object proxy() {
        return proxy;
    }

    @Override
    SQLException failure(Throwable t) {
        if (timedOut) {
            return SqlErrors.timedOut(timeoutSeconds, t);
        }
        if (cancelled) {
            return SqlErrors.cancelled(t);
        }
        return SqlErrors.of(t);
    }
}
