package io.tally.jdbc;

import java.lang.reflect.Method;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A Tally result set: the wrapped one's rows, failures while reading them mapped like the
 * statement's (timeout and cancel included), JDBC 4.2's {@code getObject(column, Class)} for
 * {@code java.time} and the boxed types ({@link JdbcValues}), and the end of the statement's
 * timeout when the rows are all read or the result set is closed.
 */
final class TallyResultSet extends JdbcProxy {
  /** The statement that made this result set; null for metadata results. */
  private final TallyStatement statement;

  private TallyResultSet(TallyStatement statement, ResultSet delegate) {
    super(delegate);
    this.statement = statement;
  }

  /** A statement's result set. */
  static ResultSet wrap(TallyStatement statement, ResultSet delegate) {
    return create(ResultSet.class, new TallyResultSet(statement, delegate));
  }

  /** A result set of a metadata call ({@code getTables}, ...). */
  static ResultSet wrap(ResultSet delegate) {
    return delegate == null ? null : create(ResultSet.class, new TallyResultSet(null, delegate));
  }

  private ResultSet rows() {
    return (ResultSet) delegate;
  }

  @Override Object call(Method method, Object[] args) throws Throwable {
    switch (method.getName()) {
    case "next":
      boolean more = rows().next();
      if (!more) {
        finished();
      }
      return more;
    case "close":
      finished();
      return PASS;
    case "getStatement":
      return statement == null ? PASS : statement.proxy();
    case "getObject":
      if (args.length == 2 && args[1] instanceof Class) {
        int column = args[0] instanceof Integer ? (Integer) args[0] : rows().findColumn((String) args[0]);
        return JdbcValues.get(rows(), column, (Class<?>) args[1]);
      }
      return PASS;
    default:
      return PASS;
    }
  }

  private void finished() {
    if (statement != null) {
      statement.finished();
    }
  }

  @Override SQLException failure(Throwable t) {
    return statement != null ? statement.failure(t) : SqlErrors.of(t);
  }
}
