package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchCursor;
import io.tally.memory.EngineMemory;
import io.tally.memory.MachineMemory;
import io.tally.memory.MemoryPool;
import io.tally.session.QueryContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cache=true}: same answers as uncached scans, invalidation on rewrite, no leaks. */
class TableCacheTest {
    private static final List<String> QUERIES =
            List.of(
                    "SELECT * FROM t ORDER BY i32 NULLS LAST, i64",
                    "SELECT i8, COUNT(*), SUM(i64), MIN(s), MAX(f64) FROM t GROUP BY i8 ORDER BY i8",
                    "SELECT color, COUNT(*) FROM t GROUP BY color ORDER BY color",
                    "SELECT SUM(i32) FROM t WHERE i64 > 3");
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        TableCache.engine().clear();
        SqlFixture.assertNoArrowMemory();
    }

    private static List<List<String>> run(Connection c, String sql) throws Exception {
        return SqlFixture.strings(c, sql);
    }

    /**
     * {@code rows} in a fixed order (no ORDER BY: under a small memory_limit Calcite's sort fails).
     */
    private static List<List<String>> sorted(List<List<String>> rows) {
        List<List<String>> out = new ArrayList<>(rows);
        out.sort(Comparator.comparing(Object::toString));
        return out;
    }

    private Connection connect(boolean cache) throws Exception {
        return DriverManager.getConnection("jdbc:tally:data=" + dir + ";cache=" + cache);
    }

    @Test
    void arrowAnswersMatchUncachedAndRepeat() throws Exception {
        Path file = dir.resolve("t.arrow");
        ArrowFiles.write(file, 4, 0, 3, 5);
        try (Connection plain = connect(false);
                Connection cached = connect(true)) {
            run(plain, QUERIES.get(0));
            assertFalse(TableCache.engine().isCached(file), "cache=false must not fill the cache");
            for (String q : QUERIES) {
                List<List<String>> expected = run(plain, q);
                assertEquals(expected, run(cached, q), q);
                assertTrue(TableCache.engine().isCached(file));
                assertEquals(expected, run(cached, q), "second (cached) run of " + q);
            }
            assertTrue(TableCache.engine().bytes() > 0);
            assertEquals(1, TableCache.engine().files());
            String show = run(cached, "SHOW cache").get(0).get(1);
            assertTrue(show.startsWith("true (cached: 1 file, "), show);
        }
    }

    @Test
    void loadingATableLowersTheDefaultLimitOfRunningQueries() throws Exception {
        Path file = dir.resolve("t.arrow");
        ArrowFiles.write(file, 4, 0, 3, 5);
        MemoryPool follower = new MemoryPool(Long.MAX_VALUE / 4);
        MachineMemory.follow(follower);
        try (Connection byDefault = connect(true);
                Connection set =
                        DriverManager.getConnection(
                                "jdbc:tally:data=" + dir + ";cache=true;memory_limit=1GB");
                Statement a = byDefault.createStatement();
                Statement b = set.createStatement();
                ResultSet open = a.executeQuery("SELECT i8 FROM t GROUP BY i8");
                ResultSet other = b.executeQuery("SELECT i8 FROM t GROUP BY i8")) {
            assertTrue(open.next() && other.next());
            // the first scan loaded the file: following limits were derived again
            long cached = EngineMemory.cachedBytes();
            assertTrue(cached > 0);
            assertEquals(MachineMemory.defaultQueryLimit(cached), follower.limit());
            // a query under the default memory_limit follows, one with memory_limit set does not
            MachineMemory.cacheChanged(MachineMemory.room());
            long floor = MachineMemory.defaultQueryLimit(MachineMemory.room());
            List<Long> limits = new ArrayList<>();
            for (MemoryPool p : QueryContext.pools()) {
                limits.add(p.limit());
            }
            assertTrue(limits.contains(floor) && limits.contains(1L << 30), limits.toString());
        } finally {
            MachineMemory.cacheChanged(EngineMemory.cachedBytes());
        }
    }

    @Test
    void csvAnswersMatchUncached() throws Exception {
        Path file = dir.resolve("c.csv");
        StringBuilder csv = new StringBuilder("k,v,s\n");
        for (int i = 0; i < 20_000; i++) {
            csv.append(i % 7)
                    .append(',')
                    .append(i % 5 == 0 ? "" : Integer.toString(i))
                    .append(",x")
                    .append(i % 3)
                    .append('\n');
        }
        Files.writeString(file, csv);
        String q = "SELECT k, s, COUNT(*), SUM(v), COUNT(v) FROM c GROUP BY k, s ORDER BY k, s";
        try (Connection plain = connect(false);
                Connection cached = connect(true)) {
            List<List<String>> expected = run(plain, q);
            assertEquals(expected, run(cached, q));
            assertTrue(TableCache.engine().isCached(file));
            assertEquals(expected, run(cached, q));
            assertEquals(
                    run(plain, "SELECT * FROM c ORDER BY v, k, s"),
                    run(cached, "SELECT * FROM c ORDER BY v, k, s"));
        }
    }

    /**
     * Grouping by the cache's dictionary codes (low-cardinality strings with NULLs, alone and with
     * integer and high-cardinality string keys) answers as the uncached scan, on one and two
     * threads and while spilling.
     */
    @Test
    void dictionaryCodedKeysAnswerAsUncached() throws Exception {
        Path file = dir.resolve("d.csv");
        StringBuilder csv = new StringBuilder("k,n,u,v\n");
        for (int i = 0; i < 150_000; i++) {
            csv.append(i % 13 == 0 ? "" : "id" + (i * 31 % 97))
                    .append(',')
                    .append(i % 11 == 0 ? "" : Integer.toString(i * 7 % 50 - 20))
                    .append(",u")
                    .append(i % 40_000)
                    .append(',')
                    .append(i)
                    .append('\n');
        }
        Files.writeString(file, csv);
        List<String> queries =
                List.of(
                        "SELECT k, COUNT(*), SUM(v) FROM d GROUP BY k",
                        "SELECT k, n, COUNT(*), MIN(v) FROM d GROUP BY k, n",
                        "SELECT u, k, n, SUM(v) FROM d GROUP BY u, k, n",
                        "SELECT n, COUNT(DISTINCT k) FROM d GROUP BY n");
        try (Connection plain = connect(false)) {
            for (String settings : List.of("threads=1", "threads=2", "memory_limit=2MB")) {
                try (Connection cached =
                        DriverManager.getConnection(
                                "jdbc:tally:data=" + dir + ";cache=true;" + settings)) {
                    for (String q : queries) {
                        assertEquals(
                                sorted(run(plain, q)), sorted(run(cached, q)), settings + ": " + q);
                    }
                }
            }
        }
    }

    @Test
    void rewrittenFileIsReloaded() throws Exception {
        Path file = dir.resolve("n.csv");
        Files.writeString(file, "a\n1\n2\n");
        try (Connection cached = connect(true)) {
            assertEquals(List.of(List.of("3")), run(cached, "SELECT SUM(a) FROM n"));
            long before = TableCache.engine().bytes();
            Files.writeString(file, "a\n10\n20\n30\n");
            Files.setLastModifiedTime(
                    file, FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 5000));
            assertFalse(TableCache.engine().isCached(file));
            assertEquals(List.of(List.of("60")), run(cached, "SELECT SUM(a) FROM n"));
            assertTrue(TableCache.engine().isCached(file));
            assertEquals(1, TableCache.engine().files());
            assertNotEquals(0, before);
        }
    }

    @Test
    void concurrentFirstScansLoadOnceAndEvictionWaitsForReaders() throws Exception {
        Path file = dir.resolve("t.arrow");
        int rows = ArrowFiles.write(file, 4, 3, 6);
        ArrowFileData data = new ArrowFileData("t", file);
        try (BufferAllocator root = new RootAllocator()) {
            TableCache cache = new TableCache(root);
            ScanData scan = cache.wrap(data);
            int[] fields = {3, 0};
            ExecutorService pool = Executors.newFixedThreadPool(4);
            List<Future<Long>> sums = new ArrayList<>();
            try {
                for (int t = 0; t < 8; t++) {
                    sums.add(pool.submit((Callable<Long>) () -> sumColumn(scan, fields)));
                }
                long expected = sumColumn(data, fields);
                for (Future<Long> f : sums) {
                    assertEquals(expected, f.get());
                }
            } finally {
                pool.shutdown();
            }
            assertEquals(1, root.getChildAllocators().size(), "one load for all first scans");
            long loaded = root.getAllocatedMemory();
            assertTrue(loaded > 0);
            CachedTable first = cache.acquire(data);
            assertSame(first, cache.acquire(data));
            first.release();
            try (BatchCursor open = scan.open(root, fields)) {
                VectorSchemaRoot batch = open.next();
                cache.clear();
                assertEquals(loaded, root.getAllocatedMemory(), "an open scan keeps its batches");
                int seen = batch.getRowCount();
                while ((batch = open.next()) != null) {
                    seen += batch.getRowCount();
                }
                assertEquals(rows, seen);
                first.release();
            }
            assertEquals(
                    0, root.getAllocatedMemory(), "last reader's close frees the evicted entry");
            assertTrue(root.getChildAllocators().isEmpty());
        }
    }

    @Test
    void aFileOverTheBudgetFailsNamingTheSettingAndFreesWhatItRead() throws Exception {
        Path file = dir.resolve("t.arrow");
        ArrowFiles.write(file, 4, 3, 6);
        ArrowFileData data = new ArrowFileData("t", file);
        int[] fields = {3, 0};
        try (BufferAllocator root = new RootAllocator()) {
            TableCache small = new TableCache(root, 64, "a test budget");
            DataFileException e =
                    assertThrows(
                            DataFileException.class, () -> sumColumn(small.wrap(data), fields));
            assertEquals(
                    file.toAbsolutePath().normalize()
                            + ": cache=true cannot keep table 't' in memory: it needs more than the"
                            + " memory left for cached tables (64 B = a test budget; 0 B held by"
                            + " other cached tables); SET cache=false to scan it from the file",
                    e.getMessage());
            assertEquals(0, root.getAllocatedMemory());
            assertTrue(root.getChildAllocators().isEmpty(), "the failed entry's allocator closed");
            assertFalse(small.isCached(file));

            TableCache roomy = new TableCache(root, Long.MAX_VALUE, "");
            assertEquals(sumColumn(data, fields), sumColumn(roomy.wrap(data), fields));
            long one = roomy.bytes();
            assertEquals(Long.MAX_VALUE - one, roomy.room().bytes(), "others' bytes counted");
            roomy.clear();
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** Sum of column {@code fields[0]} (BIGINT) over every batch, checking the projection width. */
    private static long sumColumn(ScanData data, int[] fields) {
        long sum = 0;
        try (BufferAllocator a = new RootAllocator();
                BatchCursor c = data.open(a, fields)) {
            VectorSchemaRoot b;
            while ((b = c.next()) != null) {
                assertEquals(fields.length, b.getFieldVectors().size());
                BigIntVector v = (BigIntVector) b.getVector(0);
                for (int i = 0; i < b.getRowCount(); i++) {
                    sum += v.isNull(i) ? 0 : v.get(i) * 31 + Arrays.hashCode(new int[] {i});
                }
            }
        }
        return sum;
    }
}
