package io.tally.bench.h2o;

import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Answer;
import io.tally.bench.sql.QueryRunner;
import io.tally.bench.sql.Stats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Per query and engine either a timed answer or the reason it could not run; renders the
 * seconds / ratio-to-Tally table with a geometric-mean row, and cross-checks answers against
 * the first engine that answered (Tally when it did).
 */
final class H2oResults {
  /** A timed answer, or why there is none ({@code timedOut}: cancelled after the timeout). */
  private record Cell(QueryRunner.Timed timed, String reason, boolean timedOut) {}

  private final List<H2oQuery> queries;
  private final List<String> engines;
  private final Map<H2oQuery, Map<String, Cell>> cells = new LinkedHashMap<>();
  private final Map<String, Long> loadNanos = new LinkedHashMap<>();
  private final Map<H2oQuery, String> mismatches = new HashMap<>();

  H2oResults(List<H2oQuery> queries, List<String> engines) {
    this.queries = queries;
    this.engines = engines;
    queries.forEach(q -> cells.put(q, new LinkedHashMap<>()));
  }

  void loaded(String engine, long nanos) {
    loadNanos.put(engine, nanos);
  }

  void ran(H2oQuery q, String engine, QueryRunner.Timed timed) {
    cells.get(q).put(engine, new Cell(timed, null, false));
  }

  void failed(H2oQuery q, String engine, String reason) {
    cells.get(q).put(engine, new Cell(null, reason, false));
  }

  /** q was cancelled on {@code engine} after the timeout; its cell prints {@code timeout}. */
  void timedOut(H2oQuery q, String engine, String reason) {
    cells.get(q).put(engine, new Cell(null, reason, true));
  }

  /** Takes {@code engine}'s cells and load time from {@code other} (a shared run of that engine). */
  void copyFrom(H2oResults other, String engine) {
    for (H2oQuery q : queries) {
      Cell c = other.cells.get(q).get(engine);
      if (c != null) {
        cells.get(q).put(engine, c);
      }
    }
    Long load = other.loadNanos.get(engine);
    if (load != null) {
      loadNanos.put(engine, load);
    }
  }

  /** Seconds of q's reported run on {@code engine}, or NaN when it did not run. */
  double seconds(String queryLabel, String engine) {
    for (H2oQuery q : queries) {
      Cell c = q.label().equals(queryLabel) ? cells.get(q).get(engine) : null;
      if (c != null && c.timed() != null) {
        return c.timed().nanos() / 1e9;
      }
    }
    return Double.NaN;
  }

  /** Geometric mean over the queries both ran of {@code a}'s time over {@code b}'s; NaN if none. */
  double geomeanRatio(String a, String b) {
    List<Double> ratios = new ArrayList<>();
    for (H2oQuery q : queries) {
      double sa = seconds(q.label(), a);
      double sb = seconds(q.label(), b);
      if (!Double.isNaN(sa) && !Double.isNaN(sb)) {
        ratios.add(sa / sb);
      }
    }
    return Stats.geomean(ratios);
  }

  /** How many queries both {@code a} and {@code b} ran. */
  int bothRan(String a, String b) {
    return (int) queries.stream()
        .filter(q -> !Double.isNaN(seconds(q.label(), a)) && !Double.isNaN(seconds(q.label(), b))).count();
  }

  List<String> engines() {
    return engines;
  }

  /** True when every query's answers agree across the engines that ran it. */
  boolean allAgree() {
    check();
    return mismatches.isEmpty();
  }

  private void check() {
    mismatches.clear();
    for (H2oQuery q : queries) {
      String refEngine = null;
      Answer ref = null;
      List<String> diffs = new ArrayList<>();
      for (String e : engines) {
        Cell c = cells.get(q).get(e);
        if (c == null || c.timed() == null) {
          continue;
        }
        if (ref == null) {
          ref = c.timed().answer();
          refEngine = e;
          continue;
        }
        String d = ref.mismatch(c.timed().answer());
        if (d != null) {
          diffs.add(e + " vs " + refEngine + ": " + d);
        }
      }
      if (!diffs.isEmpty()) {
        mismatches.put(q, String.join("; ", diffs));
      }
    }
  }

