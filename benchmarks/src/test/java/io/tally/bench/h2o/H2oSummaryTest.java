package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Answer;
import io.tally.bench.sql.QueryRunner;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The timeout cell and the summary's arithmetic on hand-made results. */
class H2oSummaryTest {
  private static final long SECOND = 1_000_000_000L;
  private static final List<H2oQuery> QUERIES = H2oQuery.parse(List.of("q1", "q3", "q10"));

  private static QueryRunner.Timed timed(double seconds) {
    return new QueryRunner.Timed(new Answer(100, new double[] {1.0}, 0), (long) (seconds * SECOND));
  }

  private static H2oResults results(double tallyScale, double duckScale) {
    H2oResults r = new H2oResults(QUERIES, List.of("tally", "duckdb"));
    double[] base = {1, 2, 4};
    for (int i = 0; i < QUERIES.size(); i++) {
      r.ran(QUERIES.get(i), "tally", timed(base[i] * tallyScale));
      r.ran(QUERIES.get(i), "duckdb", timed(base[i] * duckScale));
    }
    return r;
  }

  @Test
  void timeoutCellSaysTimeout() {
    H2oResults r = results(1, 1);
    r.timedOut(QUERIES.get(2), "duckdb", "timeout > 300 s");
    ResultTable t = r.table("G1", new H2oConfig(OptionalInt.of(1), true));
    List<String> q10 = t.rows().get(2);
    assertEquals("timeout", q10.get(3), q10.toString());
    assertTrue(t.notes().contains("q10 duckdb: timeout > 300 s"), t.notes().toString());
    assertEquals(2, r.bothRan("tally", "duckdb"));
  }

  @Test
  void speedupThroughputAndGeomean() {
    // threads=2 halves Tally's times and takes DuckDB's to 0.8; Tally is 2x DuckDB at one thread
    H2oSummary.Run one = new H2oSummary.Run(new H2oConfig(OptionalInt.of(1), true), results(2, 1));
    H2oSummary.Run two = new H2oSummary.Run(new H2oConfig(OptionalInt.of(2), true), results(1, 0.8));
    ResultTable t = H2oSummary.table("G1", 10_000_000, List.of(one, two));
    assertEquals("2.00x", value(t, "speedup q1 t2/t1", "tally", "2"));
    assertEquals("2.00x", value(t, "speedup q10 t2/t1", "tally", "2"));
    assertEquals("1.25x", value(t, "speedup q3 t2/t1", "duckdb", "2"));
    // q1 at one thread: Tally 2 s for 1e7 rows = 5M rows/s on 1 core; at two threads 1 s = 5M per core
    assertEquals("5.0M", value(t, "rows/s/core q1", "tally", "1"));
    assertEquals("5.0M", value(t, "rows/s/core q1", "tally", "2"));
    assertEquals("1.3M", value(t, "rows/s/core q10", "tally", "1")); // 1e7 / 8 s, 1.25 rounded half-up
    assertEquals("2.00x", value(t, "geomean tally/duckdb (3 queries)", "tally", "1"));
    assertEquals("1.25x", value(t, "geomean tally/duckdb (3 queries)", "tally", "2"));
  }

  private static String value(ResultTable t, String metric, String engine, String threads) {
    return t.rows().stream().filter(r -> r.get(0).equals(metric) && r.get(1).equals(engine) && r.get(3).equals(threads))
        .map(r -> r.get(4)).findFirst().orElseThrow(() -> new AssertionError(metric + " " + engine + " t" + threads
            + " missing from " + t.rows()));
  }
}
