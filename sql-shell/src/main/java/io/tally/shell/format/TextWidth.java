package io.tally.shell.format;

import org.jline.utils.WCWidth;

/**
 * Terminal display width of text (wide CJK characters count two) and truncation to a width with
 * {@code …}.
 */
public final class TextWidth {
    /** Marks text cut to fit. */
    public static final String ELLIPSIS = "…";

    private TextWidth() {}

    /** Columns {@code s} occupies on a terminal. */
    public static int of(String s) {
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            w += Math.max(0, WCWidth.wcwidth(cp));
            i += Character.charCount(cp);
        }
        return w;
    }

    /** {@code s} cut to at most {@code width} columns, ending in {@code …} when cut. */
    public static String truncate(String s, int width) {
        if (of(s) <= width) {
            return s;
        }
        StringBuilder sb = new StringBuilder();
        int w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            int cw = Math.max(0, WCWidth.wcwidth(cp));
            if (w + cw > width - 1) {
                break;
            }
            sb.appendCodePoint(cp);
            w += cw;
            i += Character.charCount(cp);
        }
        return sb.append(ELLIPSIS).toString();
    }

    /**
     * Control characters made visible ({@code \n}, {@code \t}, {@code \r}) so a cell stays on one
     * line.
     */
    public static String oneLine(String s) {
        if (s.indexOf('\n') < 0 && s.indexOf('\t') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return s.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    }

    /** {@code n} spaces. */
    public static String spaces(int n) {
        return n <= 0 ? "" : " ".repeat(n);
    }
}
