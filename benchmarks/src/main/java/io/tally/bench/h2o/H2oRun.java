package io.tally.bench.h2o;

import io.tally.bench.report.Reporter;
import io.tally.bench.sql.Engine;
import io.tally.bench.sql.QueryRunner;
import io.tally.bench.sql.QueryTimeoutException;
import io.tally.bench.sql.Stats;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;

/**
 * Runs every query on every engine, one engine at a time (its connection, and any in-memory
 * copy of the table, is closed before the next engine loads): each query twice, the second
 * run kept, as db-benchmark does. A failing query records its reason; a query that cannot be
 * cancelled after its timeout ends that engine's run.
 */
final class H2oRun {
  /** Runs per query; the last is reported. */
  static final int RUNS = 2;
  private static final int REASON_CHARS = 90;

  private final String table;
  private final List<H2oQuery> queries;
  private final List<Engine> engines;
  private final long timeout;
  private final Reporter reporter;

  H2oRun(String table, List<H2oQuery> queries, List<Engine> engines, long timeout, Reporter reporter) {
    this.table = table;
    this.queries = queries;
    this.engines = engines;
    this.timeout = timeout;
    this.reporter = reporter;
  }

  H2oResults run() {
    H2oResults results = new H2oResults(queries, engines.stream().map(Engine::label).toList());
    try (QueryRunner runner = new QueryRunner()) {
      for (Engine engine : engines) {
        runEngine(engine, runner, results);
      }
    }
    return results;
  }

  private void runEngine(Engine engine, QueryRunner runner, H2oResults results) {
    System.gc();
    long start = System.nanoTime();
    reporter.progress("h2o: " + engine.label() + ": connecting / loading ...");
    try (Connection c = engine.connect()) {
      results.loaded(engine.label(), System.nanoTime() - start);
      String stopped = null;
      for (H2oQuery q : queries) {
        if (stopped != null) {
          results.failed(q, engine.label(), stopped);
          continue;
        }
        stopped = runQuery(engine, runner, c, q, results);
      }
    } catch (SQLException e) {
      for (H2oQuery q : queries) {
        results.failed(q, engine.label(), reason(e));
      }
    }
  }

  /** Runs q {@link #RUNS} times; returns non-null if the engine cannot go on. */
  private String runQuery(Engine engine, QueryRunner runner, Connection c, H2oQuery q, H2oResults results) {
    String sql = q.sql(engine.table(table));
    try {
      QueryRunner.Timed last = null;
      for (int r = 0; r < RUNS; r++) {
        last = runner.run(c, sql, timeout);
        reporter.progress(String.format(Locale.ROOT, "h2o: %s %s run %d: %s s (%d rows)", engine.label(), q.label(),
            r + 1, Stats.seconds(last.nanos()), last.answer().rows()));
      }
      results.ran(q, engine.label(), last);
      return null;
    } catch (QueryTimeoutException e) {
      results.failed(q, engine.label(), e.getMessage());
      reporter.progress("h2o: " + engine.label() + " " + q.label() + ": " + e.getMessage());
      return e.stopped() ? null : "engine still busy with a cancelled query";
    } catch (SQLException | RuntimeException e) {
      results.failed(q, engine.label(), reason(e));
      reporter.progress("h2o: " + engine.label() + " " + q.label() + ": n/a: " + reason(e));
      return null;
    }
  }

  static String reason(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String msg = root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
    msg = msg.lines().findFirst().orElse(msg).trim();
    return msg.length() > REASON_CHARS ? msg.substring(0, REASON_CHARS) + "…" : msg;
  }
}
