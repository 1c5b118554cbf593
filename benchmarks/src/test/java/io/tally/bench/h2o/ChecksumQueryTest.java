package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.bench.groupby.DataCache;
import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.Engine;
import io.tally.datasets.H2oGenerator;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.OptionalInt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The checksum queries on a small h2o table: Tally and DuckDB compute equal checksums for every
 * query, each answer column has its terms, and answers made wrong on purpose (a key swapped for one
 * of equal length, a sum off by one, a group missing) are flagged.
 */
class ChecksumQueryTest {
    private static final String Q1_WRONG_KEY =
            "SELECT CASE WHEN id1 = 'id001' THEN 'id002' ELSE id1 END AS id1, "
                    + "SUM(v1) AS v1 FROM {t} GROUP BY id1";

    @TempDir static Path dir;
    private static H2oGenerator data;
    private static Engine tally;
    private static Engine duckdb;
    private static Connection tallyConnection;
    private static Connection duckdbConnection;

    @BeforeAll
    static void load() throws Exception {
        data = new H2oGenerator(3000, H2oCommand.K, 0, false, H2oGenerator.DEFAULT_SEED);
        DataCache cache = new DataCache(dir);
        cache.arrow(data, line -> {});
        tally = Engine.tally("tally", cache.arrowDir(), "blocked", OptionalInt.of(2), true);
        duckdb = LoadedEngines.duckdb(cache.csv(data, line -> {}), 2);
        tallyConnection = tally.connect();
        duckdbConnection = duckdb.connect();
    }

    @AfterAll
    static void close() throws SQLException {
        tallyConnection.close();
        duckdbConnection.close();
    }

    private static Checksum checksum(Connection c, Engine engine, String sql, H2oQuery columnsOf)
            throws SQLException {
        String wrapped =
                ChecksumQuery.wrap(
                        sql.replace("{t}", engine.table(data.tableName())), columnsOf.columns());
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(wrapped)) {
            return Checksum.read(rs);
        }
    }

    private static Checksum tally(H2oQuery q) throws SQLException {
        return checksum(tallyConnection, tally, q.sql("{t}"), q);
    }

    private static Checksum duckdb(String sql, H2oQuery columnsOf) throws SQLException {
        return checksum(duckdbConnection, duckdb, sql, columnsOf);
    }

    @Test
    void tallyAndDuckDbAgreeOnEveryQuery() throws SQLException {
        for (H2oQuery q : H2oQuery.values()) {
            Checksum t = tally(q);
            Checksum d = duckdb(q.sql("{t}"), q);
            assertNull(t.mismatch(d), q.label() + ": " + t + " vs " + d);
            assertTrue(t.rows() > 0, q.label());
            int terms = 1 + q.columns().stream().mapToInt(c -> c.terms().size()).sum();
            assertEquals(terms, t.labels().size(), q.label() + " " + t.labels());
        }
    }

    @Test
    void everyColumnIsChecksummed() {
        assertEquals(
                "SELECT COUNT(*) AS n, SUM(CHAR_LENGTH(id3)) AS id3_len, "
                        + "SUM(CAST(SUBSTRING(id3, 3) AS BIGINT)) AS id3_num, SUM(v1) AS v1_sum, SUM(v3) AS v3_sum "
                        + "FROM (SELECT id3, SUM(v1) AS v1, AVG(v3) AS v3 FROM t GROUP BY id3) a",
                ChecksumQuery.sql(H2oQuery.Q3, "t"));
        for (H2oQuery q : H2oQuery.values()) {
            String sql = ChecksumQuery.sql(q, "t");
            for (OutputColumn c : q.columns()) {
                assertTrue(
                        sql.contains("(" + c.name() + ")") || sql.contains("(" + c.name() + ","),
                        q.label() + " " + c);
            }
        }
    }

    @Test
    void aKeySwappedForOneOfEqualLengthIsFlagged() throws SQLException {
        String m = duckdb(Q1_WRONG_KEY, H2oQuery.Q1).mismatch(tally(H2oQuery.Q1));
        assertTrue(m != null && m.startsWith("id1_num "), m);
    }

    @Test
    void aSumOffByOneIsFlagged() throws SQLException {
        String wrong =
                H2oQuery.Q5
                        .sql("{t}")
                        .replace(
                                "SUM(v2) AS v2",
                                "SUM(v2) + CASE WHEN id6 = 1 THEN 1 ELSE 0 END AS v2");
        String m = duckdb(wrong, H2oQuery.Q5).mismatch(tally(H2oQuery.Q5));
        assertTrue(m != null && m.startsWith("v2_sum "), m);
        assertFalse(m.contains("v1_sum"), m);
    }

    @Test
    void aMissingGroupIsFlagged() throws SQLException {
        String wrong = H2oQuery.Q3.sql("{t}") + " HAVING id3 <> 'id0000000001'";
        String m = duckdb(wrong, H2oQuery.Q3).mismatch(tally(H2oQuery.Q3));
        assertTrue(m != null && m.startsWith("row count "), m);
    }
}
