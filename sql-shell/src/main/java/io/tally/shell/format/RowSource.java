package io.tally.shell.format;

import java.sql.SQLException;
import java.util.List;

/**
 * A stream of result rows already rendered to text, one {@code String} per column, {@code null} for
 * SQL NULL.
 */
public interface RowSource {
    /** The columns, in order. */
    List<Column> columns();

    /** The next row, or {@code null} when there are no more. */
    String[] next() throws SQLException;
}
