package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import io.tally.memory.MemoryPool;
import io.tally.memory.ServerMemory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Two connections share {@code server_memory_limit}: while one query holds its groups, a second one
 * that would fit alone spills within what the server has left and answers right, the first query's
 * answer stays right, and every byte comes back.
 */
class ServerMemoryLimitTest {
    private static final int GROUPS = 300_000;
    private static final String QUERY =
            "SELECT number, COUNT(*), SUM(number) FROM TABLE(numbers("
                    + GROUPS
                    + ")) GROUP BY number";

    @AfterEach
    void removeServerLimit() {
        ServerMemory.setLimit(0);
    }

    @Test
    void secondQuerySpillsWithoutTouchingTheFirst() throws Exception {
        // Measure what the query reserves at its peak and what it still holds once draining.
        MemoryPool probe = ServerMemory.setLimit(1L << 40);
        long peak;
        long holding;
        try (Connection c = DriverManager.getConnection("jdbc:tally:");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(QUERY)) {
            assertTrue(rs.next());
            holding = probe.reserved();
            peak = probe.peak();
        }
        assertEquals(0, probe.reserved());
        assertTrue(holding > 0 && peak >= holding, peak + " / " + holding);

        // Room for one query alone, not for a second one while the first holds its groups.
        MemoryPool server = ServerMemory.setLimit(peak + holding / 2);
        try (Connection a = DriverManager.getConnection("jdbc:tally:");
                Connection b = DriverManager.getConnection("jdbc:tally:");
                Statement sa = a.createStatement();
                Statement sb = b.createStatement()) {
            try (ResultSet ra = sa.executeQuery(QUERY)) {
                assertTrue(ra.next());
                long rows = 1;
                long count = ra.getLong(2);
                long sum = ra.getLong(3);
                // the second query cannot hold all its groups beside the first: it spills and
                // answers
                long rowsB = 0;
                long countB = 0;
                long sumB = 0;
                try (ResultSet rb = sb.executeQuery(QUERY)) {
                    while (rb.next()) {
                        rowsB++;
                        countB += rb.getLong(2);
                        sumB += rb.getLong(3);
                    }
                }
                assertEquals(GROUPS, rowsB);
                assertEquals(GROUPS, countB);
                assertEquals((long) GROUPS * (GROUPS - 1) / 2, sumB);
                assertTrue(server.peak() <= server.limit());
                // A small query still fits beside the big one.
                try (ResultSet small =
                        sb.executeQuery(
                                "SELECT number % 4, COUNT(*) FROM TABLE(numbers(1000)) GROUP BY 1 ORDER BY 1")) {
                    while (small.next()) {
                        assertEquals(250, small.getLong(2));
                    }
                }
                while (ra.next()) {
                    rows++;
                    count += ra.getLong(2);
                    sum += ra.getLong(3);
                }
                assertEquals(GROUPS, rows);
                assertEquals(GROUPS, count);
                assertEquals((long) GROUPS * (GROUPS - 1) / 2, sum);
            }
        }
        assertEquals(0, server.reserved());
        assertEquals(0, EngineMemory.root().getAllocatedMemory());
    }
}
