package io.tally.jdbc;

import com.google.common.collect.MapMaker;
import java.sql.SQLException;
import java.util.Collections;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;

/**
 * The per-connection state Tally adds to a Calcite connection (its settings and the progress of
 * its running statement), and the registry
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
  private final QueryProgress progress = new QueryProgress();
  /** Cancel flags of statements whose Tally operators opened (weakly: they go with their statement). */
  private final Set<AtomicBoolean> cancelFlags =
      Collections.newSetFromMap(new MapMaker().weakKeys().makeMap());

  TallySession(TallySettings settings) {
    this.settings = settings;
  }

  public TallySettings settings() {
    return settings;
  }

  /** Live counters of the statement this connection runs (for progress bars). */
  public QueryProgress progress() {
    return progress;
  }

  /** A statement execution opened a Tally operator: track its progress and its cancel flag. */
  void enter(DataContext root) {
    progress.enter(root);
    AtomicBoolean flag = DataContext.Variable.CANCEL_FLAG.get(root);
    if (flag != null) {
      cancelFlags.add(flag);
    }
  }

  /**
   * Cancels every statement of this connection that has run Tally operators, as
   * {@link java.sql.Statement#cancel()} would (a server does this before it shuts down); the
   * statements stop at their next batch and cannot be executed again.
   */
  public void cancelStatements() {
    for (AtomicBoolean flag : cancelFlags) {
      flag.set(true);
    }
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
