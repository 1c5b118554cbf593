package io.tally.bench.report;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A titled table of text cells: a header line (the machine), column names, rows, and notes printed
 * under it. Numbers are right-aligned, text left-aligned. Render with {@link TableFormat}.
 */
public final class ResultTable {
    private final String title;
    private final List<String> columns;
    private final List<List<String>> rows = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public ResultTable(String title, List<String> columns) {
        this.title = title;
        this.columns = List.copyOf(columns);
    }

    /** Adds one row; it must have one cell per column. */
    public void add(List<String> cells) {
        if (cells.size() != columns.size()) {
            throw new IllegalArgumentException(
                    "row has "
                            + cells.size()
                            + " cells, table "
                            + title
                            + " has "
                            + columns.size()
                            + " columns "
                            + columns);
        }
        rows.add(List.copyOf(cells));
    }

    /** Adds a line printed under the table (an explanation, a warning, a ratio). */
    public void note(String line) {
        notes.add(line);
    }

    public String title() {
        return title;
    }

    public List<String> columns() {
        return columns;
    }

    public List<List<String>> rows() {
        return Collections.unmodifiableList(rows);
    }

    public List<String> notes() {
        return Collections.unmodifiableList(notes);
    }
}
