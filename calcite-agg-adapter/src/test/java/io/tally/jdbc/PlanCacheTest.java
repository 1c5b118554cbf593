package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.session.PlanCache;
import io.tally.session.TallySession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A connection's statement plan cache: a query run again skips preparation (no parse, no code
 * generation) and answers the same; a SET that changes the plan, a rewritten or added file, and
 * another connection's settings all get a plan of their own; a failing statement, a system table
 * and Tally's own statements are never cached; statements sharing one cached plan each run on their
 * own state.
 */
class PlanCacheTest {
    private static final String GROUPED =
            "SELECT k, SUM(v) AS s FROM a WHERE v > 1 GROUP BY k ORDER BY k";

    @TempDir Path dir;

    @BeforeEach
    void files() throws Exception {
        write("a.csv", "k,v\nx,1\nx,2\ny,3\ny,4\n");
    }

    @Test
    void aQueryRunAgainReusesItsPlan() throws Exception {
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            AtomicInteger prepares = new AtomicInteger();
            try (Hook.Closeable ignored =
                    Hook.PARSE_TREE.addThread((Consumer<Object>) x -> prepares.incrementAndGet())) {
                for (int i = 0; i < 3; i++) {
                    assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(s, GROUPED));
                }
            }
            assertEquals(1, prepares.get());
            assertEquals(new PlanCache.Stats(2, 1, 0, 1), stats(c));
            assertEquals(
                    List.of("1|" + PlanCache.MAX_ENTRIES + "|2|1|0"),
                    Utf8CharsetTest.rows(s, "SHOW plan_cache"));
        }
    }

    @Test
    void aSetThatChangesThePlanGetsItsOwn() throws Exception {
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            String blocked = plan(s, GROUPED);
            assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(s, GROUPED));
            s.execute("SET aggregate = calcite");
            assertNotEquals(blocked, plan(s, GROUPED));
            assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(s, GROUPED));
            // SET itself is looked up (a miss) but never cached
            assertEquals(new PlanCache.Stats(0, 3, 0, 2), stats(c));
            s.execute("RESET aggregate");
            assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(s, GROUPED));
            assertEquals(new PlanCache.Stats(1, 4, 0, 2), stats(c));
            assertEquals(blocked, plan(s, GROUPED)); // EXPLAIN plans afresh: the same plan
        }
    }

    @Test
    void aRewrittenFileIsPlannedAgain() throws Exception {
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(s, GROUPED));
            // a new column and type: the cached plan's row type and reader no longer fit
            write("a.csv", "k,v,w\nx,5,a\nz,1.5,b\nz,2.5,c\n");
            assertEquals(List.of("x|5.0", "z|4.0"), Utf8CharsetTest.rows(s, GROUPED));
            assertEquals(new PlanCache.Stats(0, 2, 1, 1), stats(c));
            assertEquals(List.of("x|5.0", "z|4.0"), Utf8CharsetTest.rows(s, GROUPED));
            assertEquals(1, stats(c).hits());
        }
    }

    @Test
    void aGlobSeesAFileAddedLater() throws Exception {
        String sql = "SELECT COUNT(*), SUM(v) FROM '" + dir + "/p*.csv'";
        write("p1.csv", "v\n1\n2\n");
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            assertEquals(List.of("2|3"), Utf8CharsetTest.rows(s, sql));
            assertEquals(List.of("2|3"), Utf8CharsetTest.rows(s, sql));
            write("p2.csv", "v\n10\n");
            assertEquals(List.of("3|13"), Utf8CharsetTest.rows(s, sql));
            assertEquals(new PlanCache.Stats(1, 2, 1, 1), stats(c));
        }
    }

    @Test
    void aFileThatShadowsATableIsPlannedAgain() throws Exception {
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(s, GROUPED));
            // a .tsv is preferred to nothing, a .csv to a .tsv: add a file the name now picks
            Files.delete(dir.resolve("a.csv"));
            write("a.tsv", "k\tv\nq\t9\n");
            assertEquals(List.of("q|9"), Utf8CharsetTest.rows(s, GROUPED));
        }
    }

    @Test
    void aFailingStatementIsNotCached() throws Exception {
        String sql = "SELECT SUM(v) FROM b";
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            assertThrows(SQLException.class, () -> Utf8CharsetTest.rows(s, sql));
            assertEquals(0, stats(c).entries());
            write("b.csv", "v\n4\n5\n");
            assertEquals(List.of("9"), Utf8CharsetTest.rows(s, sql));
            assertEquals(1, stats(c).entries());
            // rejected DDL changes nothing and is not cached either
            assertThrows(SQLException.class, () -> s.execute("CREATE VIEW v AS SELECT 1"));
            assertEquals(List.of("9"), Utf8CharsetTest.rows(s, sql));
            assertEquals(new PlanCache.Stats(1, 2, 0, 1), stats(c));
        }
    }

    @Test
    void systemTablesAndTallyStatementsAreNotCached() throws Exception {
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            for (int i = 0; i < 2; i++) {
                Utf8CharsetTest.rows(s, "SELECT COUNT(*) FROM information_schema.tables");
                Utf8CharsetTest.rows(s, "SHOW TABLES");
                plan(s, GROUPED);
            }
            assertEquals(0, stats(c).entries());
        }
    }

    @Test
    void connectionsWithOtherSettingsKeepTheirOwnPlans() throws Exception {
        try (Connection blocked = connect("");
                Connection calcite = connect(";aggregate=calcite");
                Statement b = blocked.createStatement();
                Statement k = calcite.createStatement()) {
            for (int i = 0; i < 2; i++) {
                assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(b, GROUPED));
                assertEquals(List.of("x|2", "y|7"), Utf8CharsetTest.rows(k, GROUPED));
            }
            assertNotEquals(plan(b, GROUPED), plan(k, GROUPED));
            assertEquals(new PlanCache.Stats(1, 1, 0, 1), stats(blocked));
            assertEquals(new PlanCache.Stats(1, 1, 0, 1), stats(calcite));
        }
    }

    @Test
    void statementsSharingACachedPlanRunOnTheirOwnState() throws Exception {
        StringBuilder csv = new StringBuilder("k,v\n");
        for (int i = 0; i < 5000; i++) {
            csv.append("k").append(i % 7).append(',').append(i).append('\n');
        }
        write("big.csv", csv.toString());
        String sql = "SELECT k, COUNT(*), SUM(v) FROM big GROUP BY k ORDER BY k";
        try (Connection c = connect("");
                Statement s = c.createStatement()) {
            List<String> expected = Utf8CharsetTest.rows(s, sql);
            assertEquals(7, expected.size());
            // two result sets of the one plan open at once, read in turns
            try (Statement s1 = c.createStatement();
                    Statement s2 = c.createStatement();
                    ResultSet r1 = s1.executeQuery(sql);
                    ResultSet r2 = s2.executeQuery(sql)) {
                List<String> a = new ArrayList<>();
                List<String> b = new ArrayList<>();
                while (r1.next() & r2.next()) {
                    a.add(r1.getString(1) + "|" + r1.getLong(2) + "|" + r1.getLong(3));
                    b.add(r2.getString(1) + "|" + r2.getLong(2) + "|" + r2.getLong(3));
                }
                assertEquals(expected, a);
                assertEquals(expected, b);
            }
            // and from several threads at once
            ExecutorService pool = Executors.newFixedThreadPool(4);
            try {
                List<Future<List<String>>> runs = new ArrayList<>();
                for (int i = 0; i < 16; i++) {
                    runs.add(
                            pool.submit(
                                    () -> {
                                        try (Statement t = c.createStatement()) {
                                            return Utf8CharsetTest.rows(t, sql);
                                        }
                                    }));
                }
                for (Future<List<String>> run : runs) {
                    assertEquals(expected, run.get());
                }
            } finally {
                pool.shutdown();
            }
            PlanCache.Stats stats = stats(c);
            assertEquals(1, stats.misses());
            assertEquals(18, stats.hits());
        }
    }

    @Test
    void theCacheIsBounded() {
        PlanCache cache = new PlanCache();
        for (int i = 0; i <= PlanCache.MAX_ENTRIES; i++) {
            cache.put(i, "plan " + i, () -> true);
        }
        assertEquals(PlanCache.MAX_ENTRIES, cache.stats().entries());
        assertEquals(null, cache.get(0)); // the least recently used went
        assertEquals("plan 1", cache.get(1));
        assertTrue(cache.stats().hits() == 1 && cache.stats().misses() == 1);
    }

    private Connection connect(String settings) throws SQLException {
        return DriverManager.getConnection("jdbc:tally:data=" + dir + settings);
    }

    private static PlanCache.Stats stats(Connection c) {
        return TallySession.of(c).planCache().stats();
    }

    private static String plan(Statement s, String sql) throws SQLException {
        return String.join("\n", Utf8CharsetTest.rows(s, "EXPLAIN PLAN FOR " + sql));
    }

    /** Writes a file with a modification time no earlier one could have had. */
    private void write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        long before = Files.exists(file) ? Files.getLastModifiedTime(file).toMillis() : 0;
        Files.writeString(file, text, StandardCharsets.UTF_8);
        long after = Math.max(System.currentTimeMillis(), before + 2000);
        Files.setLastModifiedTime(file, FileTime.fromMillis(after));
    }
}
