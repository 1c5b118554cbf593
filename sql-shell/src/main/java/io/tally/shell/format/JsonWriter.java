package io.tally.shell.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.util.List;

/**
 * A JSON array with one object per row, one row per line ({@code [{"X":1,"Y":"a"},} …), written
 * with Jackson: numbers and booleans bare, arrays as JSON arrays, NULL as {@code null}, non-finite
 * doubles as strings.
 */
public final class JsonWriter implements ResultWriter {
    private static final JsonFactory JSON = new JsonFactory();

    @Override
    public Written write(RowSource rows, PrintWriter out) throws SQLException {
        List<Column> columns = rows.columns();
        long n = 0;
        StringWriter line = new StringWriter();
        for (String[] row = rows.next(); row != null; row = rows.next()) {
            line.getBuffer().setLength(0);
            try (JsonGenerator g = JSON.createGenerator(line)) {
                g.writeStartObject();
                for (int c = 0; c < row.length; c++) {
                    g.writeFieldName(columns.get(c).name());
                    value(g, row[c], columns.get(c).kind());
                }
                g.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            out.print(n == 0 ? "[" : ",\n");
            out.print(line);
            n++;
        }
        out.println(n == 0 ? "[]" : "]");
        return new Written(n, n);
    }

    private static void value(JsonGenerator g, String v, Column.Kind kind) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (kind == Column.Kind.ARRAY) {
            g.writeRawValue(v);
        } else if (kind == Column.Kind.BOOLEAN) {
            g.writeBoolean(Boolean.parseBoolean(v));
        } else if (kind == Column.Kind.NUMBER && ValueText.isJsonNumber(v)) {
            g.writeNumber(v);
        } else {
            g.writeString(v);
        }
    }
}
