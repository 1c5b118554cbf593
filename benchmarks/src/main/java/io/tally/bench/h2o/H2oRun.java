package io.tally.bench.h2o;

import io.tally.bench.report.MachineInfo;
import io.tally.bench.report.OtherCpu;
import io.tally.bench.report.Reporter;
import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.Engine;
import io.tally.bench.sql.QueryRunner;
import io.tally.bench.sql.QueryRunner.Timed;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Runs every query on one engine at a time, in one session per group of settings that differ only
 * in their thread count (its connection, and any in-memory copy of the table, is closed and
 * released before the next engine loads): each query's checksum query ({@link ChecksumQuery})
 * {@code runs} times per setting (at least twice, as db-benchmark does), the settings interleaved
 * run by run ({@link InterleavedRuns}), keeping per setting the first run and, as the warm run (the
 * headline), the median of the others ({@link #warm}); then with {@code toClient} the plain query
 * twice with every row read over JDBC, the second kept. A failing query records its reason; a query
 * that passes the timeout is cancelled and recorded as a timeout; one that cannot be cancelled ends
 * that engine's session.
 */
final class H2oRun implements AutoCloseable {
    /** Runs of the plain query with {@code --to-client}; the last is reported. */
    static final int CLIENT_RUNS = 2;

    private static final int REASON_CHARS = 90;

    private final String table;
    private final List<H2oQuery> queries;
    private final long timeout;
    private final Reporter reporter;
    private final QueryRunner runner = new QueryRunner();
    private final InterleavedRuns interleaved;

    H2oRun(
            String table,
            List<H2oQuery> queries,
            long timeout,
            boolean toClient,
            int runs,
            Reporter reporter) {
        this.table = table;
        this.queries = queries;
        this.timeout = timeout;
        this.reporter = reporter;
        this.interleaved = new InterleavedRuns(table, runner, timeout, runs, toClient, reporter);
    }

    /**
     * Runs every query on {@code engine} (made for the first of {@code slots}) in one session for
     * every setting of {@code slots}, which differ only in their thread count, recording into each
     * one's results; the connect/load time and other processes' CPU are the session's, recorded for
     * each.
     */
    void runEngine(Engine engine, List<H2oSummary.Run> slots) {
        String setting =
                " ["
                        + H2oConfig.describe(slots.stream().map(H2oSummary.Run::config).toList())
                        + "]";
        System.gc();
        String loadAverage = MachineInfo.loadAverage();
        long start = System.nanoTime();
        reporter.progress("h2o: " + engine.label() + setting + ": connecting / loading ...");
        Connection c;
        try {
            c = engine.connect();
        } catch (SQLException | RuntimeException e) {
            failAll(engine, slots, reason(e));
            engine.release();
            return;
        }
        String stopped = null;
        try {
            for (String sql : engine.load(table)) {
                runner.run(c, sql, timeout);
            }
            long nanos = System.nanoTime() - start;
            slots.forEach(s -> s.results().loaded(engine.label(), nanos, loadAverage));
        } catch (SQLException | RuntimeException e) {
            stopped = "loading failed: " + reason(e);
        }
        OtherCpu before = OtherCpu.now();
        for (H2oQuery q : queries) {
            if (stopped != null) {
                for (H2oSummary.Run s : slots) {
                    s.results().put(q, engine.label(), H2oCell.failed(stopped));
                }
                continue;
            }
            stopped = interleaved.run(engine, c, q, slots);
        }
        String other = OtherCpu.since(before, OtherCpu.now());
        slots.forEach(s -> s.results().otherCpu(engine.label(), other));
        close(c, engine, stopped != null);
    }

    private void failAll(Engine engine, List<H2oSummary.Run> slots, String why) {
        for (H2oSummary.Run s : slots) {
            queries.forEach(q -> s.results().put(q, engine.label(), H2oCell.failed(why)));
        }
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
