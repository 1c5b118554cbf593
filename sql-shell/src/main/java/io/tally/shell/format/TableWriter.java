package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The boxed table format: centered header with a type row, numbers right-aligned, NULL dimmed; a
 * table wider than the terminal cuts long text with {@code …} and hides middle columns behind a
 * {@code …} column ({@link TableLayout}); long results show their first and last rows around a
 * {@code … N rows hidden …} line, like the DuckDB CLI.
 */
public final class TableWriter implements ResultWriter {
    static final String NULL_TEXT = "NULL";

    private final RenderOptions options;

    public TableWriter(RenderOptions options) {
        this.options = options;
    }

    @Override
    public Written write(RowSource rows, PrintWriter out) throws SQLException {
        List<Column> columns = rows.columns();
        RowWindow window = new RowWindow(options.maxRows());
        for (String[] row = rows.next(); row != null; row = rows.next()) {
            window.add(row);
        }
        List<String[]> shown = new ArrayList<>(window.head());
        shown.addAll(window.tail());
        TableLayout layout = TableLayout.of(columns, shown, NULL_TEXT, options.maxWidth());
        int[] w = layout.widths;
        String notice =
                window.hidden() > 0
                        ? String.format(
                                Locale.ROOT,
                                "%s %,d rows hidden %s",
                                TextWidth.ELLIPSIS,
                                window.hidden(),
                                TextWidth.ELLIPSIS)
                        : null;
        if (notice != null) {
            widenFor(w, TextWidth.of(notice));
        }
        Palette p = options.palette();
        out.println(border(w, '┌', '┬', '┐'));
        out.println(line(layout, (c, width) -> p.bold(center(columns.get(c).name(), width))));
        out.println(
                line(
                        layout,
                        (c, width) ->
                                p.faint(center(TableLayout.typeLabel(columns.get(c)), width))));
        out.println(border(w, '├', '┼', '┤'));
        for (String[] row : window.head()) {
            out.println(row(layout, columns, row));
        }
        if (notice != null) {
            out.println(border(w, '├', '┴', '┤'));
            int inner = TableLayout.total(w) - 2;
            out.println("│" + p.faint(center(notice, inner)) + "│");
            if (!window.tail().isEmpty()) {
                out.println(border(w, '├', '┬', '┤'));
            }
        }
        for (String[] row : window.tail()) {
            out.println(row(layout, columns, row));
        }
        out.println(
                notice != null && window.tail().isEmpty()
                        ? border(new int[] {TableLayout.total(w) - 2 - 2}, '└', '┴', '┘')
                        : border(w, '└', '┴', '┘'));
        return new Written(
                window.total(),
                window.total() - window.hidden(),
                columns.size(),
                layout.shownColumns());
    }

    /** Widens the last column so a full-width notice line fits inside the borders. */
    private static void widenFor(int[] w, int noticeWidth) {
        int inner = TableLayout.total(w) - 2;
        if (inner < noticeWidth + 2) {
            w[w.length - 1] += noticeWidth + 2 - inner;
        }
    }

    private String row(TableLayout layout, List<Column> columns, String[] row) {
        return line(layout, (c, width) -> cell(row[c], columns.get(c), width));
    }

    /** Renders the cell of column {@code c} in {@code width} display columns. */
    private interface CellText {
        String render(int c, int width);
    }

    private String cell(String value, Column column, int width) {
        if (value == null) {
            return options.palette().faint(NULL_TEXT)
                    + TextWidth.spaces(width - NULL_TEXT.length());
        }
        String text = TextWidth.truncate(TextWidth.oneLine(value), width);
        String pad = TextWidth.spaces(width - TextWidth.of(text));
        return column.kind() == Column.Kind.NUMBER ? pad + text : text + pad;
    }

    /**
     * One table line: {@code cell} renders column {@code c}; the hidden columns' place shows {@code
     * …}.
     */
    private static String line(TableLayout layout, CellText cell) {
        StringBuilder sb = new StringBuilder("│");
        for (int k = 0; k < layout.shown.length; k++) {
            int c = layout.shown[k];
            int width = layout.widths[k];
            String text =
                    c == TableLayout.HIDDEN
                            ? center(TextWidth.ELLIPSIS, width)
                            : cell.render(c, width);
            sb.append(' ').append(text).append(" │");
        }
        return sb.toString();
    }

    private static String center(String text, int width) {
        String t = TextWidth.truncate(text, width);
        int room = width - TextWidth.of(t);
        return TextWidth.spaces(room / 2) + t + TextWidth.spaces(room - room / 2);
    }

    private static String border(int[] w, char left, char mid, char right) {
        StringBuilder sb = new StringBuilder().append(left);
        for (int c = 0; c < w.length; c++) {
            sb.append("─".repeat(w[c] + 2)).append(c + 1 < w.length ? mid : right);
        }
        return sb.toString();
    }
}
