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
 * Runs one SQL query over JDBC, reads its result (by default every row, so lazy engines do all the
 * work, into an {@link Answer} digest; or through a given {@link ResultReader}), and times it from
 * execute to the end of the result. A query that passes its timeout is cancelled through {@link
 * Statement#cancel()}.
 */
public final class QueryRunner implements AutoCloseable {
    /**
     * How long to wait for a cancelled query to give its thread back before giving up on the
     * engine.
     */
    private static final long CANCEL_GRACE_SECONDS = 60;

    /** Runs the queries; replaced when a cancelled query will not give its thread back. */
    private ExecutorService worker = newWorker();

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(
                r -> {
                    Thread t = new Thread(r, "bench-query");
                    t.setDaemon(true);
                    return t;
                });
    }

    /** A timed answer. */
    public record Timed<T>(T answer, long nanos) {}

    /** Turns a query's result into an answer; its time counts in the query's. */
    @FunctionalInterface
    public interface ResultReader<T> {
        T read(ResultSet rs) throws SQLException;
    }

    /**
     * Runs {@code sql} on {@code connection}, reading every row into an {@link Answer}; throws
     * {@link QueryTimeoutException} past {@code timeoutSeconds}.
     */
    public Timed<Answer> run(Connection connection, String sql, long timeoutSeconds)
            throws SQLException {
        return run(connection, sql, timeoutSeconds, Answer::read);
    }

    /** Runs {@code sql} on {@code connection}, reading the result with {@code reader}. */
    public <T> Timed<T> run(
            Connection connection, String sql, long timeoutSeconds, ResultReader<T> reader)
            throws SQLException {
        Statement statement = connection.createStatement();
        Future<Timed<T>> future = worker.submit(() -> execute(statement, sql, reader));
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

    private static <T> Timed<T> execute(Statement statement, String sql, ResultReader<T> reader)
            throws SQLException {
        long start = System.nanoTime();
        try (ResultSet rs = statement.executeQuery(sql)) {
            T answer = reader.read(rs);
            return new Timed<>(answer, System.nanoTime() - start);
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }
}
