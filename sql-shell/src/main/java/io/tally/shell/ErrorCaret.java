package io.tally.shell;

import io.tally.shell.format.TextWidth;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The two lines that point at an error's position in the statement, as psql and DuckDB print them:
 * {@code LINE 1: select from} and a {@code ^} under the offending character. A long line is shown
 * as a window around the position, cut with {@code …}.
 */
final class ErrorCaret {
    /**
     * Positions as Calcite and Tally write them: "at line 1, column 8", "From line 1, column 8 to
     * ...".
     */
    private static final Pattern POSITION = Pattern.compile("line (\\d+), column (\\d+)");

    /** Characters of the statement shown before the position on a long line. */
    static final int BEFORE = 50;

    /** Characters shown after the position on a long line. */
    static final int AFTER = 30;

    private ErrorCaret() {}

    /**
     * The caret lines for an error message naming a position in {@code sql}; empty when the message
     * names none, or one outside the statement.
     */
    static List<String> lines(String message, String sql) {
        Matcher m = POSITION.matcher(message);
        if (sql == null || !m.find()) {
            return List.of();
        }
        int lineNumber = Integer.parseInt(m.group(1));
        int column = Integer.parseInt(m.group(2));
        String[] lines = sql.split("\r\n|\r|\n", -1);
        if (lineNumber < 1 || lineNumber > lines.length || column < 1) {
            return List.of();
        }
        String line = lines[lineNumber - 1].replace('\t', ' ');
        if (column > line.length() + 1) {
            return List.of();
        }
        int from = Math.max(0, column - 1 - BEFORE);
        int to = Math.min(line.length(), column - 1 + AFTER);
        String prefix = "LINE " + lineNumber + ": " + (from > 0 ? TextWidth.ELLIPSIS : "");
        String shown = line.substring(from, to) + (to < line.length() ? TextWidth.ELLIPSIS : "");
        String before = prefix + line.substring(from, column - 1);
        return List.of(prefix + shown, TextWidth.spaces(TextWidth.of(before)) + "^");
    }
}
