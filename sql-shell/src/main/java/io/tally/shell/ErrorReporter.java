package io.tally.shell;

import java.io.PrintWriter;

/**
 * Prints failures as one {@code Error: …} line (with {@code file:line:} when known), then, when the
 * error names a position in the statement, the line with a caret under it; the stack trace only
 * when verbose.
 */
public final class ErrorReporter {
    private final PrintWriter err;
    private final ShellSettings settings;

    public ErrorReporter(PrintWriter err, ShellSettings settings) {
        this.err = err;
        this.settings = settings;
    }

    /**
     * Reports {@code e}, raised while running {@code sql} (null for meta commands) at {@code
     * location} (may be null).
     */
    public void report(Throwable e, String sql, String location) {
        String where = location == null ? "" : location + ": ";
        String message = ErrorMessages.oneLine(e, sql);
        err.println(settings.palette().red("Error: " + where + message));
        for (String line : ErrorCaret.lines(message, sql)) {
            err.println(line);
        }
        if (settings.verbose()) {
            e.printStackTrace(err);
        }
        err.flush();
    }

    /** Reports a statement stopped by Ctrl-C. */
    public void cancelled() {
        err.println("Query cancelled.");
        err.flush();
    }

    /** The stream errors go to. */
    public PrintWriter stream() {
        return err;
    }
}
