package io.tally.shell.format;

import java.util.List;

/**
 * Column widths of a boxed table: each column as wide as its widest shown cell, header or type,
 * then the widest columns narrowed one step at a time until the table fits the terminal
 * (no column below {@value #MIN_WIDTH}).
 */
final class TableLayout {
  /** Narrowest a column is cut to when fitting the terminal. */
  static final int MIN_WIDTH = 4;
  /** Characters a table adds per column ({@code "│ "} before and a space after) plus the closing bar. */
  static final int BORDER_PER_COLUMN = 3;

  private TableLayout() {}

  static int[] widths(List<Column> columns, List<String[]> rows, String nullText) {
    int[] w = new int[columns.size()];
    for (int c = 0; c < w.length; c++) {
      w[c] = Math.max(TextWidth.of(columns.get(c).name()), TextWidth.of(typeLabel(columns.get(c))));
    }
    for (String[] row : rows) {
      for (int c = 0; c < w.length; c++) {
        w[c] = Math.max(w[c], TextWidth.of(cellText(row[c], nullText)));
      }
    }
    return w;
  }

  /** Narrows the widest columns until the table fits {@code maxWidth} (0 = no limit). */
  static void fit(int[] w, int maxWidth) {
    if (maxWidth <= 0) {
      return;
    }
    while (total(w) > maxWidth) {
      int widest = 0;
      for (int c = 1; c < w.length; c++) {
        if (w[c] > w[widest]) {
          widest = c;
        }
      }
      if (w[widest] <= MIN_WIDTH) {
        return;
      }
      w[widest]--;
    }
  }

  /** Total display width of a table with these column widths. */
  static int total(int[] w) {
    int sum = 1;
    for (int x : w) {
      sum += x + BORDER_PER_COLUMN;
    }
    return sum;
  }

  static String typeLabel(Column c) {
    return c.typeName() == null ? "" : c.typeName().toLowerCase(java.util.Locale.ROOT);
  }

  static String cellText(String value, String nullText) {
    return value == null ? nullText : TextWidth.oneLine(value);
  }
}
