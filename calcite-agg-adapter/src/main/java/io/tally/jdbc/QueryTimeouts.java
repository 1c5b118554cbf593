package io.tally.jdbc;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The watchdog behind {@link java.sql.Statement#setQueryTimeout}: one daemon thread for the JVM,
 * which cancels a statement once its time is up.
 */
final class QueryTimeouts {
    private static final ScheduledExecutorService WATCHDOG =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread t = new Thread(r, "tally-query-timeout");
                        t.setDaemon(true);
                        return t;
                    });

    private QueryTimeouts() {}

    /**
     * Runs {@code onTimeout} after {@code seconds}, unless the returned future is cancelled first.
     */
    static ScheduledFuture<?> after(int seconds, Runnable onTimeout) {
        return WATCHDOG.schedule(onTimeout, seconds, TimeUnit.SECONDS);
    }
}
