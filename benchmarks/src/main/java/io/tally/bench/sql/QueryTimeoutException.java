package io.tally.bench.sql;

import java.sql.SQLException;

/** A benchmark query ran past its timeout; {@link #stopped()} says whether cancelling it worked. */
public final class QueryTimeoutException extends SQLException {
    private static final long serialVersionUID = 1L;
    private final boolean stopped;

    public QueryTimeoutException(String message, boolean stopped) {
        super(message);
        this.stopped = stopped;
    }

    public boolean stopped() {
        return stopped;
    }
}
