package io.tally.jdbc;

import io.tally.batch.QueryCancelledException;
import io.tally.batch.TallyException;
import io.tally.exec.expr.NumericOverflowException;
import io.tally.memory.MemoryLimitExceededException;
import io.tally.parser.SqlReadOnlyStatement;
import io.tally.schema.DataFileException;
import io.tally.spill.SpillException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransientException;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.AvaticaSqlException;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.runtime.CalciteException;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.validate.SqlValidatorException;

/**
 * The one place where a failure becomes what a JDBC client sees: an {@link SQLException} with a
 * standard SQLState (PostgreSQL's codes), the matching subclass ({@link SQLDataException} for class
 * 22, {@link SQLSyntaxErrorException} for 42, ...) and a one-line message naming the cause. The
 * embedded driver, the server and the remote driver all go through here.
 */
public final class SqlErrors {
    public static final String DIVISION_BY_ZERO = "22012";
    public static final String INVALID_CAST = "22018";
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    public static final String INVALID_DATETIME = "22007";
    public static final String INVALID_TEXT = "22P02";
    public static final String INVALID_PARAMETER = "22023";
    public static final String DATA_EXCEPTION = "22000";
    public static final String READ_ONLY = "25006";
    public static final String SYNTAX_ERROR = "42601";
    public static final String QUERY_CANCELED = "57014";
    public static final String OUT_OF_MEMORY = "53200";
    public static final String STATEMENT_TOO_COMPLEX = "54001";
    public static final String IO_ERROR = "58030";
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    public static final String UNABLE_TO_CONNECT = "08001";
    public static final String INTERNAL_ERROR = "XX000";

    /** What Avatica sends when it knows no state; never passed on. */
    private static final String UNKNOWN_STATE = "00000";

    /** How deep a cause chain is followed (guards against cycles). */
    private static final int MAX_DEPTH = 32;

    /** The input Java's number parsers name: {@code For input string: "abc"}. */
    private static final Pattern NUMBER_INPUT = Pattern.compile("For input string: \"(.*)\"");

    /** What Avatica's client writes before the server's message. */
    private static final String REMOTE_PREFIX = "Remote driver error: ";

    private static final Pattern EXECUTING_PREFIX =
            Pattern.compile("(?s)^Error while (?:executing|preparing) (?:SQL|statement) \".*?\": ");

    /** A position in a message: {@code line 1, column 8}. */
    private static final Pattern POSITION = Pattern.compile("line \\d+, column \\d+");

    /**
     * Calcite's date/time parsers: {@code Invalid DATE value, 'abc'}, {@code ... out of range in
     * '...'}.
     */
    private static final Pattern DATETIME_TEXT =
            Pattern.compile(
                    "Invalid (DATE|TIME|TIMESTAMP)[A-Z_ ]* value|field is out of range in '");

    private SqlErrors() {}

    /** A failure of any kind as the client's SQLException. */
    public static SQLException of(Throwable t) {
        if (t instanceof SQLException
                && hasState((SQLException) t)
                && !(t instanceof AvaticaSqlException)) {
            return (SQLException) t;
        }
        Classified c = classify(t);
        return create(c.message, c.state, t);
    }

    /**
     * A connection that could not be opened: {@code 08001}, unless the refusal came with its own
     * SQLState (an invalid setting, a server's answer).
     */
    public static SQLException connectFailed(Throwable t) {
        SQLException e = of(t);
        for (Throwable x = t; x != null; x = x.getCause() == x ? null : x.getCause()) {
            if (x instanceof SQLException && hasState((SQLException) x)) {
                return e; // a bad setting, a refused login: said by whoever refused
            }
        }
        return create(e.getMessage(), UNABLE_TO_CONNECT, t);
    }

    /** A statement stopped by {@link java.sql.Statement#cancel()}. */
    public static SQLException cancelled(Throwable cause) {
        return create("Query cancelled", QUERY_CANCELED, cause);
    }

    /** A statement stopped by its query timeout. */
    public static SQLTimeoutException timedOut(int seconds, Throwable cause) {
        return new SQLTimeoutException(
                "Query timed out after " + seconds + " s (setQueryTimeout)", QUERY_CANCELED, cause);
    }

    /** An SQLException of the subclass that goes with {@code state}. */
    public static SQLException create(String message, String state, Throwable cause) {
        String cls = state.substring(0, 2);
        switch (cls) {
            case "22":
                return new SQLDataException(message, state, cause);
            case "42":
                return new SQLSyntaxErrorException(message, state, cause);
            case "0A":
                return new SQLFeatureNotSupportedException(message, state, cause);
            case "53":
                return new SQLTransientException(message, state, cause);
            case "25":
            case "54":
                return new SQLNonTransientException(message, state, cause);
            default:
                return new SQLException(message, state, cause);
        }
    }

    /** What a failure means: its SQLState and the message to show. */
    private record Classified(String state, String message) {}

    private static Classified classify(Throwable top) {
        String tallyMessage = null;
        String fallback = null;
        Map<Throwable, Boolean> seen = new IdentityHashMap<>();
        for (Throwable t = top;
                t != null && seen.put(t, true) == null && seen.size() <= MAX_DEPTH;
                t = t.getCause()) {
            Classified c = classifyOne(t);
            if (c != null) {
                // a Tally error wrapping a low-level one (SUM overflowed ... around long overflow)
                // keeps Tally's words
                return tallyMessage != null && c.state.startsWith("22")
                        ? new Classified(c.state, tallyMessage)
                        : c;
            }
            if (t instanceof TallyException && tallyMessage == null) {
                tallyMessage = t.getMessage();
            }
            if (fallback == null && isOwnMessage(t)) {
                fallback = firstLine(t.getMessage());
            }
        }
        if (tallyMessage != null) {
            return new Classified(DATA_EXCEPTION, tallyMessage);
        }
        return new Classified(
                INTERNAL_ERROR,
                fallback != null ? fallback : "Internal error: " + top.getClass().getSimpleName());
    }

