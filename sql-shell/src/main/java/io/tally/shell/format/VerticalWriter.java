package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;

/**
 * The psql expanded format: each row as a {@code -[ RECORD n ]-} block of {@code name | value}
 * lines.
 */
public final class VerticalWriter implements ResultWriter {
    private final Palette palette;

    public VerticalWriter(Palette palette) {
        this.palette = palette;
    }

    @Override
    public Written write(RowSource rows, PrintWriter out) throws SQLException {
        List<Column> columns = rows.columns();
        int nameWidth = 0;
        for (Column c : columns) {
            nameWidth = Math.max(nameWidth, TextWidth.of(c.name()));
        }
        long n = 0;
        for (String[] row = rows.next(); row != null; row = rows.next()) {
            n++;
            out.println("-[ RECORD " + n + " ]-");
            for (int c = 0; c < row.length; c++) {
                String name = columns.get(c).name();
                String value = row[c] == null ? palette.faint(TableWriter.NULL_TEXT) : row[c];
                out.println(
                        name + TextWidth.spaces(nameWidth - TextWidth.of(name)) + " | " + value);
            }
        }
        return new Written(n, n);
    }
}
