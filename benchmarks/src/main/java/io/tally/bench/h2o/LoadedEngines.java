package io.tally.bench.h2o;

import io.tally.bench.sql.Engine;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The comparison engines that hold the h2o table in memory, loaded from the generated CSV
 * (DuckDB's JDBC driver has no Arrow IPC reader without a network extension install):
 * DuckDB in-memory with {@code threads} set to Tally's, and H2 in-memory. Column types are
 * given explicitly, matching the Arrow schema (VARCHAR ids 1-3, INT ids 4-6 and v1-v2, DOUBLE v3).
 */
final class LoadedEngines {
  static final String TABLE = "x";
  private static final String COLUMNS = "id1 VARCHAR, id2 VARCHAR, id3 VARCHAR, id4 INTEGER, id5 INTEGER, "
      + "id6 INTEGER, v1 INTEGER, v2 INTEGER, v3 DOUBLE";

  private LoadedEngines() {}

  static Engine duckdb(Path csv, int threads) {
    return loaded("duckdb", "jdbc:duckdb:", new String[] {
        "SET threads = " + threads,
        "CREATE TABLE " + TABLE + " AS SELECT * FROM read_csv('" + sqlString(csv) + "', header = true, columns = {"
            + "'id1': 'VARCHAR', 'id2': 'VARCHAR', 'id3': 'VARCHAR', 'id4': 'INTEGER', 'id5': 'INTEGER', "
            + "'id6': 'INTEGER', 'v1': 'INTEGER', 'v2': 'INTEGER', 'v3': 'DOUBLE'})"});
  }

  static Engine h2(Path csv) {
    // OPTIMIZE_REUSE_RESULTS off: H2 would otherwise answer the timed second run from its result cache
    return loaded("h2", "jdbc:h2:mem:h2o_bench;DB_CLOSE_DELAY=0;OPTIMIZE_REUSE_RESULTS=FALSE", new String[] {
        "CREATE TABLE " + TABLE + " (" + COLUMNS + ") AS SELECT * FROM CSVREAD('" + sqlString(csv)
            + "', NULL, 'charset=UTF-8')"});
  }

  private static String sqlString(Path p) {
    return p.toAbsolutePath().toString().replace("'", "''");
  }

  private static Engine loaded(String label, String url, String[] setup) {
    return new Engine() {
      @Override
      public String label() {
        return label;
      }

      @Override
      public Connection connect() throws SQLException {
        Connection c = DriverManager.getConnection(url);
        try (Statement s = c.createStatement()) {
          for (String sql : setup) {
            s.execute(sql);
          }
        } catch (SQLException e) {
          c.close();
          throw new SQLException(label + " could not load the h2o table: " + e.getMessage(), e);
        }
        return c;
      }

      @Override
      public String table(String table) {
        return TABLE;
      }
    };
  }
}
