package io.tally.bench.sql;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * A database under test: how to open it and the name its benchmark table has there. Tally
 * engines read the generated Arrow files of a data directory (with {@code cache=true} repeated
 * queries find the batches in memory, like the other engines' in-memory tables).
 */
public interface Engine {
  /** Short label used as a column name, e.g. {@code tally}, {@code calcite}, {@code duckdb}. */
  String label();

  /** Opens a connection; loads data if the engine needs it (timed separately by callers). */
  Connection connect() throws SQLException;

  /** The SQL identifier of {@code table} in this engine. */
  String table(String table);

  /**
   * Tally over a data directory with {@code aggregate=blocked|calcite} and {@code cache}; the
   * {@code threads} setting is passed only when present (absent: Tally's default, the cores).
   */
  static Engine tally(String label, java.nio.file.Path dataDir, String aggregate, OptionalInt threads,
      boolean cache) {
    return new Engine() {
      @Override
      public String label() {
        return label;
      }

      @Override
      public Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:tally:", tallyProperties(dataDir, aggregate, threads, cache));
      }

      @Override
      public String table(String table) {
        return "\"" + table + "\"";
      }
    };
  }

  /** The connection properties of {@link #tally}: {@code threads} only when present. */
  static Properties tallyProperties(java.nio.file.Path dataDir, String aggregate, OptionalInt threads, boolean cache) {
    Properties p = new Properties();
    p.setProperty("data", dataDir.toAbsolutePath().toString());
    p.setProperty("aggregate", aggregate);
    p.setProperty("cache", Boolean.toString(cache));
    threads.ifPresent(n -> p.setProperty("threads", Integer.toString(n)));
    return p;
  }
}
