package io.tally.jdbc;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import org.apache.calcite.avatica.Meta.DatabaseProperty;

/**
 * Tally's database metadata: the wrapped connection's, with what holds for every Tally
 * connection (read-only, no transactions, the URL the client used) and, on a remote connection,
 * what only the server knows: its product name and version and its functions (Avatica has no
 * request for either, so its client names itself and lists no functions).
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

  @Override Object call(Method method, Object[] args) throws Throwable {
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
      return remote == null ? TallyVersion.PRODUCT : remote.property(DatabaseProperty.GET_DATABASE_PRODUCT_NAME);
    case "getDatabaseProductVersion":
      return remote == null ? TallyVersion.VERSION : remote.property(DatabaseProperty.GET_DATABASE_PRODUCT_VERSION);
    case "getDatabaseMajorVersion":
      return remote == null ? TallyVersion.MAJOR : remote.property(DatabaseProperty.GET_DATABASE_MAJOR_VERSION);
    case "getDatabaseMinorVersion":
      return remote == null ? TallyVersion.MINOR : remote.property(DatabaseProperty.GET_DATABASE_MINOR_VERSION);
    case "getFunctions":
      if (remote != null) {
        return remote.functions((Connection) connection.proxy, (String) args[1], (String) args[2]);
      }
      return TallyResultSet.wrap((ResultSet) forward(method, args));
    default:
      return method.getReturnType() == ResultSet.class
          ? TallyResultSet.wrap((ResultSet) forward(method, args)) : PASS;
    }
  }
}
