package io.tally.shell.server;

import io.tally.jdbc.TallySession;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.calcite.avatica.jdbc.JdbcMeta;

/**
 * Avatica's {@link JdbcMeta} (one backing connection per remote connection) plus what a server
 * needs when it stops: cancel the statements still running on Tally connections, then close every
 * backing connection (Avatica would otherwise keep them until they expire).
 */
final class BackingMeta extends JdbcMeta {
  BackingMeta(String url) throws SQLException {
    super(url, new Properties());
  }

  /** The backing connections open now, one per remote connection. */
  List<Connection> openConnections() {
    return new ArrayList<>(getConnectionCache().asMap().values());
  }

  /** Asks every running statement on a Tally backing connection to stop at its next batch. */
  void cancelRunningStatements() {
    for (Connection c : openConnections()) {
      TallySession session = TallySession.find(c);
      if (session != null) {
        session.cancelStatements();
      }
    }
  }

  /** Closes every backing connection (and with it its statements and their memory). */
  void closeAllConnections() {
    for (Connection c : openConnections()) {
      try {
        c.close();
      } catch (SQLException | RuntimeException ignored) {
        // closing the rest matters more; the connection is dropped from the cache below anyway
      }
    }
    getStatementCache().invalidateAll();
    getConnectionCache().invalidateAll();
  }
}
