package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.datasets.DatasetWriter;
import io.tally.datasets.DrainGenerator;
import io.tally.datasets.FileFormat;
import io.tally.memory.EngineMemory;
import io.tally.session.QueryContext;
import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every way a blocked aggregate query can end early, through {@code jdbc:tally:}: closing the
 * ResultSet mid-drain, a SUM overflow mid-build, {@link Statement#cancel()} from another thread
 * mid-build, and a {@code memory_limit} too small for one block. Each leaves no Arrow byte and no
 * child allocator under {@link EngineMemory#root()}; the errors say what went wrong.
 */
class CleanupEndToEndTest {
    static final int GROUPS = 200_000;
    static final int OVERFLOW_ROWS = 50_000;
    static final int OVERFLOW_KEYS = 1_000;

    /** A memory_limit no other test uses, to find the cancelled query's pool. */
    static final long CANCEL_LIMIT = 1_000_000_007L;

    static final long CANCEL_WAIT_SECONDS = 120;

    @TempDir static Path dir;

    @BeforeAll
    static void writeData() throws Exception {
        DatasetWriter.write(
                new DrainGenerator(GROUPS, DrainGenerator.KeyKind.INT64, true, 7),
                dir.resolve("drain.arrow"),
                FileFormat.ARROW);
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve("big.csv"))) {
            w.write("k:BIGINT,v:BIGINT\n");
            for (int i = 0; i < OVERFLOW_ROWS; i++) {
                w.write((i % OVERFLOW_KEYS) + "," + (Long.MAX_VALUE / 8) + "\n");
            }
        }
    }

    @AfterEach
    void nothingOutstanding() {
        BufferAllocator root = EngineMemory.root();
        assertEquals(0, root.getAllocatedMemory(), "Arrow bytes outstanding");
        assertEquals(List.of(), List.copyOf(root.getChildAllocators()), "child allocators");
    }

    private static Connection connect(String settings) throws SQLException {
        return DriverManager.getConnection(
                "jdbc:tally:data=" + dir + (settings.isEmpty() ? "" : ";" + settings));
    }

    @ParameterizedTest
    @ValueSource(strings = {"block_size=1024", "block_size=1024;emit=all", "block_size=2"})
    void closingTheResultSetMidDrainFreesEverything(String settings) throws Exception {
        try (Connection c = connect(settings);
                Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT k, SUM(v) FROM drain GROUP BY k")) {
                for (int i = 0; i < 5000; i++) {
                    assertTrue(rs.next());
                }
                assertTrue(EngineMemory.root().getAllocatedMemory() > 0, "the drain holds blocks");
            }
            assertEquals(0, EngineMemory.root().getAllocatedMemory(), "after ResultSet.close()");
            // the statement still works afterwards
            try (ResultSet rs =
                    s.executeQuery("SELECT COUNT(*) FROM (SELECT k FROM drain GROUP BY k)")) {
                assertTrue(rs.next());
                assertEquals(GROUPS, rs.getLong(1));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT k, SUM(v) FROM big GROUP BY k",
                "SELECT k, SUM(v + 0) FROM big GROUP BY k", // row input: the expression is computed
                // first
                "SELECT SUM(v) FROM big"
            })
    void sumOverflowMidBuildIsAnErrorAndFreesEverything(String sql) throws Exception {
        try (Connection c = connect("block_size=64");
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> drain(s, sql));
            assertTrue(
                    messages(e).contains("overflow") || messages(e).contains("out of range"),
                    messages(e));
        }
    }

    @Test
    void cancelFromAnotherThreadMidBuildFreesEverything() throws Exception {
        try (Connection c = connect("memory_limit=" + CANCEL_LIMIT);
                Statement s = c.createStatement()) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread query =
                    new Thread(
                            () -> {
                                try {
                                    drain(
                                            s,
                                            "SELECT MOD(number, 100000) AS k, SUM(number) AS total"
                                                    + " FROM TABLE(numbers(100000000000)) GROUP BY MOD(number, 100000)");
                                } catch (Throwable t) {
                                    failure.set(t);
                                }
                            },
                            "cancel-test-query");
            query.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CANCEL_WAIT_SECONDS);
            while (!building() && query.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertTrue(building(), "the aggregate never started building: " + failure.get());
            Thread.sleep(200);
            s.cancel();
            query.join(TimeUnit.SECONDS.toMillis(CANCEL_WAIT_SECONDS));
            assertFalse(query.isAlive(), "the query ignored Statement.cancel()");
            assertNotNull(failure.get(), "a cancelled query must fail");
            assertTrue(failure.get() instanceof SQLException, failure.get().toString());
            assertTrue(messages(failure.get()).contains("cancel"), messages(failure.get()));
        }
    }

    @Test
    void memoryLimitSmallerThanOneBlockNamesTheLimit() throws Exception {
        try (Connection c = connect("memory_limit=1KB");
                Statement s = c.createStatement()) {
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () -> drain(s, "SELECT k, SUM(v) FROM drain GROUP BY k"));
            String text = messages(e);
            assertTrue(text.contains("memory_limit"), text);
            assertTrue(text.contains("1.0 KiB"), text);
            assertTrue(text.contains("Aggregate"), "names the operator: " + text);
        }
    }

    /** Whether the cancel test's aggregate has reserved memory, i.e. is building. */
    private static boolean building() {
        return QueryContext.pools().stream()
                .anyMatch(p -> p.limit() == CANCEL_LIMIT && p.reserved() > 0);
    }

    private static long drain(Statement s, String sql) throws SQLException {
        long rows = 0;
        try (ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows++;
            }
        }
        return rows;
    }

    /** The messages of {@code t} and its causes. */
    private static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable x = t; x != null; x = x.getCause()) {
            b.append(x.getMessage()).append(" | ");
        }
        return b.toString();
    }
}
