package org.apache.calcite.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.config.CalciteConnectionConfig;

/**
 * Calcite's {@link CalciteMetaImpl} with statement creation serialized per connection: Avatica
 * numbers a connection's statements with an unsynchronized counter, so two threads creating
 * statements on one connection at once can get the same id, and Calcite then fails with a bare
 * {@code AssertionError} (or worse, one statement takes over the other's server state). This class
 * lives in Calcite's package only because the connection type its constructor needs is
 * package-private there; Tally's driver creates it in {@code TallyDriver.createMeta}.
 */
public final class TallyStatementMeta extends CalciteMetaImpl {
    private TallyStatementMeta(
            CalciteConnectionImpl connection,
            CalciteMetaTableFactory tables,
            CalciteMetaColumnFactory columns) {
        super(connection, tables, columns);
    }

    /** The meta of a Calcite {@code connection}, with the factories its config names. */
    public static CalciteMetaImpl of(AvaticaConnection connection) {
        CalciteConnectionConfig config = (CalciteConnectionConfig) connection.config();
        return new TallyStatementMeta(
                (CalciteConnectionImpl) connection,
                config.metaTableFactory(
                        CalciteMetaTableFactory.class, CalciteMetaTableFactoryImpl.INSTANCE),
                config.metaColumnFactory(
                        CalciteMetaColumnFactory.class, CalciteMetaColumnFactoryImpl.INSTANCE));
    }

    @Override
    public StatementHandle createStatement(ConnectionHandle ch) {
        synchronized (this) {
            return super.createStatement(ch);
        }
    }
}
