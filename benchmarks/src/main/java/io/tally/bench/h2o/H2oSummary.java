package io.tally.bench.h2o;

import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The table issue 8 is judged by, printed after the per-query tables: for Tally (and the other
 * multi-threaded engines) the speedup of each thread count over 1 thread on q1, q3 and q10, rows
 * per second per core on q1 (100 groups) and q10 (about N groups), and per setting the geometric
 * mean of Tally's time over DuckDB's.
 */
final class H2oSummary {
    /** Queries whose thread scaling is reported. */
    static final List<String> SPEEDUP_QUERIES = List.of("q1", "q3", "q10");

    /** Queries whose per-core throughput is reported. */
    static final List<String> THROUGHPUT_QUERIES = List.of("q1", "q10");

    /** Engines that take a thread count. */
    private static final List<String> THREADED = List.of("tally", "calcite", "duckdb");

    private H2oSummary() {}

    /** One setting and its results. */
    record Run(H2oConfig config, H2oResults results) {}

    static ResultTable table(String tableName, long rows, List<Run> runs) {
        ResultTable t =
                new ResultTable(
                        "h2o groupby " + tableName + ": summary",
                        List.of("metric", "engine", "cache", "memory_limit", "threads", "value"));
        speedups(t, runs);
        throughput(t, rows, runs);
        geomeans(t, runs);
        t.note(
                "speedup = seconds at threads=1 / seconds at threads=N (same engine, cache and memory limit; 2nd "
                        + "runs); rows/s/core = "
                        + rows
                        + " input rows / seconds / threads; tally/duckdb = geometric mean over "
                        + "the queries both ran of Tally's seconds over DuckDB's at the same setting (below 1: Tally faster)");
        if (t.rows().isEmpty()) {
            t.note("nothing to summarize: no engine ran q1, q3 or q10");
        }
        return t;
    }

    private static void speedups(ResultTable t, List<Run> runs) {
        for (Run one : runs) {
            if (one.config().threads().orElse(-1) != 1) {
                continue;
            }
            for (Run many : runs) {
                OptionalInt n = many.config().threads();
                if (n.isEmpty()
                        || n.getAsInt() <= 1
                        || many.config().cache() != one.config().cache()
                        || !many.config().memoryLimit().equals(one.config().memoryLimit())) {
                    continue;
                }
                for (String e : threadedEngines(one)) {
                    if (sharedDuckDb(e, one, runs)) {
                        continue;
                    }
                    for (String q : SPEEDUP_QUERIES) {
                        double s1 = one.results().seconds(q, e);
                        double sn = many.results().seconds(q, e);
                        if (!Double.isNaN(s1) && !Double.isNaN(sn)) {
                            t.add(
                                    List.of(
                                            "speedup " + q + " t" + n.getAsInt() + "/t1",
                                            e,
                                            cache(e, one),
                                            one.config().memoryLimitText(),
                                            Integer.toString(n.getAsInt()),
                                            Stats.ratio(s1 / sn)));
                        }
                    }
                }
            }
        }
    }

    private static void throughput(ResultTable t, long rows, List<Run> runs) {
        for (Run r : runs) {
            int threads = r.config().effectiveThreads();
            for (String e : threadedEngines(r)) {
                if (sharedDuckDb(e, r, runs)) {
                    continue;
                }
                for (String q : THROUGHPUT_QUERIES) {
                    double s = r.results().seconds(q, e);
                    if (!Double.isNaN(s)) {
                        t.add(
                                List.of(
                                        "rows/s/core " + q,
                                        e,
                                        cache(e, r),
                                        r.config().memoryLimitText(),
                                        Integer.toString(threads),
                                        perSecond(rows / s / threads)));
                    }
                }
            }
        }
    }

    private static void geomeans(ResultTable t, List<Run> runs) {
        for (Run r : runs) {
            H2oResults res = r.results();
            if (res.engines().contains("tally") && res.engines().contains("duckdb")) {
                String queries = " (" + res.bothRan("tally", "duckdb") + " queries)";
                for (H2oCell.Run run : List.of(H2oCell.Run.SECOND, H2oCell.Run.FIRST)) {
                    double g = res.geomeanRatio("tally", "duckdb", run);
                    t.add(
                            List.of(
                                    "geomean tally/duckdb"
                                            + (run == H2oCell.Run.FIRST ? " 1st run" : "")
                                            + queries,
                                    "tally",
                                    Boolean.toString(r.config().cache()),
                                    r.config().memoryLimitText(),
                                    Integer.toString(r.config().effectiveThreads()),
                                    Stats.ratio(g)));
                }
            }
        }
    }

    private static List<String> threadedEngines(Run r) {
        List<String> out = new ArrayList<>();
        for (String e : r.results().engines()) {
            if (THREADED.contains(e)) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * DuckDB's numbers do not depend on Tally's cache: listed once per thread count (cache=true's).
     */
    private static boolean sharedDuckDb(String engine, Run r, List<Run> runs) {
        return engine.equals("duckdb")
                && !r.config().cache()
                && runs.stream()
                        .anyMatch(
                                o ->
                                        o.config().cache()
                                                && o.config().threads().equals(r.config().threads())
                                                && o.config()
                                                        .memoryLimit()
                                                        .equals(r.config().memoryLimit()));
    }

    private static String cache(String engine, Run r) {
        return engine.equals("duckdb") ? "-" : Boolean.toString(r.config().cache());
    }

    static String perSecond(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "n/a";
        }
        return v >= 1e9
                ? String.format(Locale.ROOT, "%.2fG", v / 1e9)
                : v >= 1e6
                        ? String.format(Locale.ROOT, "%.1fM", v / 1e6)
                        : String.format(Locale.ROOT, "%.0fk", v / 1e3);
    }
}
