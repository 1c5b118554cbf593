package io.tally.bench.h2o;

import java.util.Locale;
import java.util.OptionalInt;

/**
 * One setting of an h2o run: the thread count for Tally and DuckDB ({@code threads=N} on Tally's
 * URL, {@code SET threads = N} on DuckDB; empty means each engine's default, the cores) and
 * Tally's {@code cache}. Engines a setting does not affect run once and are shared between
 * settings: DuckDB per thread count, H2 once.
 */
record H2oConfig(OptionalInt threads, boolean cache) {
  /** The thread count the engines use: the given one, or the cores. */
  int effectiveThreads() {
    return threads.orElse(Runtime.getRuntime().availableProcessors());
  }

  String describe() {
    String t = threads.isPresent() ? "threads=" + threads.getAsInt()
        : "threads=default (" + effectiveThreads() + " cores)";
    return t + ", cache=" + cache;
  }

  /** Runs of {@code engine} with equal keys give the same numbers, so they run once. */
  String runKey(String engine) {
    return switch (engine) {
      case "tally", "calcite" -> String.format(Locale.ROOT, "%s|%s|%s", engine, threads, cache);
      case "duckdb" -> "duckdb|" + effectiveThreads();
      default -> engine;
    };
  }
}
