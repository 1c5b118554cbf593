package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.tally.memory.EngineMemory;
import io.tally.spill.SpillStats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * EXPLAIN ANALYZE of a spilling aggregate reports exactly the bytes and files the spill writer put
 * on disk, and the spill directory is empty afterwards.
 */
class ExplainAnalyzeSpillTest {
    /** Groups of the test query: far more than fit in {@link #LIMIT}. */
    private static final long GROUPS = 300_000;

    private static final String LIMIT = "4MB";

    @Test
    void reportedSpillBytesEqualBytesWritten(@TempDir Path spillDir) throws Exception {
        long bytesBefore = SpillStats.bytesWritten();
        long filesBefore = SpillStats.filesCreated();
        JsonNode agg;
        try (Connection c =
                DriverManager.getConnection(
                        "jdbc:tally:memory_limit=" + LIMIT + ";spill_dir=" + spillDir)) {
            JsonNode plan =
                    ExplainAnalyzeJson.explain(
                            c,
                            "SELECT number, SUM(number + 1), COUNT(*)"
                                    + " FROM TABLE(numbers("
                                    + GROUPS
                                    + ")) GROUP BY number");
            agg = ExplainAnalyzeJson.only(plan, "EnumerableBlockedAggregate").get("metrics");
        }
        long written = SpillStats.bytesWritten() - bytesBefore;
        assertTrue(written > 0, "the query should have spilled");
        assertEquals(written, agg.get("spill_write_bytes").asLong());
        assertEquals(SpillStats.filesCreated() - filesBefore, agg.get("spill_files").asLong());
        assertEquals(GROUPS, agg.get("output_rows").asLong());
        assertTrue(agg.get("spill_read_count").asLong() > 0, "spilled batches are read back");
        assertTrue(agg.get("spill_partitions").asLong() > 0);
        try (Stream<Path> left = Files.walk(spillDir)) {
            assertEquals(1, left.count(), "spill files left behind in " + spillDir);
        }
        assertEquals(0, EngineMemory.root().getAllocatedMemory());
    }
}
