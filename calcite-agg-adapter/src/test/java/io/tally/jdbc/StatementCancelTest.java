package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import io.tally.session.QueryProgress;
import io.tally.session.TallySession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Statement#cancel()} on the real driver stops a blocked aggregate while it builds and while
 * its result drains, frees every Arrow byte and leaves no spill file; the connection stays usable.
 * "Stopped early" is judged by rows, not time: the scan must not have reached its end.
 */
class StatementCancelTest {
    /** Long enough that no machine finishes it before the cancel lands. */
    private static final long BUILD_ROWS = 200_000_000L;

    private static final String BUILD_QUERY =
            "SELECT number % 1000003, COUNT(*) FROM TABLE(numbers(" + BUILD_ROWS + ")) GROUP BY 1";
    private static final int DRAIN_GROUPS = 5_000_000;
    private static final String DRAIN_QUERY =
            "SELECT number, COUNT(*) AS c FROM TABLE(numbers("
                    + DRAIN_GROUPS
                    + ")) GROUP BY number";

    /** Rows the build must have read before the test cancels it ("mid-build"). */
    private static final long CANCEL_AFTER_ROWS = 5_000_000L;

    /** Liveness guard only (a hung statement fails the test instead of hanging the build). */
    private static final long GUARD_SECONDS = 60;

    @Test
    void cancelDuringBuildStopsTheScanAndFreesEverything(@TempDir Path spill) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tally:spill_dir=" + spill);
                Statement st = c.createStatement()) {
            QueryProgress progress = TallySession.of(c).progress();
            CompletableFuture<Throwable> run =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try (ResultSet rs = st.executeQuery(BUILD_QUERY)) {
                                    rs.next();
                                    return null;
                                } catch (Throwable t) {
                                    return t;
                                }
                            });
            while (progress.snapshot().rows() < CANCEL_AFTER_ROWS && !run.isDone()) {
                Thread.sleep(1);
            }
            long asked = System.nanoTime();
            st.cancel();
            Throwable failure = run.get(GUARD_SECONDS, TimeUnit.SECONDS);
            long stopNanos = System.nanoTime() - asked;
            assertNotNull(failure, "the query finished instead of being cancelled");
            assertInstanceOf(SQLException.class, failure);
            assertTrue(
                    String.valueOf(failure.getMessage()).toLowerCase().contains("cancel"),
                    failure.getMessage());
            QueryProgress.Snapshot at = progress.snapshot();
            assertTrue(at.rows() < BUILD_ROWS, "scan ran to the end: " + at);
            assertEquals(BUILD_ROWS, at.estimatedRows());
            assertTrue(at.groups() > 0 && at.groups() <= 1000003, at.toString());
            System.out.printf(
                    "cancel during build: stopped %.1f ms after cancel(), %s%n",
                    stopNanos / 1e6, at);
        }
        assertReleased(spill);
    }

    @Test
    void cancelDuringDrainStopsReadingAndFreesEverything(@TempDir Path spill) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tally:spill_dir=" + spill)) {
            Statement st = c.createStatement();
            ResultSet rs = st.executeQuery(DRAIN_QUERY);
            long read = 0;
            long sum = 0;
            while (read < 3 * 8192 + 17 && rs.next()) {
                sum += rs.getLong(2);
                read++;
            }
            assertEquals(read, sum); // every group counts one row
            assertTrue(
                    EngineMemory.root().getAllocatedMemory() > 0,
                    "the groups should be held while draining");
            assertEquals(DRAIN_GROUPS, TallySession.of(c).progress().snapshot().groups());
            long asked = System.nanoTime();
            CompletableFuture.runAsync(
                            () -> {
                                try {
                                    st.cancel();
                                } catch (SQLException e) {
                                    throw new IllegalStateException(e);
                                }
                            })
                    .get(GUARD_SECONDS, TimeUnit.SECONDS);
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () -> {
                                while (rs.next()) {
                                    Thread.onSpinWait();
                                }
                            });
            long stopNanos = System.nanoTime() - asked;
            assertTrue(e.getMessage().toLowerCase().contains("cancel"), e.getMessage());
            rs.close();
            st.close();
            System.out.printf(
                    "cancel during drain: next() failed %.1f ms after cancel()%n", stopNanos / 1e6);
            assertReleased(spill);
            assertConnectionStillWorks(c);
        }
        assertReleased(spill);
    }

    @Test
    void cancelledAggregateOverRowInputAlsoFrees(@TempDir Path spill) throws Exception {
        // A filter between scan and aggregate: the aggregate reads Calcite rows, not batches.
        try (Connection c = DriverManager.getConnection("jdbc:tally:spill_dir=" + spill);
                Statement st = c.createStatement()) {
            QueryProgress progress = TallySession.of(c).progress();
            CompletableFuture<Throwable> run =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try (ResultSet rs =
                                        st.executeQuery(
                                                "SELECT number % 7919, SUM(number) FROM TABLE(numbers("
                                                        + BUILD_ROWS
                                                        + ")) WHERE number % 3 <> 1 GROUP BY 1")) {
                                    rs.next();
                                    return null;
                                } catch (Throwable t) {
                                    return t;
                                }
                            });
            while (progress.snapshot().rows() < CANCEL_AFTER_ROWS / 5 && !run.isDone()) {
                Thread.sleep(1);
            }
            st.cancel();
            Throwable failure = run.get(GUARD_SECONDS, TimeUnit.SECONDS);
            assertNotNull(failure, "the query finished instead of being cancelled");
            assertTrue(progress.snapshot().rows() < BUILD_ROWS);
            assertConnectionStillWorks(c);
        }
        assertReleased(spill);
    }

    private static void assertConnectionStillWorks(Connection c) throws SQLException {
        try (Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT number % 3, COUNT(*) FROM TABLE(numbers(10)) GROUP BY 1 ORDER BY 1")) {
            StringBuilder sb = new StringBuilder();
            while (rs.next()) {
                sb.append(rs.getLong(1)).append(':').append(rs.getLong(2)).append(' ');
            }
            assertEquals("0:4 1:3 2:3 ", sb.toString());
        }
    }

    private static void assertReleased(Path spill) throws Exception {
        assertEquals(
                0, EngineMemory.root().getAllocatedMemory(), EngineMemory.root().toVerboseString());
        try (Stream<Path> files = Files.list(spill)) {
            assertEquals(0, files.count(), "spill files left in " + spill);
        }
    }
}
