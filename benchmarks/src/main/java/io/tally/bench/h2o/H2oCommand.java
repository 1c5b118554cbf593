package io.tally.bench.h2o;

import io.tally.bench.groupby.DataCache;
import io.tally.bench.groupby.DataOptions;
import io.tally.bench.report.Reporter;
import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Engine;
import io.tally.datasets.H2oGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
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
  /** Engines {@code --engines} accepts. */
  static final List<String> ENGINES = List.of("tally", "calcite", "duckdb", "h2");

  @Option(names = "--rows", defaultValue = "1e7", converter = RowsConverter.class,
      description = "N rows, e.g. 1e6 or 1e7 (default: ${DEFAULT-VALUE})")
  long rows;

  @Option(names = "--engines", split = ",", defaultValue = "tally,calcite,duckdb,h2",
      description = "engines to run: tally, calcite (Tally with aggregate=calcite), duckdb, h2")
  List<String> engines;

  @Option(names = "--queries", split = ",", defaultValue = "q1,q2,q3,q4,q5,q6,q7,q8,q9,q10",
      description = "queries to run (default: all ten)")
  List<String> queries;

  @Option(names = "--threads", split = ",", description = "thread counts, e.g. 1,2: each runs Tally with threads=N "
      + "on its URL and DuckDB with SET threads = N (default: no setting passed; both use the cores)")
  List<Integer> threads;

  @Option(names = "--cache", split = ",", arity = "1", paramLabel = "true|false", defaultValue = "true",
      converter = BooleanConverter.class,
      description = "Tally's cache setting(s), e.g. true,false: true keeps the scanned Arrow batches in memory "
          + "(default: ${DEFAULT-VALUE})")
  List<Boolean> cache;

  @Option(names = "--timeout", defaultValue = "300", description = "seconds before one query run is cancelled")
  long timeout;

  @Mixin DataOptions dataOptions;

  @Override
  public Integer call() throws Exception {
    Reporter reporter = dataOptions.reporter();
    DataCache dataCache = dataOptions.dataCache();
    H2oGenerator data = new H2oGenerator(rows, K, 0, false, H2oGenerator.DEFAULT_SEED);
    List<String> names = engines.stream().map(e -> e.trim().toLowerCase(Locale.ROOT)).toList();
    for (String e : names) {
      if (!ENGINES.contains(e)) {
        throw new IllegalArgumentException("--engines: unknown engine '" + e + "'; expected one of " + ENGINES);
      }
    }
    List<H2oConfig> configs = configs();
    dataCache.arrow(data, reporter::progress);
    boolean needsCsv = names.contains("duckdb") || names.contains("h2");
    Path csv = needsCsv ? dataCache.csv(data, reporter::progress) : null;
    List<H2oSummary.Run> runs = new ArrayList<>();
    Map<String, H2oResults> shared = new HashMap<>();
    try (H2oRun run = new H2oRun(data.tableName(), H2oQuery.parse(queries), timeout, reporter)) {
      for (H2oConfig config : configs) {
        H2oResults results = new H2oResults(H2oQuery.parse(queries), names);
        for (String e : names) {
          H2oResults earlier = shared.get(config.runKey(e));
          if (earlier != null) {
            results.copyFrom(earlier, e);
            continue;
          }
          run.runEngine(engine(e, config, dataCache.arrowDir(), csv), config, results);
          shared.put(config.runKey(e), results);
        }
        runs.add(new H2oSummary.Run(config, results));
      }
    }
    boolean agree = true;
    for (H2oSummary.Run r : runs) {
      ResultTable table = r.results().table(data.tableName(), r.config());
      if (runs.size() > 1) {
        table.note("engines a setting does not change (DuckDB: cache; H2: threads, cache) ran once; their "
            + "numbers repeat in each table");
      }
      reporter.emit(table);
      agree &= r.results().allAgree();
    }
    reporter.emit(H2oSummary.table(data.tableName(), rows, runs));
    return agree ? 0 : 2;
  }

  /** Every (threads, cache) pair, threads outermost. */
  private List<H2oConfig> configs() {
    List<H2oConfig> out = new ArrayList<>();
    List<OptionalInt> counts = new ArrayList<>();
    if (threads == null || threads.isEmpty()) {
      counts.add(OptionalInt.empty());
    } else {
      for (int n : threads) {
        if (n < 1) {
          throw new IllegalArgumentException("--threads: " + n + " is not a thread count (1 or more)");
        }
        counts.add(OptionalInt.of(n));
      }
    }
    for (OptionalInt n : counts) {
      for (boolean c : cache) {
        out.add(new H2oConfig(n, c));
      }
    }
    return out;
  }

  private static Engine engine(String name, H2oConfig config, Path arrowDir, Path csv) {
    return switch (name) {
      case "tally" -> Engine.tally("tally", arrowDir, "blocked", config.threads(), config.cache());
      case "calcite" -> Engine.tally("calcite", arrowDir, "calcite", config.threads(), config.cache());
      case "duckdb" -> LoadedEngines.duckdb(csv, config.effectiveThreads());
      default -> LoadedEngines.h2(csv);
    };
  }

  /** Accepts exactly {@code true} or {@code false}. */
  static final class BooleanConverter implements ITypeConverter<Boolean> {
    @Override
    public Boolean convert(String value) {
      return switch (value.trim().toLowerCase(Locale.ROOT)) {
        case "true" -> true;
        case "false" -> false;
        default -> throw new IllegalArgumentException("--cache: expected true or false, got '" + value + "'");
      };
    }
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
