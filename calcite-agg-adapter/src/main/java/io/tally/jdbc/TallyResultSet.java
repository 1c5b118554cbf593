package io.tally.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A Tally result set: the wrapped one's rows, failures while reading them mapped like the
 * statement's (timeout and cancel included), JDBC 4.2's {@code getObject(column, Class)} for {@code
 * java.time} and the boxed types ({@link JdbcValues}), and the end of the statement's timeout when
 * the rows are all read or the result set is closed.
 */
final class TallyResultSet extends DelegatingResultSet {
    /** The statement that made this result set; null for metadata results. */
    private final TallyStatement statement;

    private TallyResultSet(TallyStatement statement, ResultSet rows) {
        super(rows);
        this.statement = statement;
    }

    /** A statement's result set. */
    static TallyResultSet wrap(TallyStatement statement, ResultSet rows) {
        return new TallyResultSet(statement, rows);
    }

    /** A result set of a metadata call ({@code getTables}, ...). */
    static ResultSet wrap(ResultSet rows) {
        return rows == null ? null : new TallyResultSet(null, rows);
    }

    /** Whether this wraps {@code rs}. */
    boolean wraps(ResultSet rs) {
        return rows == rs;
    }

    @Override
    public boolean next() throws SQLException {
        try {
            boolean more = rows.next();
            if (!more) {
                finished();
            }
            return more;
        } catch (SQLException | RuntimeException | Error e) { // Calcite's runtime throws anything
            throw failure(e);
        }
    }

    @Override
    public void close() throws SQLException {
        finished();
        try {
            rows.close();
        } catch (SQLException | RuntimeException e) {
            throw failure(e);
        }
    }

    @Override
    public Statement getStatement() throws SQLException {
        return statement == null ? rows.getStatement() : (Statement) statement.proxy();
    }

    @SuppressWarnings("unchecked") // JdbcValues reads a column as the type asked for (boxed)
    @Override
    public <T> T getObject(int column, Class<T> type) throws SQLException {
        try {
            return (T) JdbcValues.get(rows, column, type);
        } catch (SQLException | RuntimeException e) {
            throw failure(e);
        }
    }

    @Override
    public <T> T getObject(String column, Class<T> type) throws SQLException {
        return getObject(rows.findColumn(column), type);
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return type.isInstance(this) ? type.cast(this) : rows.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return type.isInstance(this) || rows.isWrapperFor(type);
    }

    private void finished() {
        if (statement != null) {
            statement.finished();
        }
    }

    private SQLException failure(Throwable t) {
        return statement != null ? statement.failure(t) : SqlErrors.of(t);
    }
}
