package io.tally.bench.h2o;

import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Stats;
import java.util.ArrayList;
import java.util.List;

/**
 * The headline of an h2o run, shaped like issue 13's table: one row per setting and run (2nd, then
 * 1st), one column per query holding Tally's engine-side seconds over DuckDB's, and the geometric
 * mean over the queries both ran (below 1: Tally faster).
 */
final class H2oHeadline {
    private H2oHeadline() {}

    /** The headline table, or null when the run did not include both Tally and DuckDB. */
    static ResultTable table(String tableName, List<H2oSummary.Run> runs) {
        if (runs.isEmpty()
                || !runs.get(0).results().engines().containsAll(List.of("tally", "duckdb"))) {
            return null;
        }
        List<H2oQuery> queries = runs.get(0).results().queries();
        List<String> cols = new ArrayList<>(List.of("Tally/DuckDB", "run"));
        queries.forEach(q -> cols.add(q.label()));
        cols.add("geomean");
        ResultTable t =
                new ResultTable(
                        "h2o groupby " + tableName + ": Tally/DuckDB, engine-side seconds", cols);
        for (H2oSummary.Run r : runs) {
            for (H2oCell.Run run : List.of(H2oCell.Run.SECOND, H2oCell.Run.FIRST)) {
                List<String> row = new ArrayList<>(List.of(setting(r.config()), run.suffix()));
                for (H2oQuery q : queries) {
                    row.add(
                            Stats.ratio(
                                    r.results().seconds(q.label(), "tally", run)
                                            / r.results().seconds(q.label(), "duckdb", run)));
                }
                row.add(Stats.ratio(r.results().geomeanRatio("tally", "duckdb", run)));
                t.add(row);
            }
        }
        t.note(
                "each query wrapped as SELECT COUNT(*), <checksum of every column> FROM (query) and run twice in "
                        + "each engine; ratios from the same process run; load averages are in the per-setting tables");
        return t;
    }

    private static String setting(H2oConfig c) {
        return "threads="
                + c.effectiveThreads()
                + (c.memoryLimit().isPresent() ? ", memory_limit=" + c.memoryLimitText() : "")
                + (c.cache() ? "" : ", cache=false");
    }
}
