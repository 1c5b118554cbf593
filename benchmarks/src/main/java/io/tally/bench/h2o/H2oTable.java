package io.tally.bench.h2o;

import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Stats;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * Renders one setting's {@link H2oResults}: per query the seconds of every engine's first and
 * second run (and the to-client run when measured), the first engine's time over each other
 * engine's (below 1: the first engine, Tally, is faster), the answer's row count and the check;
 * then a geometric-mean row and notes (load times, load averages, reasons, mismatches).
 */
final class H2oTable {
    private final H2oResults results;
    private final List<H2oCell.Run> runs;
    private final String base;
    private final List<String> others;

    private H2oTable(H2oResults results, boolean toClient) {
        this.results = results;
        this.runs =
                toClient
                        ? List.of(H2oCell.Run.values())
                        : List.of(H2oCell.Run.FIRST, H2oCell.Run.SECOND);
        this.base = results.engines().get(0);
        this.others = results.engines().subList(1, results.engines().size());
    }

    /** The table of {@code results}, measured on {@code tableName} under {@code config}. */
    static ResultTable render(
            H2oResults results, String tableName, H2oConfig config, boolean toClient) {
        return new H2oTable(results, toClient).render(tableName, config);
    }

    private ResultTable render(String tableName, H2oConfig config) {
        List<String> cols = new ArrayList<>(List.of("query", "question"));
        for (String e : results.engines()) {
            runs.forEach(r -> cols.add(e + "_" + r.suffix()));
        }
        for (String e : others) {
            runs.forEach(
                    r ->
                            cols.add(
                                    base
                                            + "/"
                                            + e
                                            + (r == H2oCell.Run.SECOND ? "" : " " + r.suffix())));
        }
        cols.add("rows");
        cols.add("check");
        ResultTable t =
                new ResultTable(
                        String.format(
                                Locale.ROOT,
                                "h2o groupby %s, engine-side (the answer "
                                        + "consumed inside each engine), seconds of the 1st and 2nd run [%s]",
                                tableName,
                                config.describe()),
                        cols);
        Map<H2oQuery, String> mismatches = results.mismatches();
        for (H2oQuery q : results.queries()) {
            List<String> row = new ArrayList<>(List.of(q.label(), q.question()));
            for (String e : results.engines()) {
                H2oCell c = results.cell(q, e);
                runs.forEach(
                        r ->
                                row.add(
                                        c == null
                                                ? "n/a"
                                                : c.nanos(r) >= 0
                                                        ? Stats.seconds(c.nanos(r))
                                                        : c.missing()));
            }
            for (String e : others) {
                runs.forEach(r -> row.add(Stats.ratio(ratio(q, e, r))));
            }
            H2oCell answered =
                    results.engines().stream()
                            .map(e -> results.cell(q, e))
                            .filter(c -> c != null && c.answered())
                            .findFirst()
                            .orElse(null);
            row.add(answered == null ? "n/a" : Long.toString(answered.second().answer().rows()));
            row.add(mismatches.containsKey(q) ? "MISMATCH" : answered == null ? "n/a" : "ok");
            t.add(row);
        }
        geomeanRow(t);
        notes(t, mismatches);
        return t;
    }

    /** The base engine's seconds over {@code engine}'s for q's {@code run}; NaN unless both ran. */
    private double ratio(H2oQuery q, String engine, H2oCell.Run run) {
        return results.seconds(q.label(), base, run) / results.seconds(q.label(), engine, run);
    }

    /** Geometric means over the queries every engine answered (all runs present). */
    private void geomeanRow(ResultTable t) {
        List<H2oQuery> complete =
                results.queries().stream()
                        .filter(
                                q ->
                                        results.engines().stream()
                                                .allMatch(
                                                        e ->
                                                                runs.stream()
                                                                        .allMatch(
                                                                                r ->
                                                                                        !Double
                                                                                                .isNaN(
                                                                                                        results
                                                                                                                .seconds(
                                                                                                                        q
                                                                                                                                .label(),
                                                                                                                        e,
                                                                                                                        r)))))
                        .toList();
        List<String> row =
                new ArrayList<>(
                        List.of("geomean", "queries every engine ran (" + complete.size() + ")"));
        for (String e : results.engines()) {
            runs.forEach(
                    r ->
                            row.add(
                                    geomean(
                                            complete,
                                            q -> results.seconds(q.label(), e, r),
                                            Stats::seconds,
                                            1e9)));
        }
        for (String e : others) {
            runs.forEach(r -> row.add(geomean(complete, q -> ratio(q, e, r), Stats::ratio, 1)));
        }
        row.add("");
        row.add("");
        t.add(row);
    }

    private static String geomean(
            List<H2oQuery> queries,
            ToDoubleFunction<H2oQuery> value,
            DoubleFunction<String> format,
            double scale) {
        double g = Stats.geomean(queries.stream().map(value::applyAsDouble).toList());
        return Double.isNaN(g) ? "n/a" : format.apply(g * scale);
    }

    private void notes(ResultTable t, Map<H2oQuery, String> mismatches) {
        t.note(
                base
                        + "/x below 1 means "
                        + base
                        + " is faster. Engine-side: each query runs wrapped as SELECT "
                        + "COUNT(*), <checksum of every column> FROM (query), so one row crosses JDBC; check compares the "
                        + "checksums (2nd run) and row counts with the first engine that answered, and each engine's 1st run "
                        + "with its 2nd");
        if (runs.contains(H2oCell.Run.CLIENT)) {
            t.note(
                    "_client: the plain query's 2nd run with every row read over JDBC (the old measure)");
        }
        StringBuilder load =
                new StringBuilder("connect/load seconds (load average as each engine started):");
        results.loadNanos()
                .forEach(
                        (e, n) ->
                                load.append(' ')
                                        .append(e)
                                        .append('=')
                                        .append(Stats.seconds(n))
                                        .append(" (")
                                        .append(results.loadAverages().get(e))
                                        .append(')'));
        t.note(load.toString());
        StringBuilder others =
                new StringBuilder(
                        "CPU used by other processes while each engine ran its queries "
                                + "(share of all cores; above a few % the timings are disturbed):");
        results.otherCpu()
                .forEach((e, share) -> others.append(' ').append(e).append('=').append(share));
        t.note(others.toString());
        for (H2oQuery q : results.queries()) {
            for (String e : results.engines()) {
                H2oCell c = results.cell(q, e);
                if (c != null && c.reason() != null) {
                    t.note(q.label() + " " + e + ": " + (c.timedOut() ? "" : "n/a: ") + c.reason());
                }
                if (c != null && c.clientReason() != null) {
                    t.note(q.label() + " " + e + " to client: " + c.clientReason());
                }
            }
        }
        mismatches.forEach(
                (q, m) -> t.note("!!! ANSWER MISMATCH " + q.label() + ": " + m + " !!!"));
    }
}
