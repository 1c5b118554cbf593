package io.tally.shell.format;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which columns a boxed table shows and how wide each is, as the DuckDB CLI lays out a wide result:
 * every column as wide as its widest shown cell, header or type. A table wider than the terminal
 * first cuts its text columns (with {@code …}) towards {@value #TEXT_WIDTH} characters; if that is
 * not enough, towards {@value #READABLE_WIDTH} when then every column fits; otherwise it hides
 * columns from the middle outwards behind one {@code …} column. Numbers are never cut: only a
 * number's header may be, when even the first column alone is wider than the terminal (and text
 * then down to {@value #MIN_WIDTH}).
 */
final class TableLayout {
    /** Marks the hidden columns' place in {@link #shown}. */
    static final int HIDDEN = -1;

    /**
     * Text columns are cut to this many characters before anything else: a name, a date, a short
     * description stay readable, and one long text column does not push the others off screen.
     */
    static final int TEXT_WIDTH = 24;

    /** Text is cut this far, rather than a column hidden, when then every column fits. */
    static final int READABLE_WIDTH = 10;

    /** Narrowest a text column is ever cut to. */
    static final int MIN_WIDTH = 4;

    /**
     * Characters a table adds per column ({@code "│ "} before and a space after) plus the closing
     * bar.
     */
    static final int BORDER_PER_COLUMN = 3;

    /** Width of the column standing for the hidden ones. */
    static final int HIDDEN_WIDTH = 1;

    /** Column indices in display order, {@link #HIDDEN} where columns were left out. */
    final int[] shown;

    /** Display width of each entry of {@link #shown}. */
    final int[] widths;

    private TableLayout(int[] shown, int[] widths) {
        this.shown = shown;
        this.widths = widths;
    }

    /** Lays out {@code rows} within {@code maxWidth} terminal columns (0 = no limit). */
    static TableLayout of(
            List<Column> columns, List<String[]> rows, String nullText, int maxWidth) {
        int n = columns.size();
        int[] valueWidth = new int[n];
        for (String[] row : rows) {
            for (int c = 0; c < n; c++) {
                valueWidth[c] = Math.max(valueWidth[c], TextWidth.of(cellText(row[c], nullText)));
            }
        }
        int[] w = new int[n];
        for (int c = 0; c < n; c++) {
            w[c] = Math.max(headerWidth(columns.get(c)), valueWidth[c]);
        }
        if (maxWidth <= 0 || total(w) <= maxWidth) {
            return all(w);
        }
        narrow(w, floors(columns, w, TEXT_WIDTH), maxWidth);
        if (total(w) <= maxWidth) {
            return all(w);
        }
        int[] readable = w.clone();
        narrow(readable, floors(columns, readable, READABLE_WIDTH), maxWidth);
        if (total(readable) <= maxWidth) {
            return all(readable);
        }
        TableLayout layout = hideMiddle(w, maxWidth);
        int[] last = new int[layout.shown.length];
        for (int k = 0; k < last.length; k++) {
            int c = layout.shown[k];
            last[k] =
                    c == HIDDEN
                            ? HIDDEN_WIDTH
                            : isNumber(columns.get(c))
                                    ? Math.max(valueWidth[c], MIN_WIDTH)
                                    : MIN_WIDTH;
        }
        narrow(layout.widths, last, maxWidth);
        return layout;
    }

    /** Every column, in order, with widths {@code w}. */
    private static TableLayout all(int[] w) {
        int[] shown = new int[w.length];
        for (int c = 0; c < w.length; c++) {
            shown[c] = c;
        }
        return new TableLayout(shown, w);
    }

    /** How narrow each column may be cut now: text to {@code textWidth}, numbers not at all. */
    private static int[] floors(List<Column> columns, int[] w, int textWidth) {
        int[] floor = new int[w.length];
        for (int c = 0; c < w.length; c++) {
            floor[c] = isNumber(columns.get(c)) ? w[c] : Math.min(w[c], textWidth);
        }
        return floor;
    }

    /**
     * Keeps columns from the left and the right end, taking turns, while they fit beside a {@code
     * …} column standing for the rest; the first column is always kept.
     */
    private static TableLayout hideMiddle(int[] w, int maxWidth) {
        List<Integer> left = new ArrayList<>();
        List<Integer> right = new ArrayList<>();
        int used = 1 + HIDDEN_WIDTH + BORDER_PER_COLUMN;
        for (int lo = 0, hi = w.length - 1, turn = 0; lo <= hi; turn++) {
            int c = turn % 2 == 0 ? lo : hi;
            if (used + w[c] + BORDER_PER_COLUMN > maxWidth && !left.isEmpty()) {
                break;
            }
            used += w[c] + BORDER_PER_COLUMN;
            if (turn % 2 == 0) {
                left.add(lo++);
            } else {
                right.add(0, hi--);
            }
        }
        List<Integer> order = new ArrayList<>(left);
        order.add(HIDDEN);
        order.addAll(right);
        int[] shown = new int[order.size()];
        int[] widths = new int[shown.length];
        for (int k = 0; k < shown.length; k++) {
            shown[k] = order.get(k);
            widths[k] = shown[k] == HIDDEN ? HIDDEN_WIDTH : w[shown[k]];
        }
        return new TableLayout(shown, widths);
    }

    /** Narrows the widest column above its floor, one step at a time, until the table fits. */
    private static void narrow(int[] w, int[] floor, int maxWidth) {
        while (total(w) > maxWidth) {
            int widest = -1;
            for (int c = 0; c < w.length; c++) {
                if (w[c] > floor[c] && (widest < 0 || w[c] > w[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                return;
            }
            w[widest]--;
        }
    }

    /** Whether any column is hidden. */
    boolean hidesColumns() {
        for (int c : shown) {
            if (c == HIDDEN) {
                return true;
            }
        }
        return false;
    }

    /** Columns shown (the {@code …} column not counted). */
    int shownColumns() {
        return hidesColumns() ? shown.length - 1 : shown.length;
    }

    /** Total display width of the table. */
    int total() {
        return total(widths);
    }

    /** Total display width of a table with these column widths. */
    static int total(int[] w) {
        int sum = 1;
        for (int x : w) {
            sum += x + BORDER_PER_COLUMN;
        }
        return sum;
    }

    private static int headerWidth(Column c) {
        return Math.max(TextWidth.of(c.name()), TextWidth.of(typeLabel(c)));
    }

    static boolean isNumber(Column c) {
        return c.kind() == Column.Kind.NUMBER;
    }

    static String typeLabel(Column c) {
        return c.typeName() == null ? "" : c.typeName().toLowerCase(Locale.ROOT);
    }

    static String cellText(String value, String nullText) {
        return value == null ? nullText : TextWidth.oneLine(value);
    }
}
