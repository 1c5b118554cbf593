package io.tally.bench.groupby;

import io.tally.bench.report.Reporter;
import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Answer;
import io.tally.bench.sql.Engine;
import io.tally.bench.sql.QueryRunner;
import io.tally.bench.sql.Stats;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tally bench groupby}: {@code SELECT k, SUM(v) FROM t GROUP BY k} over generated Arrow
 * files, Tally's blocked aggregate vs Calcite's stock one ({@code aggregate=calcite}), through
 * JDBC; reports the median of {@code --runs} and the ratio, and checks both give the same answer.
 */
@Command(
        name = "groupby",
        mixinStandardHelpOptions = true,
        description =
                "SELECT k, SUM(v) ... GROUP BY k over --rows rows at each --groups, Tally vs aggregate=calcite.")
public final class GroupByCommand implements Callable<Integer> {
    @Option(
            names = "--rows",
            defaultValue = "10000000",
            description = "rows per table (default: ${DEFAULT-VALUE})")
    long rows;

    @Option(
            names = "--groups",
            split = ",",
            defaultValue = "100,1000000,10000000",
            description = "group counts (default: ${DEFAULT-VALUE})")
    List<Long> groups;

    @Option(
            names = "--keys",
            split = ",",
            defaultValue = "int64,utf8",
            description = "key types: int64, utf8")
    List<String> keys;

    @Option(
            names = "--runs",
            defaultValue = "3",
            description = "timed runs per query; the median is reported")
    int runs;

    @Option(
            names = "--timeout",
            defaultValue = "600",
            description = "seconds before a query is cancelled")
    long timeout;

    @Mixin DataOptions dataOptions;

    @Override
    public Integer call() throws Exception {
        Reporter reporter = dataOptions.reporter();
        DataCache cache = dataOptions.dataCache();
        List<Engine> engines =
                List.of(
                        Engine.tally(
                                "tally", cache.arrowDir(), "blocked", OptionalInt.empty(), true),
                        Engine.tally(
                                "calcite", cache.arrowDir(), "calcite", OptionalInt.empty(), true));
        List<GroupByDataset> tables = new ArrayList<>();
        for (String key : keys) {
            for (long g : groups) {
                GroupByDataset t =
                        new GroupByDataset(
                                GroupByDataset.Key.valueOf(key.trim().toUpperCase(Locale.ROOT)),
                                g,
                                rows);
                cache.arrow(t, reporter::progress);
                tables.add(t);
            }
        }
        ResultTable table =
                new ResultTable(
                        String.format(
                                Locale.ROOT,
                                "groupby: SELECT k, SUM(v) FROM t GROUP BY k, %d rows, median of %d runs, seconds",
                                rows,
                                runs),
                        List.of("key", "groups", "tally_s", "calcite_s", "calcite/tally", "check"));
        boolean ok = true;
        try (QueryRunner runner = new QueryRunner();
                Connection tally = engines.get(0).connect();
                Connection calcite = engines.get(1).connect()) {
            warmUp(runner, tally, engines.get(0), tables.get(0));
            warmUp(runner, calcite, engines.get(1), tables.get(0));
            for (GroupByDataset t : tables) {
                Measured a = measure(runner, tally, engines.get(0), t, reporter);
                Measured b = measure(runner, calcite, engines.get(1), t, reporter);
                String mismatch = a.answer.mismatch(b.answer);
                if (mismatch == null && a.answer.rows() != t.groups()) {
                    mismatch = "expected " + t.groups() + " groups, got " + a.answer.rows();
                }
                ok &= mismatch == null;
                table.add(
                        List.of(
                                t.cliKey(),
                                Long.toString(t.groups()),
                                Stats.seconds(a.nanos),
                                Stats.seconds(b.nanos),
                                Stats.ratio((double) b.nanos / a.nanos),
                                mismatch == null ? "ok" : "MISMATCH: " + mismatch));
            }
        }
        table.note(
                "calcite/tally > 1 means Tally's blocked aggregate is faster; both read the same cached Arrow batches");
        if (!ok) {
            table.note(
                    "!!! ANSWERS DIFFER between Tally and aggregate=calcite — see the check column !!!");
        }
        reporter.emit(table);
        return ok ? 0 : 2;
    }

    private record Measured(long nanos, Answer answer) {}

    /**
     * One untimed query per connection first, so class loading and JIT warm-up are not in run 1.
     */
    private void warmUp(QueryRunner runner, Connection c, Engine engine, GroupByDataset t)
            throws Exception {
        runner.run(c, "SELECT COUNT(*) FROM " + engine.table(t.tableName()), timeout);
    }

    private Measured measure(
            QueryRunner runner, Connection c, Engine engine, GroupByDataset t, Reporter reporter)
            throws Exception {
        String sql = "SELECT k, SUM(v) AS s FROM " + engine.table(t.tableName()) + " GROUP BY k";
        long[] nanos = new long[runs];
        Answer answer = null;
        for (int r = 0; r < runs; r++) {
            System.gc();
            QueryRunner.Timed<Answer> timed = runner.run(c, sql, timeout);
            nanos[r] = timed.nanos();
            answer = timed.answer();
            reporter.progress(
                    String.format(
                            Locale.ROOT,
                            "groupby: %s %s run %d: %s s",
                            engine.label(),
                            t.tableName(),
                            r + 1,
                            Stats.seconds(timed.nanos())));
        }
        return new Measured(Stats.median(nanos), answer);
    }
}
