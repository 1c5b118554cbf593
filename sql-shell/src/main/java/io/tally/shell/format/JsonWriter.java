package io.tally.shell.format;

import java.io.PrintWriter;
import java.sql.SQLException;
import java.util.List;

/**
 * A JSON array with one object per row, one row per line ({@code [{"X":1,"Y":"a"},} …);
 * numbers and booleans bare, NULL as {@code null}, non-finite doubles as strings.
 */
public final class JsonWriter implements ResultWriter {

  @Override public Written write(RowSource rows, PrintWriter out) throws SQLException {
    List<Column> columns = rows.columns();
    String[] keys = new String[columns.size()];
    for (int c = 0; c < keys.length; c++) {
      keys[c] = quote(columns.get(c).name()) + ":";
    }
    long n = 0;
    StringBuilder sb = new StringBuilder();
    for (String[] row = rows.next(); row != null; row = rows.next()) {
      sb.setLength(0);
      sb.append(n == 0 ? "[{" : ",\n{");
      for (int c = 0; c < keys.length; c++) {
        if (c > 0) {
          sb.append(',');
        }
        sb.append(keys[c]).append(value(row[c], columns.get(c).kind()));
      }
      out.print(sb.append('}'));
      n++;
    }
    out.println(n == 0 ? "[]" : "]");
    return new Written(n, n);
  }

  private static String value(String v, Column.Kind kind) {
    if (v == null) {
      return "null";
    }
    if (kind == Column.Kind.BOOLEAN || (kind == Column.Kind.NUMBER && isJsonNumber(v))) {
      return v;
    }
    return quote(v);
  }

  /** Whether a rendered number is valid JSON (finite, no {@code NaN}/{@code Infinity}). */
  private static boolean isJsonNumber(String v) {
    char last = v.charAt(v.length() - 1);
    return Character.isDigit(last) && !v.startsWith("+");
  }

  static String quote(String s) {
    StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '"': sb.append("\\\""); break;
        case '\\': sb.append("\\\\"); break;
        case '\n': sb.append("\\n"); break;
        case '\r': sb.append("\\r"); break;
        case '\t': sb.append("\\t"); break;
        default:
          if (ch < 0x20) {
            sb.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) ch));
          } else {
            sb.append(ch);
          }
      }
    }
    return sb.append('"').toString();
  }
}
