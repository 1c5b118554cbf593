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
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.NoSuchStatementException;
import org.apache.calcite.config.CalciteConnectionProperty;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.jdbc.CalcitePrepare;
import org.apache.calcite.jdbc.Driver;
import org.apache.calcite.jdbc.TallyStatementMeta;

/**
 * The JDBC driver for {@code jdbc:tally:} URLs: a Calcite driver with Tally's settings, schema, SQL
 * conventions and planner ({@link TallyPrepare}), whose connections are Tally's ({@link
 * TallyConnection}: standard SQLStates, query timeouts, read-only).
 *
 * <p>URL forms: {@code jdbc:tally:key=value;key=value} opens an embedded engine (keys are Tally
 * {@link Setting}s or Calcite connection properties); {@code jdbc:tally://host[:port][;key=value]}
 * connects to a {@code tally serve} server through Avatica's remote driver ({@link RemoteUrl}).
 */
public class TallyDriver extends Driver {
    public static final String PREFIX = "jdbc:tally:";

    /**
     * Calcite properties Tally sets unless the user does: SQL as DuckDB users know it (NULLs sort
     * last in both directions).
     */
    private static final Map<String, String> CALCITE_DEFAULTS =
            Map.of(
                    "caseSensitive", "false",
                    "unquotedCasing", "UNCHANGED",
                    "quotedCasing", "UNCHANGED",
                    "quoting", "DOUBLE_QUOTE",
                    "conformance", "LENIENT",
                    "typeSystem", TallyTypeSystem.class.getName() + "#INSTANCE",
                    "fun", "standard,postgresql",
                    "timeZone", "UTC",
                    "defaultNullCollation", "LAST",
                    "metaColumnFactory", TallyMetaColumnFactory.class.getName() + "#INSTANCE");

    static {
        new TallyDriver().register();
    }

    public TallyDriver() {
        super(TallyPrepare::new);
    }

    @Override
    protected String getConnectStringPrefix() {
        return PREFIX;
    }

    @Override
    protected DriverVersion createDriverVersion() {
        return new DriverVersion(
                TallyVersion.DRIVER,
                TallyVersion.VERSION,
                TallyVersion.PRODUCT,
                TallyVersion.VERSION,
                true,
                TallyVersion.MAJOR,
                TallyVersion.MINOR,
                TallyVersion.MAJOR,
                TallyVersion.MINOR);
    }

    @Override
    public CalcitePrepare createPrepare() {
        return new TallyPrepare();
    }

    @Override
    public Connection connect(String url, Properties info) throws SQLException {
        if (!acceptsURL(url)) {
            return null;
        }
        try {
            if (RemoteUrl.matches(url)) {
                Connection avatica = RemoteUrl.parse(url, info).connect();
                return TallyConnection.wrap(avatica, url, new RemoteServer(avatica));
            }
            Properties merged =
                    ConnectStringParser.parse(
                            url.substring(PREFIX.length()), info == null ? new Properties() : info);
            checkKeys(merged);
            TallySettings.fromProperties(merged); // fail fast, before Calcite builds anything
            CALCITE_DEFAULTS.forEach(merged::putIfAbsent);
            return TallyConnection.wrap(super.connect(PREFIX, merged), url, null);
        } catch (SQLException | RuntimeException e) {
            throw SqlErrors.connectFailed(e);
        }
    }

    /** Calcite's meta, with statement creation safe for threads sharing a connection. */
    @Override
    public Meta createMeta(AvaticaConnection connection) {
        return TallyStatementMeta.of(connection);
    }

    @Override
    protected Handler createHandler() {
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
                throw new SQLException(
                        "Unknown connection property '"
                                + name
                                + "' (Tally settings: "
                                + Setting.validKeys()
                                + "; Calcite properties are accepted too)");
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

        @Override
        public void onConnectionInit(AvaticaConnection connection) throws SQLException {
            calcite.onConnectionInit(connection);
            CalciteConnection calciteConnection = connection.unwrap(CalciteConnection.class);
            TallySettings settings =
                    TallySettings.fromProperties(calciteConnection.getProperties());
            TallySession session = TallySession.open(connection, settings);
            OPEN_CONNECTIONS.incrementAndGet();
            MainSchema.attach(calciteConnection, session);
            calciteConnection.getRootSchema().add(InformationSchema.NAME, new InformationSchema());
        }

        /**
         * Closing a connection stops its running statements (at their next batch or row check) and
         * frees their memory and spill files; the last connection's close also frees the table
         * cache (nothing can scan it any more).
         */
        @Override
        public void onConnectionClose(AvaticaConnection connection) {
            TallySession session = TallySession.find(connection);
            if (session != null) {
                session.cancelStatements();
            }
            TallySession.close(connection);
            if (OPEN_CONNECTIONS.decrementAndGet() == 0) {
                TableCache.clearEngineCache();
            }
            calcite.onConnectionClose(connection);
        }

        /**
         * Remembers the statement's cancel flag (the connection forgets it before the statement's
         * close reaches the handler), so that closing the statement or the connection can stop it.
         */
        @Override
        public void onStatementExecute(AvaticaStatement statement, ResultSink sink) {
            TallySession session = TallySession.find(statement.connection);
            if (session != null) {
                try {
                    session.track(statement, statement.connection.getCancelFlag(statement.handle));
                } catch (NoSuchStatementException e) {
                    // a statement the connection no longer knows cannot run
                }
            }
            calcite.onStatementExecute(statement, sink);
        }

        /**
         * Closing a statement, from any thread, stops what it runs as a cancel would: its operators
         * end at their next batch or row check and delete their spill files.
         */
        @Override
        public void onStatementClose(AvaticaStatement statement) {
            TallySession session = TallySession.find(statement.connection);
            if (session != null) {
                session.stop(statement);
            }
            calcite.onStatementClose(statement);
        }
    }
}
