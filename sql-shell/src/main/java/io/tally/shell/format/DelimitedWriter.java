package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;

/**
 * CSV (RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled; NULL is an
 * empty field and the empty string is {@code ""}) and TSV (tabs, newlines and backslashes escaped
 * as {@code \t}, {@code \n}, {@code \\}; NULL is an empty field). A header line comes first.
 */
public final class DelimitedWriter implements ResultWriter {
    private final boolean tabs;

    private DelimitedWriter(boolean tabs) {
        this.tabs = tabs;
    }

    /** Comma-separated values. */
    public static DelimitedWriter csv() {
        return new DelimitedWriter(false);
    }

    /** Tab-separated values. */
    public static DelimitedWriter tsv() {
        return new DelimitedWriter(true);
    }

    @Override
    public Written write(RowSource rows, PrintWriter out) throws SQLException {
        List<Column> columns = rows.columns();
        String[] header = new String[columns.size()];
        for (int c = 0; c < header.length; c++) {
            header[c] = columns.get(c).name();
        }
        out.println(line(header));
        long n = 0;
        for (String[] row = rows.next(); row != null; row = rows.next()) {
            out.println(line(row));
            n++;
        }
        return new Written(n, n);
    }

    private String line(String[] values) {
        StringBuilder sb = new StringBuilder();
        for (int c = 0; c < values.length; c++) {
            if (c > 0) {
                sb.append(tabs ? '\t' : ',');
            }
            if (values[c] != null) {
                sb.append(tabs ? tsvField(values[c]) : csvField(values[c]));
            }
        }
        return sb.toString();
    }

    static String csvField(String v) {
        boolean quote =
                v.isEmpty()
                        || v.indexOf(',') >= 0
                        || v.indexOf('"') >= 0
                        || v.indexOf('\n') >= 0
                        || v.indexOf('\r') >= 0;
        return quote ? '"' + v.replace("\"", "\"\"") + '"' : v;
    }

    static String tsvField(String v) {
        return v.replace("\\", "\\\\")
                .replace("\t", "\\t")
                .replace("\n", "\\n")
                .replace("\r", "\\r");
    }
}
