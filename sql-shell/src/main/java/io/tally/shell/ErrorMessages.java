package io.tally.shell;

import io.tally.jdbc.SqlErrors;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Turns an exception chain into the one line a user needs: the message of the driver's mapping
 * ({@link SqlErrors}) when it recognises the failure; otherwise wrapper text ("Error while
 * executing SQL …", Avatica's "Error -1 (00000) :", class-name prefixes) removed, the deepest real
 * message kept, unless a shallower one says the same with a position ("From line 1, column 8 …").
 */
public final class ErrorMessages {
    private static final int MAX_DEPTH = 32;
    private static final Pattern AVATICA_PREFIX =
            Pattern.compile("^Error -?\\d+ \\([0-9A-Za-z]+\\) : ");
    private static final Pattern EXECUTING_PREFIX =
            Pattern.compile("(?s)^Error while (?:executing|preparing) (?:SQL|statement) \".*?\": ");
    private static final Pattern CLASS_PREFIX =
            Pattern.compile("^(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*: ");
    private static final Pattern SIMPLE_CLASS_PREFIX =
            Pattern.compile("^[A-Z][\\w$]*(?:Exception|Error): ");
    private static final Pattern REMOTE_PREFIX = Pattern.compile("^Remote driver error: ");
    private static final String REMOTE_LINK = " -> ";

    /** How Avatica's HTTP client reports a rejected login. */
    private static final String HTTP_UNAUTHORIZED = "HTTP/401";

    private static final Pattern POSITION = Pattern.compile("line \\d+, column \\d+");

    private ErrorMessages() {}

    /**
     * The most useful one-line message for {@code t}; {@code sql} (may be null) is the statement
     * that failed.
     */
    public static String oneLine(Throwable t, String sql) {
        SQLException mapped = SqlErrors.of(t);
        if (!SqlErrors.INTERNAL_ERROR.equals(mapped.getSQLState()) && mapped.getMessage() != null) {
            return firstLine(
                    mapped.getMessage()); // the driver's line (Tally's, or Calcite's, classified)
        }
        List<String> messages = new ArrayList<>();
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable x = t;
                x != null && !seen.containsKey(x) && seen.size() < MAX_DEPTH;
                x = x.getCause()) {
            seen.put(x, true);
            String m = x.getMessage();
            if (m == null
                    || m.isBlank()
                    || (x.getCause() != null && m.equals(x.getCause().toString()))) {
                continue;
            }
            // Avatica's remote driver flattens the server's chain into "Remote driver error: A: x
            // -> B: y"
            for (String part :
                    REMOTE_PREFIX.matcher(m.strip()).replaceFirst("").split(REMOTE_LINK)) {
                String clean = clean(part, sql);
                if (!clean.isEmpty()) {
                    messages.add(clean);
                }
            }
        }
        if (messages.isEmpty()) {
            return t.getClass().getSimpleName();
        }
        String best = messages.get(messages.size() - 1);
        for (int i = messages.size() - 2; i >= 0; i--) {
            String m = messages.get(i);
            if (!POSITION.matcher(firstLine(best)).find()
                    && POSITION.matcher(firstLine(m)).find()
                    && m.contains(firstLine(best))) {
                best = m;
            }
        }
        String line = firstLine(best);
        if (line.contains(HTTP_UNAUTHORIZED)) {
            line += " (wrong user or password?)";
        }
        String pos = parserPosition(t);
        return pos != null && !POSITION.matcher(line).find() ? line + " (at " + pos + ")" : line;
    }

    /** {@code line L, column C} of the first Calcite parse error in the chain, or null. */
    private static String parserPosition(Throwable t) {
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable x = t;
                x != null && !seen.containsKey(x) && seen.size() < MAX_DEPTH;
                x = x.getCause()) {
            seen.put(x, true);
            if (x instanceof SqlParseException && ((SqlParseException) x).getPos() != null) {
                SqlParserPos p = ((SqlParseException) x).getPos();
                return "line " + p.getLineNum() + ", column " + p.getColumnNum();
            }
        }
        return null;
    }

    private static String clean(String m, String sql) {
        String s = m.strip();
        for (boolean changed = true; changed; ) {
            String before = s;
            s = AVATICA_PREFIX.matcher(s).replaceFirst("");
            if (sql != null && s.startsWith("Error while executing SQL \"" + sql + "\": ")) {
                s = s.substring(("Error while executing SQL \"" + sql + "\": ").length());
            }
            s = EXECUTING_PREFIX.matcher(s).replaceFirst("");
            s = CLASS_PREFIX.matcher(s).replaceFirst("");
            s = SIMPLE_CLASS_PREFIX.matcher(s).replaceFirst("");
            s = s.strip();
            changed = !s.equals(before);
        }
        return s;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }
}
