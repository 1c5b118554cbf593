package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A spilling query keeps its files in one directory of its own under {@code spill_dir}, in a
 * subdirectory of the spilling operator, and nothing is left once the result set closes.
 */
class QuerySpillDirectoryTest {
    private static final long GROUPS = 200_000;

    @Test
    void filesLiveInTheQueryDirectoryUntilTheResultCloses(@TempDir Path spillDir) throws Exception {
        String sql = "SELECT number, COUNT(*) FROM TABLE(numbers(" + GROUPS + ")) GROUP BY number";
        try (Connection c =
                        DriverManager.getConnection(
                                "jdbc:tally:memory_limit=2MB;spill_dir=" + spillDir);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            assertTrue(rs.next()); // the drain has begun: spilled partitions are still on disk
            assertEquals(1, rs.getLong(2));
            List<Path> queries = list(spillDir);
            assertEquals(1, queries.size(), "one query directory: " + queries);
            assertTrue(
                    queries.get(0).getFileName().toString().startsWith("tally-query-"),
                    queries.toString());
            List<Path> operators =
                    list(queries.get(0)).stream()
                            .filter(p -> !p.getFileName().toString().equals("owner"))
                            .toList();
            assertEquals(1, operators.size(), "one spilling operator: " + operators);
            assertTrue(
                    Files.isDirectory(operators.get(0)) && !list(operators.get(0)).isEmpty(),
                    "the operator's files are in its subdirectory: " + operators);
            long rows = 1;
            while (rs.next()) {
                rows++;
            }
            assertEquals(GROUPS, rows);
        }
        assertEquals(List.of(), list(spillDir), "spill files left behind");
        assertEquals(0, EngineMemory.root().getAllocatedMemory());
    }

    private static List<Path> list(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.collect(Collectors.toList());
        }
    }
}
