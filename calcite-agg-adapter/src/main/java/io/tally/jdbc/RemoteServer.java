package io.tally.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta.DatabaseProperty;

/**
 * The server end of a {@code jdbc:tally://} connection: what Avatica's JDBC client cannot ask
 * for itself. A cancel that does not wait for the statement (the client holds the statement's
 * lock while a request runs), the server's product properties, and its functions.
 */
public final class RemoteServer {
  /** The functions query: what {@code DatabaseMetaData.getFunctions} returns, from the server. */
  private static final String FUNCTIONS = "SELECT CAST(NULL AS VARCHAR) AS FUNCTION_CAT,"
      + " routine_schema AS FUNCTION_SCHEM, routine_name AS FUNCTION_NAME,"
      + " CAST(NULL AS VARCHAR) AS REMARKS, CAST(0 AS SMALLINT) AS FUNCTION_TYPE,"
      + " specific_name AS SPECIFIC_NAME FROM information_schema.routines"
      + " WHERE routine_schema LIKE ? ESCAPE '\\' AND routine_name LIKE ? ESCAPE '\\'"
      + " ORDER BY routine_schema, routine_name";

  private final Connection avatica;

  RemoteServer(Connection avatica) {
    this.avatica = avatica;
  }

  /** Cancels {@code st}'s running query on the server (see {@link #cancel(Connection, Statement)}). */
  void cancel(Statement st) throws SQLException {
    cancel(avatica, st);
  }

  /**
   * Cancels the query a statement of an Avatica remote connection runs, without waiting for
   * it. Avatica has no cancel request, and its {@code Statement.cancel()} waits for the running
   * request; this closes the statement on the server instead, which a Tally server answers by
   * cancelling the query and waiting for it to stop. The client's next execute on the
   * statement opens a new one on the server.
   */
  public static void cancel(Connection avatica, Statement st) throws SQLException {
    AvaticaAccess.meta(avatica).closeStatement(st.unwrap(AvaticaStatement.class).handle);
  }

  /** One of the server's database properties (its product name, version, ...). */
  Object property(DatabaseProperty property) throws SQLException {
    return property.getProp(AvaticaAccess.meta(avatica),
        avatica.unwrap(AvaticaConnection.class).handle, property.type);
  }

  /** {@code getFunctions} answered by the server's {@code information_schema.routines}. */
  ResultSet functions(Connection tally, String schemaPattern, String namePattern)
      throws SQLException {
    PreparedStatement st = tally.prepareStatement(FUNCTIONS);
    st.setString(1, schemaPattern == null ? "%" : schemaPattern);
    st.setString(2, namePattern == null ? "%" : namePattern);
    st.closeOnCompletion();
    return st.executeQuery();
  }
}
