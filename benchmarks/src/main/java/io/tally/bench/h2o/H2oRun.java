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
 * Runs every query on one engine at a time (its connection, and any in-memory copy of the
 * table, is closed before the next engine loads): each query twice, the second run kept, as
 * db-benchmark does. A failing query records its reason; a query that passes the timeout is
 * cancelled and recorded as a timeout; one that cannot be cancelled ends that engine's run.
 */
final class H2oRun implements AutoCloseable {
  /** Runs per query; the last is reported. */
  static final int RUNS = 2;
  private static final int REASON_CHARS = 90;

  private final String table;
  private final List<H2oQuery> queries;
  private final long timeout;
  private final Reporter reporter;
  private final QueryRunner runner = new QueryRunner();
  private String setting = "";

  H2oRun(String table, List<H2oQuery> queries, long timeout, Reporter reporter) {
    this.table = table;
    this.queries = queries;
    this.timeout = timeout;
    this.reporter = reporter;
  }

  /** Runs every query on {@code engine} under {@code config}, recording into {@code results}. */
  void runEngine(Engine engine, H2oConfig config, H2oResults results) {
    setting = " [" + config.describe() + "]";
    System.gc();
    long start = System.nanoTime();
    reporter.progress("h2o: " + engine.label() + setting + ": connecting / loading ...");
    Connection c;
    try {
      c = engine.connect();
    } catch (SQLException e) {
      for (H2oQuery q : queries) {
        results.failed(q, engine.label(), reason(e));
      }
      return;
    }
    results.loaded(engine.label(), System.nanoTime() - start);
    String stopped = null;
    for (H2oQuery q : queries) {
      if (stopped != null) {
        results.failed(q, engine.label(), stopped);
        continue;
      }
      stopped = runQuery(engine, c, q, results);
    }
    close(c, stopped != null);
  }

  /**
   * Closes an engine's connection; when a cancelled query is still running on it, closing could
   * wait for that query, so it is left to a daemon thread and the run goes on.
   */
  private void close(Connection c, boolean busy) {
    Runnable closer = () -> {
      try {
        c.close();
      } catch (SQLException e) {
        reporter.progress("h2o: closing the connection failed: " + reason(e));
      }
    };
    if (!busy) {
      closer.run();
      return;
    }
    Thread t = new Thread(closer, "bench-close-busy-connection");
    t.setDaemon(true);
    t.start();
  }

  /** Runs q {@link #RUNS} times; returns non-null if the engine cannot go on. */
  private String runQuery(Engine engine, Connection c, H2oQuery q, H2oResults results) {
    String sql = q.sql(engine.table(table));
    try {
      QueryRunner.Timed last = null;
      for (int r = 0; r < RUNS; r++) {
        last = runner.run(c, sql, timeout);
        reporter.progress(String.format(Locale.ROOT, "h2o: %s%s %s run %d: %s s (%d rows)", engine.label(), setting,
            q.label(), r + 1, Stats.seconds(last.nanos()), last.answer().rows()));
      }
      results.ran(q, engine.label(), last);
      return null;
    } catch (QueryTimeoutException e) {
      results.timedOut(q, engine.label(), e.getMessage());
      reporter.progress("h2o: " + engine.label() + setting + " " + q.label() + ": " + e.getMessage());
      return e.stopped() ? null : "engine still busy with a cancelled query";
    } catch (SQLException | RuntimeException e) {
      results.failed(q, engine.label(), reason(e));
      reporter.progress("h2o: " + engine.label() + setting + " " + q.label() + ": n/a: " + reason(e));
      return null;
    }
  }

  @Override
  public void close() {
    runner.close();
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
