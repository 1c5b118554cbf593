package io.tally.bench.h2o;

import io.tally.bench.report.MachineInfo;
import io.tally.bench.report.OtherCpu;
import io.tally.bench.report.Reporter;
import io.tally.bench.sql.Answer;
import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.Engine;
import io.tally.bench.sql.QueryRunner;
import io.tally.bench.sql.QueryRunner.Timed;
import io.tally.bench.sql.QueryTimeoutException;
import io.tally.bench.sql.Stats;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Runs every query on one engine at a time (its connection, and any in-memory copy of the table, is
 * closed and released before the next engine loads): each query's checksum query ({@link
 * ChecksumQuery}) {@code runs} times (at least twice, as db-benchmark does), keeping the first run
 * and, as the warm run (the headline), the median of the others ({@link #warm}); then with {@code
 * toClient} the plain query twice with every row read over JDBC, the second kept. A failing query
 * records its reason; a query that passes the timeout is cancelled and recorded as a timeout; one
 * that cannot be cancelled ends that engine's run.
 */
final class H2oRun implements AutoCloseable {
    /** Runs of the plain query with {@code --to-client}; the last is reported. */
    static final int CLIENT_RUNS = 2;

    private static final int REASON_CHARS = 90;

    private final String table;
    private final List<H2oQuery> queries;
    private final long timeout;
    private final boolean toClient;
    private final Reporter reporter;
    private final int runs;
    private final QueryRunner runner = new QueryRunner();
    private String setting = "";

    H2oRun(
            String table,
            List<H2oQuery> queries,
            long timeout,
            boolean toClient,
            int runs,
            Reporter reporter) {
        this.runs = runs;
        this.table = table;
        this.queries = queries;
        this.timeout = timeout;
        this.toClient = toClient;
        this.reporter = reporter;
    }

    /** Runs every query on {@code engine} under {@code config}, recording into {@code results}. */
    void runEngine(Engine engine, H2oConfig config, H2oResults results) {
        setting = " [" + config.describe() + "]";
        System.gc();
        String loadAverage = MachineInfo.loadAverage();
        long start = System.nanoTime();
        reporter.progress("h2o: " + engine.label() + setting + ": connecting / loading ...");
        Connection c;
        try {
            c = engine.connect();
        } catch (SQLException | RuntimeException e) {
            queries.forEach(q -> results.put(q, engine.label(), H2oCell.failed(reason(e))));
            engine.release();
            return;
        }
        String stopped = null;
        try {
            for (String sql : engine.load(table)) {
                runner.run(c, sql, timeout);
            }
            results.loaded(engine.label(), System.nanoTime() - start, loadAverage);
        } catch (SQLException | RuntimeException e) {
            stopped = "loading failed: " + reason(e);
        }
        OtherCpu before = OtherCpu.now();
        for (H2oQuery q : queries) {
            if (stopped != null) {
                results.put(q, engine.label(), H2oCell.failed(stopped));
                continue;
            }
            stopped = runQuery(engine, c, q, results);
        }
        results.otherCpu(engine.label(), OtherCpu.since(before, OtherCpu.now()));
        close(c, engine, stopped != null);
    }

    /**
     * Closes an engine's connection and releases what it kept on disk; when a cancelled query is
     * still running on it, closing could wait for that query, so it is left to a daemon thread and
     * the run goes on.
     */
    private void close(Connection c, Engine engine, boolean busy) {
        Runnable closer =
                () -> {
                    try {
                        c.close();
                        engine.release();
                    } catch (SQLException | RuntimeException e) {
                        reporter.progress(
                                "h2o: closing " + engine.label() + " failed: " + reason(e));
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

    /**
     * The run reported as warm: the first of {@code rest} whose answer differs from {@code first}'s
     * (so the answers check reports it), otherwise the median by time of {@code rest} (the lower
     * one of an even count).
     */
    static Timed<Checksum> warm(Timed<Checksum> first, List<Timed<Checksum>> rest) {
        for (Timed<Checksum> t : rest) {
            if (t.answer().mismatch(first.answer()) != null) {
                return t;
            }
        }
        return median(rest);
    }

    /** The median by time of {@code timed} (the lower one of an even count). */
    static <T> Timed<T> median(List<Timed<T>> timed) {
        List<Timed<T>> sorted = new ArrayList<>(timed);
        sorted.sort(Comparator.comparingLong(Timed::nanos));
        return sorted.get((sorted.size() - 1) / 2);
    }

    /**
     * Runs q's checksum query {@code runs} times, then the plain one if asked; non-null if the
     * engine cannot go on.
     */
    private String runQuery(Engine engine, Connection c, H2oQuery q, H2oResults results) {
        String name = engine.label();
        String sql = ChecksumQuery.sql(q, engine.table(table));
        H2oCell cell;
        try {
            Timed<Checksum> first = runner.run(c, sql, timeout, Checksum::read);
            progress(name, q, "run 1", first.nanos(), first.answer().rows());
            List<Timed<Checksum>> rest = new ArrayList<>();
            for (int r = 2; r <= runs; r++) {
                Timed<Checksum> t = runner.run(c, sql, timeout, Checksum::read);
                progress(name, q, "run " + r, t.nanos(), t.answer().rows());
                rest.add(t);
            }
            Timed<Checksum> second = warm(first, rest);
            cell = H2oCell.ran(first, second);
        } catch (QueryTimeoutException e) {
            results.put(q, name, H2oCell.timedOut(e.getMessage()));
            reporter.progress("h2o: " + name + setting + " " + q.label() + ": " + e.getMessage());
            return e.stopped() ? null : "engine still busy with a cancelled query";
        } catch (SQLException | RuntimeException e) {
            results.put(q, name, H2oCell.failed(reason(e)));
            reporter.progress("h2o: " + name + setting + " " + q.label() + ": n/a: " + reason(e));
            return null;
        }
        String stopped = null;
        if (toClient) {
            try {
                Timed<Answer> last = null;
                for (int r = 0; r < CLIENT_RUNS; r++) {
                    last = runner.run(c, q.sql(engine.table(table)), timeout);
                    progress(
                            name,
                            q,
                            "to client, run " + (r + 1),
                            last.nanos(),
                            last.answer().rows());
                }
                cell = cell.withClient(last);
            } catch (QueryTimeoutException e) {
                cell = cell.withClientFailure(e.getMessage());
                stopped = e.stopped() ? null : "engine still busy with a cancelled query";
            } catch (SQLException | RuntimeException e) {
                cell = cell.withClientFailure(reason(e));
            }
        }
        results.put(q, name, cell);
        return stopped;
    }

    private void progress(String engine, H2oQuery q, String run, long nanos, long rows) {
        reporter.progress(
                String.format(
                        Locale.ROOT,
                        "h2o: %s%s %s %s: %s s (%d rows)",
                        engine,
                        setting,
                        q.label(),
                        run,
                        Stats.seconds(nanos),
                        rows));
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
        String msg =
                root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName();
        msg = msg.lines().findFirst().orElse(msg).trim();
        return msg.length() > REASON_CHARS ? msg.substring(0, REASON_CHARS) + "…" : msg;
    }
}