  ResultTable table(String tableName, H2oConfig config) {
    check();
    String base = engines.get(0);
    List<String> cols = new ArrayList<>(List.of("query", "question"));
    cols.addAll(engines.stream().map(e -> e + "_s").toList());
    engines.subList(1, engines.size()).forEach(e -> cols.add(e + "/" + base));
    cols.add("rows");
    cols.add("check");
    ResultTable t = new ResultTable(String.format(Locale.ROOT,
        "h2o groupby %s: seconds of the 2nd run (%s; threads for Tally and DuckDB, cache for Tally)",
        tableName, config.describe()), cols);
    Map<String, List<Double>> complete = new HashMap<>();
    for (H2oQuery q : queries) {
      Map<String, Cell> row = cells.get(q);
      List<String> cells2 = new ArrayList<>(List.of(q.label(), q.question()));
      for (String e : engines) {
        Cell c = row.get(e);
        cells2.add(c == null ? "n/a" : c.timed() != null ? Stats.seconds(c.timed().nanos())
            : c.timedOut() ? "timeout" : "n/a");
      }
      Cell b = row.get(base);
      for (String e : engines.subList(1, engines.size())) {
        Cell c = row.get(e);
        boolean both = b != null && b.timed() != null && c != null && c.timed() != null;
        cells2.add(both ? Stats.ratio((double) c.timed().nanos() / b.timed().nanos()) : "n/a");
      }
      long answerRows = row.values().stream().filter(c -> c.timed() != null)
          .mapToLong(c -> c.timed().answer().rows()).findFirst().orElse(-1);
      cells2.add(answerRows < 0 ? "n/a" : Long.toString(answerRows));
      cells2.add(mismatches.containsKey(q) ? "MISMATCH" : "ok");
      t.add(cells2);
      if (engines.stream().allMatch(e -> row.get(e) != null && row.get(e).timed() != null)) {
        engines.forEach(e -> complete.computeIfAbsent(e, k -> new ArrayList<>()).add((double) row.get(e).timed().nanos()));
      }
    }
    geomeanRow(t, complete, base);
    notes(t);
    return t;
  }

  private void geomeanRow(ResultTable t, Map<String, List<Double>> complete, String base) {
    List<String> row = new ArrayList<>(List.of("geomean", "queries every engine ran ("
        + complete.getOrDefault(base, List.of()).size() + ")"));
    for (String e : engines) {
      double g = Stats.geomean(complete.getOrDefault(e, List.of()));
      row.add(Double.isNaN(g) ? "n/a" : Stats.seconds(g));
    }
    double gb = Stats.geomean(complete.getOrDefault(base, List.of()));
    for (String e : engines.subList(1, engines.size())) {
      row.add(Stats.ratio(Stats.geomean(complete.getOrDefault(e, List.of())) / gb));
    }
    row.add("");
    row.add("");
    t.add(row);
  }

  private void notes(ResultTable t) {
    t.note("x/" + engines.get(0) + " > 1 means " + engines.get(0) + " is faster; check compares row count and per-column "
        + "checksums with the first engine that answered");
    StringBuilder load = new StringBuilder("connect/load seconds:");
    loadNanos.forEach((e, n) -> load.append(' ').append(e).append('=').append(Stats.seconds(n)));
    t.note(load.toString());
    for (H2oQuery q : queries) {
      cells.get(q).forEach((e, c) -> {
        if (c.reason() != null) {
          t.note(q.label() + " " + e + ": " + (c.timedOut() ? "" : "n/a: ") + c.reason());
        }
      });
    }
    for (Map.Entry<H2oQuery, String> m : mismatches.entrySet()) {
      t.note("!!! ANSWER MISMATCH " + m.getKey().label() + ": " + m.getValue() + " !!!");
    }
  }
}
