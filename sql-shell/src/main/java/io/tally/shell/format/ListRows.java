package io.tally.shell.format;

import java.util.Iterator;
import java.util.List;

/** A {@link RowSource} over rows held in memory (meta command output such as {@code \dt}). */
public final class ListRows implements RowSource {
    private final List<Column> columns;
    private final Iterator<String[]> rows;

    public ListRows(List<Column> columns, List<String[]> rows) {
        this.columns = List.copyOf(columns);
        this.rows = rows.iterator();
    }

    @Override
    public List<Column> columns() {
        return columns;
    }

    @Override
    public String[] next() {
        return rows.hasNext() ? rows.next() : null;
    }
}
