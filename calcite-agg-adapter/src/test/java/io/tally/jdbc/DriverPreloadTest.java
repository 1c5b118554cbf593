package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The driver preload finishes, may be awaited any number of times, and leaves a driver that
 * connects and answers.
 */
class DriverPreloadTest {
    @Test
    void preloadFinishesAndTheDriverWorksAfterIt() throws Exception {
        assertTimeoutPreemptively(
                Duration.ofMinutes(1),
                () -> {
                    DriverPreload.start();
                    DriverPreload.start(); // once per process
                    DriverPreload.await();
                    DriverPreload.await();
                });
        try (Connection c = DriverManager.getConnection("jdbc:tally:");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT 1 + 1")) {
            rs.next();
            assertEquals(2, rs.getInt(1));
        }
    }
}