    /** The classification of one exception of the chain, or null if it only wraps its cause. */
    private static Classified classifyOne(Throwable t) {
        String m = t.getMessage() == null ? "" : t.getMessage();
        if (t instanceof AvaticaSqlException && hasState((SQLException) t)) {
            return new Classified(
                    ((SQLException) t).getSQLState(),
                    serverMessage(((AvaticaSqlException) t).getErrorMessage()));
        }
        if (t instanceof SQLException && hasState((SQLException) t)) {
            return new Classified(((SQLException) t).getSQLState(), firstLine(m));
        }
        if (t instanceof SQLDataException) { // Avatica's "cannot convert to Date (...)"
            return new Classified(
                    m.startsWith("cannot convert") ? INVALID_CAST : DATA_EXCEPTION, firstLine(m));
        }
        if (t instanceof QueryCancelledException
                || t instanceof CancellationException
                || m.equals("Statement canceled")) {
            return new Classified(QUERY_CANCELED, "Query cancelled");
        }
        if (t instanceof MemoryLimitExceededException
                || t instanceof OutOfMemoryError
                || t.getClass().getName().equals("org.apache.arrow.memory.OutOfMemoryException")) {
            return new Classified(
                    OUT_OF_MEMORY,
                    t instanceof OutOfMemoryError
                            ? "Out of memory: the JVM heap is full (" + m + ")"
                            : firstLine(m));
        }
        if (t instanceof SqlReadOnlyException) {
            return new Classified(READ_ONLY, m);
        }
        if (t instanceof NumericOverflowException) {
            return new Classified(NUMERIC_OUT_OF_RANGE, "Numeric value out of range: " + m);
        }
        if (t instanceof ArithmeticException) {
            return arithmetic(m);
        }
        if (t instanceof NumberFormatException) {
            Matcher input = NUMBER_INPUT.matcher(m);
            return new Classified(
                    INVALID_CAST,
                    input.matches()
                            ? "Invalid number: '" + input.group(1) + "'"
                            : "Invalid number: " + m);
        }
        if (t instanceof IllegalArgumentException && DATETIME_TEXT.matcher(m).find()) {
            return new Classified(INVALID_DATETIME, m);
        }
        if (t instanceof SqlParseException) {
            SqlParserPos pos = ((SqlParseException) t).getPos();
            String line = firstLine(m);
            return new Classified(
                    SYNTAX_ERROR,
                    pos == null || POSITION.matcher(line).find()
                            ? line
                            : line
                                    + " (at line "
                                    + pos.getLineNum()
                                    + ", column "
                                    + pos.getColumnNum()
                                    + ")");
        }
        if (t instanceof CalciteContextException) {
            Throwable cause = t.getCause();
            String detail = cause instanceof SqlValidatorException ? cause.getMessage() : m;
            return new Classified(ValidatorErrors.state(detail), firstLine(m));
        }
        if (t instanceof CalciteException && m.startsWith("Invalid character for cast")) {
            return new Classified(INVALID_CAST, m);
        }
        if (t instanceof DataFileException) {
            return new Classified(INVALID_TEXT, firstLine(m));
        }
        if (t instanceof SpillException) {
            return new Classified(IO_ERROR, firstLine(m));
        }
        if (t instanceof StackOverflowError) {
            return new Classified(STATEMENT_TOO_COMPLEX, "Statement too complex (stack overflow)");
        }
        if (t instanceof IllegalArgumentException && isOwnMessage(t)) {
            return new Classified(INVALID_PARAMETER, firstLine(m));
        }
        return null;
    }

    private static Classified arithmetic(String m) {
        String lower = m.toLowerCase(Locale.ROOT);
        if (lower.contains("by zero") || lower.contains("division undefined")) {
            return new Classified(DIVISION_BY_ZERO, "Division by zero");
        }
        if (lower.contains("overflow")
                || lower.contains("out of range")
                || lower.contains("cannot be represented")) {
            return new Classified(NUMERIC_OUT_OF_RANGE, "Numeric value out of range: " + m);
        }
        return new Classified(DATA_EXCEPTION, m);
    }

    /**
     * The server's own words in an error that came through Avatica's client, which puts {@code
     * Error while executing SQL "...": Remote driver error: } before them.
     */
    private static String serverMessage(String m) {
        int remote = m.lastIndexOf(REMOTE_PREFIX);
        String own =
                remote >= 0
                        ? m.substring(remote + REMOTE_PREFIX.length())
                        : EXECUTING_PREFIX.matcher(m).replaceFirst("");
        return firstLine(own);
    }

    /** Whether an exception says something of its own (not only its cause's text). */
    private static boolean isOwnMessage(Throwable t) {
        String m = t.getMessage();
        return m != null
                && !m.isBlank()
                && (t.getCause() == null || !m.equals(t.getCause().toString()));
    }

    private static boolean hasState(SQLException e) {
        return e.getSQLState() != null && !e.getSQLState().equals(UNKNOWN_STATE);
    }

    private static String firstLine(String s) {
        if (s == null) {
            return "";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    /** A statement that would write, refused because Tally is read-only. */
    static final class SqlReadOnlyException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SqlReadOnlyException(SqlReadOnlyStatement statement) {
            super(statement.message());
        }
    }
}
