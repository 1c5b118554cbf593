package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: a header row, a delimiter row ({@code ---:} right-aligns
 * number columns), one row per result row. {@code |} in a value is escaped as {@code \|}, line
 * breaks become {@code <br>}, NULL is an empty cell. Every row is written.
 */
public final class MarkdownWriter implements ResultWriter {
    @Override
    public Written write(RowSource rows, PrintWriter out) throws SQLException {
        List<Column> columns = rows.columns();
        StringBuilder header = new StringBuilder("|");
        StringBuilder delimiter = new StringBuilder("|");
        for (Column c : columns) {
            header.append(' ').append(escape(c.name())).append(" |");
            delimiter.append(c.kind() == Column.Kind.NUMBER ? " ---: |" : " --- |");
        }
        out.println(header);
        out.println(delimiter);
        long n = 0;
        for (String[] row = rows.next(); row != null; row = rows.next()) {
            StringBuilder line = new StringBuilder("|");
            for (String value : row) {
                line.append(' ').append(value == null ? "" : escape(value)).append(" |");
            }
            out.println(line);
            n++;
        }
        return new Written(n, n);
    }

    static String escape(String s) {
        return s.replace("\\", "\\\\")
                .replace("|", "\\|")
                .replace("\r\n", "<br>")
                .replace("\n", "<br>")
                .replace("\r", "<br>");
    }
}
