package io.tally.bench.h2o;

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
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs one query's checksum query {@code runs} times on one connection for each setting of a group
 * that differs only in its thread count, cycling through the settings run by run (run 1 of each,
 * then run 2 of each, ...; with several settings {@code SET threads = N} before each run), so the
 * runs of one thread count and another are as close in time as they can be; then with {@code
 * toClient} the plain query {@link H2oRun#CLIENT_RUNS} times per setting. Each setting's cell goes
 * into its own results: a failure or a cancelled timeout counts for that setting only (its later
 * runs of the query are skipped); a timeout that cannot be cancelled stops the engine for all.
 */
final class InterleavedRuns {
    /** Why the engine cannot go on after a query it could not cancel. */
    static final String BUSY = "engine still busy with a cancelled query";

    private final String table;
    private final QueryRunner runner;
    private final long timeout;
    private final int runs;
    private final boolean toClient;
    private final Reporter reporter;

    InterleavedRuns(
            String table,
            QueryRunner runner,
            long timeout,
            int runs,
            boolean toClient,
            Reporter reporter) {
        this.table = table;
        this.runner = runner;
        this.timeout = timeout;
        this.runs = runs;
        this.toClient = toClient;
        this.reporter = reporter;
    }

    /**
     * Runs q on {@code c} for every setting of {@code slots}, recording each one's cell; non-null
     * (the reason) if the engine cannot go on.
     */
    String run(Engine engine, Connection c, H2oQuery q, List<H2oSummary.Run> slots) {
        String sql = ChecksumQuery.sql(q, engine.table(table));
        List<List<Timed<Checksum>>> timed = new ArrayList<>();
        boolean[] done = new boolean[slots.size()];
        slots.forEach(s -> timed.add(new ArrayList<>()));
        for (int r = 1; r <= runs; r++) {
            for (int i = 0; i < slots.size(); i++) {
                if (done[i]) {
                    continue;
                }
                H2oSummary.Run s = slots.get(i);
                try {
                    setThreads(c, s.config(), slots.size());
                    Timed<Checksum> t = runner.run(c, sql, timeout, Checksum::read);
                    progress(engine, s, q, "run " + r, t.nanos(), t.answer().rows());
                    timed.get(i).add(t);
                } catch (QueryTimeoutException e) {
                    done[i] = true;
                    s.results().put(q, engine.label(), H2oCell.timedOut(e.getMessage()));
                    reporter.progress(prefix(engine, s, q) + ": " + e.getMessage());
                    if (!e.stopped()) {
                        stopAll(engine, q, slots, timed, done);
                        return BUSY;
                    }
                } catch (SQLException | RuntimeException e) {
                    done[i] = true;
                    s.results().put(q, engine.label(), H2oCell.failed(H2oRun.reason(e)));
                    reporter.progress(prefix(engine, s, q) + ": n/a: " + H2oRun.reason(e));
                }
            }
        }
        String stopped = null;
        for (int i = 0; i < slots.size(); i++) {
            if (done[i]) {
                continue;
            }
            H2oCell cell = ran(timed.get(i));
            if (toClient && stopped != null) {
                cell = cell.withClientFailure(stopped);
            } else if (toClient) {
                ClientRun client = toClient(engine, c, q, slots.get(i), slots.size(), cell);
                cell = client.cell();
                stopped = client.stuck() ? BUSY : null;
            }
            slots.get(i).results().put(q, engine.label(), cell);
        }
        return stopped;
    }

    /** The cell of a setting's finished runs: the 1st, and the warm one of the rest. */
    private static H2oCell ran(List<Timed<Checksum>> timed) {
        Timed<Checksum> first = timed.get(0);
        return H2oCell.ran(first, H2oRun.warm(first, timed.subList(1, timed.size())));
    }

    /**
     * After a query that could not be cancelled: the settings that finished their runs keep them,
     * the others are recorded as failed.
     */
    private void stopAll(
            Engine engine,
            H2oQuery q,
            List<H2oSummary.Run> slots,
            List<List<Timed<Checksum>>> timed,
            boolean[] done) {
        for (int i = 0; i < slots.size(); i++) {
            if (done[i]) {
                continue;
            }
            H2oCell cell = timed.get(i).size() == runs ? ran(timed.get(i)) : H2oCell.failed(BUSY);
            if (toClient && cell.answered()) {
                cell = cell.withClientFailure(BUSY);
            }
            slots.get(i).results().put(q, engine.label(), cell);
        }
    }

    /** A cell with its to-client run; {@code stuck} when that run could not be cancelled. */
    private record ClientRun(H2oCell cell, boolean stuck) {}

    /** {@code cell} with the plain query's to-client run under {@code s}'s thread count. */
    private ClientRun toClient(
            Engine engine, Connection c, H2oQuery q, H2oSummary.Run s, int settings, H2oCell cell) {
        try {
            setThreads(c, s.config(), settings);
            Timed<Answer> last = null;
            for (int r = 0; r < H2oRun.CLIENT_RUNS; r++) {
                last = runner.run(c, q.sql(engine.table(table)), timeout);
                progress(
                        engine,
                        s,
                        q,
                        "to client, run " + (r + 1),
                        last.nanos(),
                        last.answer().rows());
            }
            return new ClientRun(cell.withClient(last), false);
        } catch (QueryTimeoutException e) {
            return new ClientRun(cell.withClientFailure(e.getMessage()), !e.stopped());
        } catch (SQLException | RuntimeException e) {
            return new ClientRun(cell.withClientFailure(H2oRun.reason(e)), false);
        }
    }

    /**
     * Sets {@code config}'s thread count on the connection when several settings share it (a lone
     * setting's engine was made with its thread count).
     */
    private static void setThreads(Connection c, H2oConfig config, int settings)
            throws SQLException {
        if (settings > 1) {
            try (Statement s = c.createStatement()) {
                s.execute("SET threads = " + config.effectiveThreads());
            }
        }
    }

    private static String prefix(Engine engine, H2oSummary.Run s, H2oQuery q) {
        return "h2o: " + engine.label() + " [" + s.config().describe() + "] " + q.label();
    }

    private void progress(
            Engine engine, H2oSummary.Run s, H2oQuery q, String run, long nanos, long rows) {
        reporter.progress(
                String.format(
                        Locale.ROOT,
                        "%s %s: %s s (%d rows)",
                        prefix(engine, s, q),
                        run,
                        Stats.seconds(nanos),
                        rows));
    }
}
