package io.tally.jdbc;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.apache.calcite.avatica.Meta.DatabaseProperty;

/**
 * Tally's database metadata: the wrapped connection's, with what holds for every Tally connection
 * (read-only, no transactions, the URL the client used). Functions are listed by a query of {@code
 * information_schema.routines}, embedded and remote alike (Avatica has no request for them: its
 * client lists none); on a remote connection the product name and version are the server's
 * (Avatica's client names itself).
 */
final class TallyDatabaseMetaData extends JdbcProxy {
    private final TallyConnection connection;

    private TallyDatabaseMetaData(TallyConnection connection, DatabaseMetaData delegate) {
        super(delegate);
        this.connection = connection;
    }

    static DatabaseMetaData wrap(TallyConnection connection, DatabaseMetaData delegate) {
        return create(DatabaseMetaData.class, new TallyDatabaseMetaData(connection, delegate));
    }

    /** What {@code getFunctions} returns, from the server's {@code information_schema}. */
    private static final String FUNCTIONS =
            "SELECT CAST(NULL AS VARCHAR) AS FUNCTION_CAT,"
                    + " routine_schema AS FUNCTION_SCHEM, routine_name AS FUNCTION_NAME,"
                    + " CAST(NULL AS VARCHAR) AS REMARKS, CAST("
                    + DatabaseMetaData.functionResultUnknown
                    + " AS SMALLINT) AS FUNCTION_TYPE, specific_name AS SPECIFIC_NAME"
                    + " FROM information_schema.routines"
                    + " WHERE routine_schema LIKE ? ESCAPE '\\' AND routine_name LIKE ? ESCAPE '\\'"
                    + " ORDER BY routine_schema, routine_name, specific_name";

    @Override
    Object call(Method method, Object[] args) throws Throwable {
        RemoteServer remote = connection.remote;
        switch (method.getName()) {
            case "getConnection":
                return connection.proxy;
            case "getURL":
                return connection.url;
            case "isReadOnly":
                return true;
            case "supportsTransactions":
                return false;
            case "getDefaultTransactionIsolation":
                return Connection.TRANSACTION_NONE;
            case "supportsTransactionIsolationLevel":
                return (Integer) args[0] == Connection.TRANSACTION_NONE;
            case "getDriverName":
                return TallyVersion.DRIVER;
            case "getDriverVersion":
                return TallyVersion.VERSION;
            case "getDriverMajorVersion":
                return TallyVersion.MAJOR;
            case "getDriverMinorVersion":
                return TallyVersion.MINOR;
            case "getDatabaseProductName":
                return remote == null
                        ? TallyVersion.PRODUCT
                        : remote.property(DatabaseProperty.GET_DATABASE_PRODUCT_NAME);
            case "getDatabaseProductVersion":
                return remote == null
                        ? TallyVersion.VERSION
                        : remote.property(DatabaseProperty.GET_DATABASE_PRODUCT_VERSION);
            case "getDatabaseMajorVersion":
                return remote == null
                        ? TallyVersion.MAJOR
                        : remote.property(DatabaseProperty.GET_DATABASE_MAJOR_VERSION);
            case "getDatabaseMinorVersion":
                return remote == null
                        ? TallyVersion.MINOR
                        : remote.property(DatabaseProperty.GET_DATABASE_MINOR_VERSION);
            case "getFunctions":
                return functions((String) args[1], (String) args[2]);
            default:
                return method.getReturnType() == ResultSet.class
                        ? TallyResultSet.wrap((ResultSet) forward(method, args))
                        : PASS;
        }
    }

    /**
     * {@code getFunctions}: JDBC's patterns ({@code %}, {@code _}, escape {@code \}), null for any.
     */
    private ResultSet functions(String schemaPattern, String namePattern) throws SQLException {
        PreparedStatement st = ((Connection) connection.proxy).prepareStatement(FUNCTIONS);
        st.setString(1, schemaPattern == null ? "%" : schemaPattern);
        st.setString(2, namePattern == null ? "%" : namePattern);
        st.closeOnCompletion();
        return st.executeQuery();
    }
}
