package io.tally.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Closing a statement or its connection, or cancelling, while a query runs stops its work (the
 * spilling aggregate's build and merge, Calcite's window reading its input) and deletes its spill
 * files; every Arrow byte comes back. How fast it stops is printed; the test asserts the query
 * ended early (it reports the stop), within a liveness guard.
 */
class LifecycleTest {
    /** Spills many times, merges for a long while: no machine finishes it before the stop. */
    private static final String SPILLING =
            "SELECT number % 50000000 AS k, COUNT(*) AS c"
                    + " FROM TABLE(numbers(200000000)) GROUP BY 1";

    /** Calcite's window keeps all its input on the heap (counted, and checked for cancel). */
    private static final String WINDOW =
            "SELECT COUNT(*) FROM (SELECT number, ROW_NUMBER()"
                    + " OVER (PARTITION BY number % 10 ORDER BY number DESC) AS rn"
                    + " FROM TABLE(numbers(200000000))) WHERE rn > 5";

    /** Liveness guard only: a stop that never comes fails instead of hanging the build. */
    private static final long GUARD_SECONDS = 60;

    @ParameterizedTest(name = "{0} during {1}")
    @CsvSource({
        "statement close, spill",
        "connection close, spill",
        "cancel, spill",
        "statement close, window",
        "cancel, window"
    })
    void stoppingEndsTheWorkAndDeletesSpillFiles(String how, String what, @TempDir Path spill)
            throws Exception {
        boolean spilling = what.equals("spill");
        Connection c =
                DriverManager.getConnection(
                        "jdbc:tally:threads=2;spill_dir="
                                + spill
                                + (spilling ? ";memory_limit=32MB" : ""));
        Statement st = c.createStatement();
        CompletableFuture<Throwable> run =
                CompletableFuture.supplyAsync(
                        () -> {
                            try (ResultSet rs = st.executeQuery(spilling ? SPILLING : WINDOW)) {
                                while (rs.next()) {
                                    Thread.onSpinWait();
                                }
                                return null;
                            } catch (Throwable t) {
                                return t;
                            }
                        });
        // stop once it is well under way: spill files exist, or the window has read for a while
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GUARD_SECONDS);
        while (!run.isDone()
                && System.nanoTime() < deadline
                && (spilling ? Sql.entries(spill) < 4 : false)) {
            Thread.sleep(20);
        }
        Thread.sleep(spilling ? 300 : 2000);
        long asked = System.nanoTime();
        switch (how) {
            case "statement close":
                st.close();
                break;
            case "connection close":
                c.close();
                break;
            default:
                st.cancel();
                break;
        }
        Throwable failure = run.get(GUARD_SECONDS, TimeUnit.SECONDS);
        long stopMillis = (System.nanoTime() - asked) / 1_000_000;
        assertNotNull(failure, "the query finished instead of stopping");
        assertInstanceOf(SQLException.class, failure);
        assertTrue(
                String.valueOf(failure.getMessage()).toLowerCase().contains("cancel"),
                failure.getMessage());
        System.out.printf("%s during %s: stopped %d ms after the call%n", how, what, stopMillis);
        c.close();
        Sql.assertReleased(spill);
    }

    @ParameterizedTest
    @CsvSource({"32MB, 2000000", "16MB, 500000"})
    void emitAllSpillsInsteadOfFailing(String limit, long groups, @TempDir Path spill)
            throws Exception {
        try (Connection c =
                DriverManager.getConnection(
                        "jdbc:tally:emit=all;memory_limit=" + limit + ";spill_dir=" + spill)) {
            assertEquals(
                    groups + "|" + groups * (groups - 1) / 2 + "\n",
                    Sql.text(
                            c,
                            "SELECT COUNT(*), SUM(s) FROM (SELECT number AS k, SUM(number) AS s"
                                    + " FROM TABLE(numbers("
                                    + groups
                                    + ")) GROUP BY number)"));
        }
        Sql.assertReleased(spill);
    }
}
