package io.tally.jdbc;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;

/**
 * A Tally connection, embedded or remote: the wrapped connection's behaviour plus what JDBC tools
 * expect of a read-only database. Auto-commit is on (a tool may switch it off; nothing is ever
 * written, so commit and rollback do nothing), the connection is read-only, statements and metadata
 * are Tally's ({@link TallyStatement}, {@link TallyDatabaseMetaData}).
 */
final class TallyConnection extends JdbcProxy {
    /** The URL the client connected with. */
    final String url;

    /** The server's side of a {@code jdbc:tally://} connection; null for an embedded one. */
    final RemoteServer remote;

    private volatile boolean autoCommit = true;

    private TallyConnection(Connection delegate, String url, RemoteServer remote) {
        super(delegate);
        this.url = url;
        this.remote = remote;
    }

    /** Wraps a connection Calcite (embedded, {@code remote == null}) or Avatica opened. */
    static Connection wrap(Connection delegate, String url, RemoteServer remote) {
        return create(Connection.class, new TallyConnection(delegate, url, remote));
    }

    Connection connection() {
        return (Connection) delegate;
    }

    @Override
    Object call(Method method, Object[] args) throws Throwable {
        switch (method.getName()) {
            case "getAutoCommit":
                checkOpen();
                return autoCommit;
            case "setAutoCommit":
                checkOpen();
                autoCommit = (Boolean) args[0];
                return null;
            case "commit":
            case "rollback":
                checkOpen(); // nothing was written, so there is nothing to commit or roll back
                return null;
            case "isReadOnly":
                checkOpen();
                return true;
            case "setReadOnly":
                checkOpen(); // always read-only; a tool asking for read-write gets a read-only
                // connection
                return null;
            case "createStatement":
                return TallyStatement.wrap(
                        this, Statement.class, (Statement) forward(method, args));
            case "prepareStatement":
                return TallyStatement.wrap(
                        this, PreparedStatement.class, (PreparedStatement) forward(method, args));
            case "prepareCall":
                throw new SQLFeatureNotSupportedException(
                        "Tally has no stored procedures (prepareCall)",
                        SqlErrors.FEATURE_NOT_SUPPORTED);
            case "getMetaData":
                return TallyDatabaseMetaData.wrap(this, (DatabaseMetaData) forward(method, args));
            default:
                return PASS;
        }
    }

    private void checkOpen() throws SQLException {
        if (connection().isClosed()) {
            throw new SQLException("Connection is closed", "08003");
        }
    }
}
