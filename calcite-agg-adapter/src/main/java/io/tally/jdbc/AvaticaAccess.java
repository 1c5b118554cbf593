package io.tally.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.Meta;

/**
 * Reaches an Avatica connection's {@link Meta} (the requests its client sends), which Avatica keeps
 * protected, through its own accessor for subclasses. Never instantiated.
 */
abstract class AvaticaAccess extends AvaticaConnection {
    private AvaticaAccess() {
        super(null, null, null, null);
    }

    /** The request interface of an Avatica connection. */
    static Meta meta(Connection connection) throws SQLException {
        return createTrojan().getMeta(connection.unwrap(AvaticaConnection.class));
    }
}
