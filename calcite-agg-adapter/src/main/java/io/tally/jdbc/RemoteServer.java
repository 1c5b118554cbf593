package io.tally.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaStatement;
import org.apache.calcite.avatica.Meta.DatabaseProperty;

/**
 * The server end of a {@code jdbc:tally://} connection: what Avatica's JDBC client cannot ask for
 * itself. A cancel that does not wait for the statement (the client holds the statement's lock
 * while a request runs), and the server's product properties.
 */
public final class RemoteServer {
    private final Connection avatica;

    RemoteServer(Connection avatica) {
        this.avatica = avatica;
    }

    /**
     * Cancels {@code st}'s running query on the server (see {@link #cancel(Connection,
     * Statement)}).
     */
    void cancel(Statement st) throws SQLException {
        cancel(avatica, st);
    }

    /**
     * Cancels the query a statement of an Avatica remote connection runs, without waiting for it.
     * Avatica has no cancel request, and its {@code Statement.cancel()} waits for the running
     * request; this closes the statement on the server instead, which a Tally server answers by
     * cancelling the query and waiting for it to stop. The client's next execute on the statement
     * opens a new one on the server.
     */
    public static void cancel(Connection avatica, Statement st) throws SQLException {
        AvaticaAccess.meta(avatica).closeStatement(st.unwrap(AvaticaStatement.class).handle);
    }

    /** One of the server's database properties (its product name, version, ...). */
    Object property(DatabaseProperty property) throws SQLException {
        return property.getProp(
                AvaticaAccess.meta(avatica),
                avatica.unwrap(AvaticaConnection.class).handle,
                property.type);
    }
}
