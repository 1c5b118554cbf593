package io.tally.jdbc;

import com.google.common.collect.MapMaker;
import java.sql.SQLException;
import java.util.concurrent.ConcurrentMap;
import org.apache.calcite.DataContext;

/**
 * The per-connection state Tally adds to a Calcite connection (its settings), and the registry
 * that finds it again from the planner or from generated code.
 *
 * <p>Calcite hands the connection itself to both sides: a {@link DataContext}'s query provider
 * is the connection that runs the statement, so the registry is keyed by that object (weakly, so
 * an unclosed, forgotten connection does not pin its session).
 */
public final class TallySession {
  private static final ConcurrentMap<Object, TallySession> SESSIONS =
      new MapMaker().weakKeys().makeMap();

  private final TallySettings settings;

  TallySession(TallySettings settings) {
    this.settings = settings;
  }

  public TallySettings settings() {
    return settings;
  }

  static void register(Object connection, TallySession session) {
    SESSIONS.put(connection, session);
  }

  static void unregister(Object connection) {
    SESSIONS.remove(connection);
  }

  /** The session of the connection a statement runs on. */
  public static TallySession of(DataContext context) {
    return of(context.getQueryProvider());
  }

  /**
   * The session of a connection.
   *
   * @throws IllegalStateException if the connection is not a Tally connection
   */
  public static TallySession of(Object connection) {
    TallySession s = connection == null ? null : SESSIONS.get(connection);
    if (s == null) {
      throw new IllegalStateException("not a Tally connection: " + connection);
    }
    return s;
  }

  /** The session of a connection, or null if it is not a Tally connection. */
  public static TallySession find(Object connection) {
    return connection == null ? null : SESSIONS.get(connection);
  }

  /** Applies a SET/RESET statement's effect; {@code value == null} means RESET. */
  void apply(String key, String value) throws SQLException {
    if (value == null) {
      if (key.equalsIgnoreCase("all")) {
        settings.resetAll();
      } else {
        settings.reset(key);
      }
    } else {
      settings.set(key, value);
    }
  }
}
