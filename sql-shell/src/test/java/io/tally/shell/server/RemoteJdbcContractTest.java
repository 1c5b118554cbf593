package io.tally.shell.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The JDBC contract on the remote driver, {@code jdbc:tally://host:port}, through a {@code tally
 * serve} server over the embedded driver; settings go with the connection.
 */
class RemoteJdbcContractTest extends JdbcContractTest {
    private static TallyServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server =
                TallyServer.start(
                        new TallyServer.Config("127.0.0.1", 0, "jdbc:tally:", null, null));
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @Override
    Connection connect(String settings) throws SQLException {
        return DriverManager.getConnection("jdbc:tally://127.0.0.1:" + server.port() + settings);
    }
}
