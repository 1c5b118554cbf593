package io.tally.shell.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.shell.ShellIo;
import io.tally.shell.TallyCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code tally serve}: remote queries over Avatica, BASIC auth, shutdown, on the embedded Tally
 * driver.
 */
class TallyServerTest {
    private static final String BACKING = "jdbc:tally:";
    private static final String QUERY =
            "SELECT * FROM (VALUES (1,'a'),(2,NULL)) AS t(x,y) ORDER BY x";

    private static TallyServer start(String user, String password) throws Exception {
        return TallyServer.start(new TallyServer.Config("127.0.0.1", 0, BACKING, user, password));
    }

    private static List<String> rows(Connection c) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(QUERY)) {
            while (rs.next()) {
                rows.add(rs.getInt(1) + ":" + rs.getString(2));
            }
        }
        return rows;
    }

    @Test
    void remoteQueriesAndTheShellOverTheRemoteDriver() throws Exception {
        try (TallyServer server = start(null, null)) {
            assertTrue(server.port() > 0);
            assertEquals(
                    "jdbc:avatica:remote:url=http://127.0.0.1:"
                            + server.port()
                            + ";serialization=protobuf",
                    server.clientUrl());
            try (Connection a = DriverManager.getConnection(server.clientUrl());
                    Connection b = DriverManager.getConnection(server.clientUrl())) {
                assertEquals(List.of("1:a", "2:null"), rows(a));
                assertEquals(List.of("1:a", "2:null"), rows(b));
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            ShellIo io =
                    new ShellIo(
                            new ByteArrayInputStream(new byte[0]),
                            new PrintStream(out, true, StandardCharsets.UTF_8),
                            new PrintStream(err, true, StandardCharsets.UTF_8),
                            false,
                            () -> {
                                throw new AssertionError("batch");
                            });
            int exit =
                    TallyCommand.run(
                            new String[] {
                                "--url",
                                server.clientUrl(),
                                "--format",
                                "json",
                                "-e",
                                QUERY,
                                "-e",
                                "select nope"
                            },
                            io);
            assertEquals(1, exit);
            assertEquals(
                    "[{\"x\":1,\"y\":\"a\"},\n{\"x\":2,\"y\":null}]\n",
                    out.toString(StandardCharsets.UTF_8));
            assertEquals(
                    "Error: From line 1, column 8 to line 1, column 11: Column 'nope' not found in any table\n"
                            + "LINE 1: select nope\n"
                            + "               ^\n",
                    err.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void basicAuthenticationRejectsWrongPasswords() throws Exception {
        try (TallyServer server = start("alice", "s3cret, with comma")) {
            String base =
                    "jdbc:avatica:remote:url="
                            + server.httpUrl()
                            + ";serialization=protobuf;authentication=BASIC";
            try (Connection ok =
                    DriverManager.getConnection(
                            base + ";avatica_user=alice;avatica_password=s3cret, with comma")) {
                assertEquals(List.of("1:a", "2:null"), rows(ok));
            }
            assertThrows(
                    Exception.class,
                    () -> {
                        try (Connection bad =
                                DriverManager.getConnection(
                                        base + ";avatica_user=alice;avatica_password=wrong")) {
                            rows(bad);
                        }
                    });
            assertThrows(
                    Exception.class,
                    () -> {
                        try (Connection anon =
                                DriverManager.getConnection(
                                        "jdbc:avatica:remote:url="
                                                + server.httpUrl()
                                                + ";serialization=protobuf")) {
                            rows(anon);
                        }
                    });
            assertTrue(
                    server.clientUrl()
                            .endsWith(
                                    ";authentication=BASIC;avatica_user=alice;avatica_password=PASSWORD"));
        }
    }

    @Test
    void stoppedServerRefusesConnections() throws Exception {
        TallyServer server = start(null, null);
        String url = server.clientUrl();
        server.close();
        server.close(); // idempotent: the shutdown hook may run after an explicit stop
        assertThrows(
                Exception.class,
                () -> {
                    try (Connection c = DriverManager.getConnection(url)) {
                        rows(c);
                    }
                });
    }

    @Test
    void badBackingUrlFailsBeforeListening() {
        SQLException e =
                assertThrows(
                        SQLException.class,
                        () ->
                                TallyServer.start(
                                        new TallyServer.Config(
                                                "127.0.0.1", 0, "jdbc:nosuch:", null, null)));
        assertTrue(e.getMessage().contains("No suitable driver"), e.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () ->
                        TallyServer.start(
                                new TallyServer.Config("127.0.0.1", 0, BACKING, "bob", null)));
    }

    @Test
    void backingUrlFromOptions() {
        ServeCommand cmd = new ServeCommand();
        new CommandLine(cmd).parseArgs("--data", "/tmp/some dir");
        assertEquals(
                "jdbc:tally:data=" + Path.of("/tmp/some dir").toAbsolutePath(), cmd.backingUrl());
        ServeCommand semi = new ServeCommand();
        new CommandLine(semi).parseArgs("--data", "/tmp/a;b");
        assertEquals("jdbc:tally:data='/tmp/a;b'", semi.backingUrl());
        ServeCommand plain = new ServeCommand();
        new CommandLine(plain).parseArgs();
        assertEquals("jdbc:tally:", plain.backingUrl());
    }
}
