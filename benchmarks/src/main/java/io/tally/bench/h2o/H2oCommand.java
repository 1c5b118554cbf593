package io.tally.bench.h2o;

import io.tally.bench.groupby.DataCache;
import io.tally.bench.report.Reporter;
import io.tally.bench.sql.Engine;
import io.tally.datasets.H2oGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;

/**
 * {@code tally bench h2o}: db-benchmark's groupby questions q1–q10 on G1_&lt;N&gt;_1e2_0_0, Tally vs
 * Tally with {@code aggregate=calcite} vs DuckDB vs H2, each query run twice and the second run
 * reported, answers cross-checked.
 */
@Command(name = "h2o", mixinStandardHelpOptions = true,
    description = "h2o/db-benchmark groupby q1-q10: Tally, aggregate=calcite, DuckDB, H2 side by side.")
public final class H2oCommand implements Callable<Integer> {
  /** K of G1_N_K: 100 groups for the low-cardinality ids. */
  static final int K = 100;

  @Option(names = "--rows", defaultValue = "1e7", converter = RowsConverter.class,
      description = "N rows, e.g. 1e6 or 1e7 (default: ${DEFAULT-VALUE})")
  long rows;

  @Option(names = "--engines", split = ",", defaultValue = "tally,calcite,duckdb,h2",
      description = "engines to run: tally, calcite (Tally with aggregate=calcite), duckdb, h2")
  List<String> engines;

  @Option(names = "--queries", split = ",", defaultValue = "q1,q2,q3,q4,q5,q6,q7,q8,q9,q10",
      description = "queries to run (default: all ten)")
  List<String> queries;

  @Option(names = "--timeout", defaultValue = "300", description = "seconds before one query run is cancelled")
  long timeout;

  @Option(names = "--data-dir", description = "where generated tables are cached (default: $TALLY_BENCH_DATA "
      + "or ~/.cache/tally-bench)")
  Path dataDir;

  @Option(names = "--out", description = "also write the table to FILE (.csv, .md, else text)")
  Path out;

  @Override
  public Integer call() throws Exception {
    Reporter reporter = new Reporter(System.out, out);
    DataCache cache = new DataCache(dataDir != null ? dataDir : DataCache.defaultDir());
    H2oGenerator data = new H2oGenerator(rows, K, 0, false, H2oGenerator.DEFAULT_SEED);
    cache.arrow(data, reporter::progress);
    boolean needsCsv = engines.stream().anyMatch(e -> e.equals("duckdb") || e.equals("h2"));
    Path csv = needsCsv ? cache.csv(data, reporter::progress) : null;
    int threads = Runtime.getRuntime().availableProcessors();
    List<Engine> list = new ArrayList<>();
    for (String e : engines) {
      list.add(switch (e.trim().toLowerCase(Locale.ROOT)) {
        case "tally" -> Engine.tally("tally", cache.arrowDir(), "blocked", threads);
        case "calcite" -> Engine.tally("calcite", cache.arrowDir(), "calcite", threads);
        case "duckdb" -> LoadedEngines.duckdb(csv, threads);
        case "h2" -> LoadedEngines.h2(csv);
        default -> throw new IllegalArgumentException("--engines: unknown engine '" + e
            + "'; expected tally, calcite, duckdb or h2");
      });
    }
    H2oRun run = new H2oRun(data.tableName(), H2oQuery.parse(queries), list, timeout, reporter);
    H2oResults results = run.run();
    reporter.emit(results.table(data.tableName(), threads));
    return results.allAgree() ? 0 : 2;
  }

  /** Accepts {@code 1e7}, {@code 10000000}, {@code 1_000_000}. */
  static final class RowsConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
      double d = Double.parseDouble(value.replace("_", ""));
      if (d < K || d != Math.rint(d) || d > 1e10) {
        throw new IllegalArgumentException("--rows must be a whole number from " + K + " to 1e10: " + value);
      }
      return (long) d;
    }
  }
}
