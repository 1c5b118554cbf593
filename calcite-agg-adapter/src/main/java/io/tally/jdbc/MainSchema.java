package io.tally.jdbc;

import java.sql.SQLException;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.impl.AbstractSchema;

/** Builds a connection's default schema {@code main}: the data directory, or the demo tables. */
final class MainSchema {
  static final String NAME = "main";

  private MainSchema() {}

  static void attach(CalciteConnection connection, TallySettings settings) throws SQLException {
    connection.getRootSchema().add(NAME, new AbstractSchema());
    connection.setSchema(NAME);
  }
}
