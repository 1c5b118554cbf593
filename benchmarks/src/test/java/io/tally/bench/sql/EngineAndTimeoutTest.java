package io.tally.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.OptionalInt;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * Tally's connection properties carry {@code threads} only when a thread count was given, and a
 * query past its timeout is cancelled (H2 over a huge range) and reported as a stopped timeout,
 * after which the runner still runs queries.
 */
class EngineAndTimeoutTest {
    @Test
    void threadsOnlyWhenGiven() {
        Properties absent =
                Engine.tallyProperties(Path.of("/data"), "blocked", OptionalInt.empty(), true);
        assertFalse(absent.containsKey("threads"), absent.toString());
        assertEquals("true", absent.getProperty("cache"));
        Properties two =
                Engine.tallyProperties(Path.of("/data"), "calcite", OptionalInt.of(2), false);
        assertEquals("2", two.getProperty("threads"));
        assertEquals("false", two.getProperty("cache"));
        assertEquals("calcite", two.getProperty("aggregate"));
    }

    @Test
    void timeoutCancelsTheQueryAndTheRunnerGoesOn() throws Exception {
        try (QueryRunner runner = new QueryRunner();
                Connection c =
                        DriverManager.getConnection("jdbc:h2:mem:timeout_test;DB_CLOSE_DELAY=0")) {
            QueryTimeoutException e =
                    assertThrows(
                            QueryTimeoutException.class,
                            () ->
                                    runner.run(
                                            c,
                                            "SELECT SUM(X * X) FROM SYSTEM_RANGE(1, 1000000000000)",
                                            1));
            assertTrue(e.getMessage().startsWith("timeout > 1 s"), e.getMessage());
            assertTrue(e.stopped(), "H2 stops a cancelled scan");
            assertEquals(1, runner.run(c, "SELECT 42", 10).answer().rows());
        }
    }
}
