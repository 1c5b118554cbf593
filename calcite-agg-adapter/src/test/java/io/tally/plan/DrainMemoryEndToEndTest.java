package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.datasets.DatasetWriter;
import io.tally.datasets.DrainGenerator;
import io.tally.datasets.FileFormat;
import io.tally.memory.EngineMemory;
import io.tally.memory.MemoryPool;
import io.tally.session.QueryContext;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The blocked drain seen through JDBC: {@code SELECT k, SUM(v) FROM t GROUP BY k} over a 1M-group
 * Arrow file, read row by row from the ResultSet. Once half the groups are out, live (the engine's
 * Arrow bytes) and pool (the query's reserved bytes) are each at most 60% of their value after the
 * first row; the output comes in ceil(groups / block_size) batches (counted as the points where the
 * pool falls; it changes at batch boundaries only); and closing leaves no Arrow byte and no child
 * allocator behind. Every group's sum is checked.
 */
class DrainMemoryEndToEndTest {
    static final int GROUPS = 1_000_000;
    static final int BLOCK_SIZE = 8192;
    static final double MAX_HALF_DRAIN_SHARE = 0.6;

    /**
     * A memory_limit no other test uses, to find this query's pool among {@link
     * QueryContext#pools()}.
     */
    static final long LIMIT = 3_000_000_017L;

    /** {@code v = i % V_MODULUS} in {@link DrainGenerator}. */
    static final int V_MODULUS = 1024;

    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(
            value = DrainGenerator.KeyKind.class,
            names = {"INT64", "UTF8"})
    void memoryFallsWhileTheResultSetDrains(DrainGenerator.KeyKind kind) throws Exception {
        DatasetWriter.write(
                new DrainGenerator(GROUPS, kind, true, 42),
                dir.resolve("t.arrow"),
                FileFormat.ARROW);
        BufferAllocator root = EngineMemory.root();
        assertEquals(0, root.getAllocatedMemory(), "Arrow bytes outstanding before the test");
        // one thread: the checks below follow the blocks of one table (ParallelAggregatorTest
        // checks
        // that a parallel drain's memory falls too)
        String url =
                "jdbc:tally:data="
                        + dir
                        + ";block_size="
                        + BLOCK_SIZE
                        + ";memory_limit="
                        + LIMIT
                        + ";threads=1";
        long liveFirst = -1;
        long poolFirst = -1;
        long liveHalf = -1;
        long poolHalf = -1;
        long rows = 0;
        long keySum = 0;
        int batches = 0;
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery("SELECT k, SUM(v) AS total FROM t GROUP BY k")) {
            MemoryPool pool = null;
            long lastPool = -1;
            while (rs.next()) {
                long key =
                        kind == DrainGenerator.KeyKind.INT64
                                ? rs.getLong(1)
                                : Long.parseLong(rs.getString(1).substring("key_".length()));
                assertEquals((double) (key % V_MODULUS), rs.getDouble(2), "SUM(v) of group " + key);
                keySum += key;
                rows++;
                if (rows == 1) {
                    pool = poolOfThisQuery();
                    liveFirst = root.getAllocatedMemory();
                    poolFirst = pool.reserved();
                    batches = 1;
                } else if (pool.reserved() != lastPool) {
                    // JDBC reads one row ahead: reading row i*BLOCK_SIZE fetched the next block;
                    // reading
                    // the last row fetched the end of data, which frees the last block (pool 0).
                    assertTrue(
                            pool.reserved() < lastPool,
                            "pool grew while draining: "
                                    + lastPool
                                    + " -> "
                                    + pool.reserved()
                                    + " at row "
                                    + rows);
                    assertTrue(
                            rows % BLOCK_SIZE == 0 || rows == GROUPS,
                            "pool changed inside a block, row " + rows);
                    if (pool.reserved() > 0) {
                        batches++;
                    }
                }
                lastPool = pool.reserved();
                if (rows == GROUPS / 2 + 1) {
                    liveHalf = root.getAllocatedMemory();
                    poolHalf = pool.reserved();
                }
            }
        }
        assertEquals(GROUPS, rows);
        assertEquals((long) GROUPS * (GROUPS - 1) / 2, keySum, "every key exactly once");
        assertEquals((GROUPS + BLOCK_SIZE - 1) / BLOCK_SIZE, batches, "output batches");
        String memory =
                "live first/half "
                        + liveFirst
                        + "/"
                        + liveHalf
                        + ", pool first/half "
                        + poolFirst
                        + "/"
                        + poolHalf;
        assertTrue(liveFirst > 0 && poolFirst > 0, memory);
        assertTrue(liveHalf <= MAX_HALF_DRAIN_SHARE * liveFirst, memory);
        assertTrue(poolHalf <= MAX_HALF_DRAIN_SHARE * poolFirst, memory);
        assertEquals(0, root.getAllocatedMemory(), "Arrow bytes outstanding after close");
        assertEquals(
                List.of(), List.copyOf(root.getChildAllocators()), "child allocators after close");
    }

    private static MemoryPool poolOfThisQuery() {
        List<MemoryPool> mine =
                QueryContext.pools().stream()
                        .filter(p -> p.limit() == LIMIT)
                        .filter(p -> p.reserved() > 0)
                        .toList();
        assertEquals(1, mine.size(), "pools of the running query");
        return mine.get(0);
    }
}
