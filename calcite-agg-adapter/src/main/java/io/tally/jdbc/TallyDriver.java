package io.tally.jdbc;

import io.tally.schema.TableCache;
import io.tally.session.Setting;
import io.tally.session.TallySession;
import io.tally.session.TallySettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.BuiltInConnectionProperty;
import org.apache.calcite.avatica.ConnectStringParser;
import org.apache.calcite.avatica.DriverVersion;
import org.apache.calcite.avatica.Handler;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.Driver;

/**
 * The JDBC driver for {@code jdbc:tally:} URLs: a Calcite driver with Tally's settings, schema,
 * SQL conventions and planner ({@link TallyPrepare}).
 *
 * <p>URL form: {@code jdbc:tally:key=value;key=value}; keys are Tally {@link Setting}s or
 * Calcite connection properties.
 */
public class TallyDriver extends Driver {
  public static final String PREFIX = "jdbc:tally:";

  /** Calcite properties Tally sets unless the user does: SQL as DuckDB users know it
   * (NULLs sort last in both directions). */
  private static final Map<String, String> CALCITE_DEFAULTS = Map.of(
      "caseSensitive", "false",
      "unquotedCasing", "UNCHANGED",
      "quotedCasing", "UNCHANGED",
      "quoting", "DOUBLE_QUOTE",
      "conformance", "LENIENT",
      "typeSystem", TallyTypeSystem.class.getName() + "#INSTANCE",
      "fun", "standard,postgresql",
      "timeZone", "UTC",
      "defaultNullCollation", "LAST");

  static {
    new TallyDriver().register();
  }

  public TallyDriver() {
    super(TallyPrepare::new);
  }

  @Override protected String getConnectStringPrefix() {
    return PREFIX;
  }

  @Override protected DriverVersion createDriverVersion() {
    return new DriverVersion("Tally JDBC Driver", "0.1.0", "Tally", "0.1.0", true, 0, 1, 0, 1);
  }

  @Override public CalcitePrepare createPrepare() {
    return new TallyPrepare();
  }

  @Override public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    Properties merged = ConnectStringParser.parse(url.substring(PREFIX.length()),
        info == null ? new Properties() : info);
    checkKeys(merged);
    TallySettings.fromProperties(merged); // fail fast, before Calcite builds anything
    CALCITE_DEFAULTS.forEach(merged::putIfAbsent);
    return super.connect(PREFIX, merged);
  }

  @Override protected Handler createHandler() {
    return new TallyHandler(super.createHandler());
  }

  /** Rejects keys that neither Tally nor Calcite knows, listing Tally's own. */
  private static void checkKeys(Properties info) throws SQLException {
    Set<String> known = new TreeSet<>();
    for (CalciteConnectionProperty p : CalciteConnectionProperty.values()) {
      known.add(p.camelName().toLowerCase(Locale.ROOT));
    }
    for (BuiltInConnectionProperty p : BuiltInConnectionProperty.values()) {
      known.add(p.camelName().toLowerCase(Locale.ROOT));
    }
    known.add("user");
    known.add("password");
    for (String name : info.stringPropertyNames()) {
      String k = name.toLowerCase(Locale.ROOT);
      if (Setting.lookup(k) == null && !known.contains(k) && !k.startsWith("schema.")) {
        throw new SQLException("Unknown connection property '" + name + "' (Tally settings: "
            + Setting.validKeys() + "; Calcite properties are accepted too)");
      }
    }
  }

  /** Adds Tally's per-connection setup and cleanup to Calcite's handler. */
  private static final class TallyHandler implements Handler {
    /** Tally connections opened and not yet closed, in this JVM. */
    private static final AtomicInteger OPEN_CONNECTIONS = new AtomicInteger();
    private final Handler calcite;

    TallyHandler(Handler calcite) {
      this.calcite = calcite;
    }

    @Override public void onConnectionInit(AvaticaConnection connection) throws SQLException {
      calcite.onConnectionInit(connection);
      CalciteConnection calciteConnection = connection.unwrap(CalciteConnection.class);
      TallySettings settings = TallySettings.fromProperties(calciteConnection.getProperties());
      TallySession session = TallySession.open(connection, settings);
      OPEN_CONNECTIONS.incrementAndGet();
      MainSchema.attach(calciteConnection, session);
    }

    /** The last connection's close frees the table cache (nothing can scan it any more). */
    @Override public void onConnectionClose(AvaticaConnection connection) {
      TallySession.close(connection);
      if (OPEN_CONNECTIONS.decrementAndGet() == 0) {
        TableCache.engine().clear();
      }
      calcite.onConnectionClose(connection);
    }

    @Override public void onStatementExecute(AvaticaStatement statement, ResultSink sink) {
      calcite.onStatementExecute(statement, sink);
    }

    @Override public void onStatementClose(AvaticaStatement statement) {
      calcite.onStatementClose(statement);
    }
  }
}
