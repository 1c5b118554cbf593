package io.tally.shell.format;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A {@link RowSource} reading a JDBC {@link ResultSet}; stops with an error once the query is
 * cancelled.
 */
public final class JdbcRows implements RowSource {
    /** SQLSTATE for a cancelled query (as PostgreSQL uses it). */
    public static final String CANCELLED_STATE = "57014";

    private final ResultSet rs;
    private final List<Column> columns;
    private final int[] sqlTypes;
    private final BooleanSupplier cancelled;
    private final AtomicLong fetched;

    public JdbcRows(ResultSet rs, BooleanSupplier cancelled) throws SQLException {
        this(rs, cancelled, new AtomicLong());
    }

    /**
     * Counts every row read in {@code fetched} (a progress line shows it while a result drains).
     */
    public JdbcRows(ResultSet rs, BooleanSupplier cancelled, AtomicLong fetched)
            throws SQLException {
        this.rs = rs;
        this.cancelled = cancelled;
        this.fetched = fetched;
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        this.sqlTypes = new int[n];
        List<Column> cols = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sqlTypes[i] = md.getColumnType(i + 1);
            cols.add(
                    new Column(
                            md.getColumnLabel(i + 1),
                            md.getColumnTypeName(i + 1),
                            Column.Kind.of(sqlTypes[i])));
        }
        this.columns = List.copyOf(cols);
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public String[] next() throws SQLException {
        if (cancelled.getAsBoolean()) {
            throw new SQLException("Query cancelled", CANCELLED_STATE);
        }
        if (!rs.next()) {
            return null;
        }
        fetched.incrementAndGet();
        String[] row = new String[sqlTypes.length];
        for (int i = 0; i < row.length; i++) {
            row[i] = ValueText.read(rs, i + 1, sqlTypes[i]);
        }
        return row;
    }
}
