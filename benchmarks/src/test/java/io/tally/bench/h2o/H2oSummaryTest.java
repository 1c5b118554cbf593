package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.QueryRunner;
import java.math.BigInteger;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The timeout cell, the per-setting table, the summary's and the headline's arithmetic on hand-made
 * results.
 */
class H2oSummaryTest {
    private static final long SECOND = 1_000_000_000L;
    private static final List<H2oQuery> QUERIES = H2oQuery.parse(List.of("q1", "q3", "q10"));

    private static QueryRunner.Timed<Checksum> timed(double seconds, long sum) {
        Checksum c =
                new Checksum(
                        List.of("n", "v_sum"),
                        List.of(BigInteger.valueOf(100), BigInteger.valueOf(sum)));
        return new QueryRunner.Timed<>(c, (long) (seconds * SECOND));
    }

    /** Second runs take base × scale seconds; first runs take twice that. */
    private static H2oResults results(double tallyScale, double duckScale) {
        H2oResults r = new H2oResults(QUERIES, List.of("tally", "duckdb"));
        double[] base = {1, 2, 4};
        for (int i = 0; i < QUERIES.size(); i++) {
            r.put(
                    QUERIES.get(i),
                    "tally",
                    H2oCell.ran(
                            timed(2 * base[i] * tallyScale, 7), timed(base[i] * tallyScale, 7)));
            r.put(
                    QUERIES.get(i),
                    "duckdb",
                    H2oCell.ran(timed(2 * base[i] * duckScale, 7), timed(base[i] * duckScale, 7)));
        }
        return r;
    }

    private static ResultTable table(H2oResults r) {
        return H2oTable.render(r, "G1", new H2oConfig(OptionalInt.of(1), true), false);
    }

    @Test
    void timeoutCellSaysTimeout() {
        H2oResults r = results(1, 1);
        r.put(QUERIES.get(2), "duckdb", H2oCell.timedOut("timeout > 300 s"));
        ResultTable t = table(r);
        List<String> q10 = t.rows().get(2);
        assertEquals(
                List.of("tally_1st", "tally_2nd", "duckdb_1st", "duckdb_2nd"),
                t.columns().subList(2, 6));
        assertEquals("timeout", q10.get(5), q10.toString());
        assertEquals("n/a", q10.get(6), "no ratio without DuckDB's time: " + q10);
        assertTrue(t.notes().contains("q10 duckdb: timeout > 300 s"), t.notes().toString());
        assertEquals(2, r.bothRan("tally", "duckdb"));
    }

    @Test
    void tableGivesBothRunsRatiosAndGeomean() {
        ResultTable t = table(results(2, 1));
        List<String> q3 = t.rows().get(1);
        // q3: Tally 8 s then 4 s, DuckDB 4 s then 2 s
        assertEquals(
                List.of(
                        "q3",
                        QUERIES.get(1).question(),
                        "8.00",
                        "4.00",
                        "4.00",
                        "2.00",
                        "2.00x",
                        "2.00x",
                        "100",
                        "ok"),
                q3);
        List<String> geomean = t.rows().get(3);
        assertEquals("geomean", geomean.get(0));
        assertEquals("2.00x", geomean.get(6), geomean.toString());
    }

    @Test
    void aWrongChecksumIsAMismatch() {
        H2oResults r = results(1, 1);
        r.put(QUERIES.get(0), "duckdb", H2oCell.ran(timed(1, 8), timed(1, 8)));
        r.put(QUERIES.get(1), "tally", H2oCell.ran(timed(1, 7), timed(1, 9)));
        assertFalse(r.allAgree());
        ResultTable t = table(r);
        assertEquals("MISMATCH", t.rows().get(0).get(9));
        assertEquals("MISMATCH", t.rows().get(1).get(9));
        assertEquals("ok", t.rows().get(2).get(9));
        assertTrue(
                t.notes().stream()
                        .anyMatch(
                                n ->
                                        n.contains(
                                                "ANSWER MISMATCH q1: duckdb vs tally: v_sum 8 vs 7")),
                t.notes().toString());
        assertTrue(
                t.notes().stream()
                        .anyMatch(
                                n ->
                                        n.contains(
                                                "ANSWER MISMATCH q3: tally run 1 vs run 2: v_sum 7 vs 9")),
                t.notes().toString());
    }

    @Test
    void headlineHasOneRowPerSettingAndRun() {
        H2oSummary.Run one =
                new H2oSummary.Run(new H2oConfig(OptionalInt.of(1), true), results(2, 1));
        H2oSummary.Run limited =
                new H2oSummary.Run(
                        new H2oConfig(OptionalInt.of(2), true, OptionalLong.of(1L << 30)),
                        results(1, 1));
        ResultTable t = H2oHeadline.table("G1", List.of(one, limited));
        assertEquals(
                List.of("threads=1", "2nd", "2.00x", "2.00x", "2.00x", "2.00x"), t.rows().get(0));
        assertEquals(
                List.of("threads=1", "1st", "2.00x", "2.00x", "2.00x", "2.00x"), t.rows().get(1));
        assertEquals("threads=2, memory_limit=1.0GiB", t.rows().get(2).get(0));
        assertEquals("1.00x", t.rows().get(3).get(5));
    }

    @Test
    void speedupThroughputAndGeomean() {
        // threads=2 halves Tally's times and takes DuckDB's to 0.8; Tally is 2x DuckDB at one
        // thread
        H2oSummary.Run one =
                new H2oSummary.Run(new H2oConfig(OptionalInt.of(1), true), results(2, 1));
        H2oSummary.Run two =
                new H2oSummary.Run(new H2oConfig(OptionalInt.of(2), true), results(1, 0.8));
        ResultTable t = H2oSummary.table("G1", 10_000_000, List.of(one, two));
        assertEquals("2.00x", value(t, "speedup q1 t2/t1", "tally", "2"));
        assertEquals("2.00x", value(t, "speedup q10 t2/t1", "tally", "2"));
        assertEquals("1.25x", value(t, "speedup q3 t2/t1", "duckdb", "2"));
        // q1 at one thread: Tally 2 s for 1e7 rows = 5M rows/s on 1 core; at two threads 1 s = 5M
        // per core
        assertEquals("5.0M", value(t, "rows/s/core q1", "tally", "1"));
        assertEquals("5.0M", value(t, "rows/s/core q1", "tally", "2"));
        assertEquals(
                "1.3M",
                value(t, "rows/s/core q10", "tally", "1")); // 1e7 / 8 s, 1.25 rounded half-up
        assertEquals("2.00x", value(t, "geomean tally/duckdb (3 queries)", "tally", "1"));
        assertEquals("1.25x", value(t, "geomean tally/duckdb (3 queries)", "tally", "2"));
        assertEquals("1.25x", value(t, "geomean tally/duckdb 1st run (3 queries)", "tally", "2"));
    }

    private static String value(ResultTable t, String metric, String engine, String threads) {
        return t.rows().stream()
                .filter(
                        r ->
                                r.get(0).equals(metric)
                                        && r.get(1).equals(engine)
                                        && r.get(4).equals(threads))
                .map(r -> r.get(5))
                .findFirst()
                .orElseThrow(
                        () ->
                                new AssertionError(
                                        metric
                                                + " "
                                                + engine
                                                + " t"
                                                + threads
                                                + " missing from "
                                                + t.rows()));
    }
}
