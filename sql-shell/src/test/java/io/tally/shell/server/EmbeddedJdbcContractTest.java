package io.tally.shell.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;

/** The JDBC contract on the embedded driver, {@code jdbc:tally:}. */
class EmbeddedJdbcContractTest extends JdbcContractTest {
    @Override
    Connection connect(String settings) throws SQLException {
        return DriverManager.getConnection("jdbc:tally:" + settings.replaceFirst("^;", ""));
    }
}
