package io.tally.shell;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;

/**
 * Cancels a statement running on an Avatica remote connection by asking the server to close it
 * ({@code tally serve} then cancels the query and waits for it before closing). Avatica has no
 * cancel request, and {@link Statement#close()} would wait for the running request because the
 * client holds the statement's lock while it executes; this goes straight to the connection's
 * {@code Meta} through Avatica's own accessor for subclasses (never instantiated).
 */
abstract class RemoteCancel extends AvaticaConnection {
  private RemoteCancel() {
    super(null, null, null, null);
  }

  /** Sends "close statement" for {@code st} on {@code connection} without waiting for its execution. */
  static void closeOnServer(Connection connection, Statement st) throws SQLException {
    AvaticaConnection c = connection.unwrap(AvaticaConnection.class);
    AvaticaStatement s = st.unwrap(AvaticaStatement.class);
    createTrojan().getMeta(c).closeStatement(s.handle);
  }
}
