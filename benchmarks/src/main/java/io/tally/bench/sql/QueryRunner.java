package io.tally.bench.sql;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs one SQL query over JDBC, reads every row (so lazy engines do all the work) into an
 * {@link Answer} digest, and times it from execute to the last row. A query that passes its
 * timeout is cancelled through {@link Statement#cancel()}.
 */
public final class QueryRunner implements AutoCloseable {
  /** How long to wait for a cancelled query to give its thread back before giving up on the engine. */
  private static final long CANCEL_GRACE_SECONDS = 60;
  /** Runs the queries; replaced when a cancelled query will not give its thread back. */
  private ExecutorService worker = newWorker();

  private static ExecutorService newWorker() {
    return Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "bench-query");
      t.setDaemon(true);
      return t;
    });
  }

  /** A timed answer. */
  public record Timed(Answer answer, long nanos) {}

  /** Runs {@code sql} on {@code connection}; throws {@link QueryTimeoutException} past {@code timeoutSeconds}. */
  public Timed run(Connection connection, String sql, long timeoutSeconds) throws SQLException {
    Statement statement = connection.createStatement();
    Future<Timed> future = worker.submit(() -> execute(statement, sql));
    try {
      return future.get(timeoutSeconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      statement.cancel();
      try {
        future.get(CANCEL_GRACE_SECONDS, TimeUnit.SECONDS);
      } catch (ExecutionException | TimeoutException ignored) {
        // expected: the cancelled query fails, or still has not stopped
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
      }
      boolean stopped = future.isDone();
      if (!stopped) {
        // the stuck query keeps its (daemon) thread; later queries get a fresh one
        worker.shutdownNow();
        worker = newWorker();
      }
      throw new QueryTimeoutException("timeout > " + timeoutSeconds + " s", stopped);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SQLException("interrupted", e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof SQLException sql2) {
        throw sql2;
      }
      throw new SQLException(cause.toString(), cause);
    } finally {
      if (future.isDone()) {
        statement.close();
      }
    }
  }

  private static Timed execute(Statement statement, String sql) throws SQLException {
    long start = System.nanoTime();
    try (ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      double[] sums = new double[columns];
      long rows = 0;
      long nulls = 0;
      while (rs.next()) {
        rows++;
        for (int c = 0; c < columns; c++) {
          Object v = rs.getObject(c + 1);
          if (v == null || v instanceof Double d && d.isNaN()) {
            nulls++;
          } else {
            sums[c] += checksum(v);
          }
        }
      }
      return new Timed(new Answer(rows, sums, nulls), System.nanoTime() - start);
    }
  }

  /**
   * A cell's contribution to its column checksum: numbers by value (read with {@code getObject},
   * since DuckDB's SUM of INTEGER is a HUGEINT reported as {@code Types.OTHER}), anything else by
   * the hash of its text.
   */
  private static double checksum(Object v) {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    return v.toString().hashCode();
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
