package io.tally.shell.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.shell.ShellIo;
import io.tally.shell.TallyCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code tally serve} shares only its {@code --data} directory: a remote client cannot name
 * another directory or file, load a class or a model, or make the server write elsewhere, by any
 * route (connection properties, {@code SET}); every refusal is one line naming the property. With
 * {@code --user} every HTTP endpoint asks for the password; without it the server stays on
 * loopback.
 */
class ServerSecurityTest {
    private static final String SECRET = "TOP-SECRET-42";

    /** A served directory and a secret one beside it; the server serves the first. */
    private static Path[] dirs(Path tmp) throws Exception {
        Path served = Files.createDirectories(tmp.resolve("served"));
        Path secret = Files.createDirectories(tmp.resolve("secret"));
        Files.writeString(served.resolve("pub.csv"), "x\n1\n2\n", StandardCharsets.UTF_8);
        Files.writeString(
                secret.resolve("secret.csv"), "token\n" + SECRET + "\n", StandardCharsets.UTF_8);
        return new Path[] {served, secret};
    }

    private static TallyServer serve(Path data) throws Exception {
        return TallyServer.start(
                new TallyServer.Config(
                        "127.0.0.1", 0, "jdbc:tally:data=" + data, null, null, 1L << 30));
    }

    private static String text(Connection c, String sql) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                    sb.append(rs.getString(i))
                            .append(i == rs.getMetaData().getColumnCount() ? "\n" : " ");
                }
            }
        }
        return sb.toString();
    }

    /** Properties a remote client could send to reach the secret directory or load code. */
    private static Stream<Map.Entry<String, String>> hostileProperties(Path secret) {
        String inline =
                "inline:{version:'1.0',defaultSchema:'s',schemas:[{name:'s',type:'custom',"
                        + "factory:'io.tally.schema.TallySchemaFactory',operand:{directory:'"
                        + secret
                        + "'}}]}";
        return Stream.of(
                Map.entry("model", inline),
                Map.entry("model", "/etc/passwd"),
                Map.entry("data", secret.toString()),
                Map.entry("schemaFactory", "io.tally.schema.TallySchemaFactory"),
                Map.entry("schema.directory", secret.toString()),
                Map.entry(
                        "parserFactory",
                        "org.apache.calcite.sql.parser.impl.SqlParserImpl#FACTORY"),
                Map.entry("typeSystem", "org.apache.calcite.rel.type.RelDataTypeSystem#DEFAULT"),
                Map.entry("fun", "oracle"),
                Map.entry("spill_dir", secret.toString()),
                Map.entry("file_access", "any"));
    }

    @Test
    void remoteClientsCannotChooseDirectoriesModelsOrClasses(@TempDir Path tmp) throws Exception {
        Path[] d = dirs(tmp);
        try (TallyServer server = serve(d[0])) {
            List<Map.Entry<String, String>> routes = hostileProperties(d[1]).toList();
            for (Map.Entry<String, String> route : routes) {
                Properties info = new Properties();
                info.setProperty(route.getKey(), route.getValue());
                // Avatica's client reports a refused connection as its own runtime exception
                Exception e =
                        assertThrows(
                                Exception.class,
                                () -> {
                                    try (Connection c =
                                            DriverManager.getConnection(server.clientUrl(), info)) {
                                        text(c, "SELECT * FROM secret");
                                    }
                                },
                                route.getKey());
                String first = String.valueOf(e.getMessage()).split("\n")[0];
                assertTrue(
                        first.contains(
                                "Connection property '" + route.getKey() + "' is not allowed"),
                        route.getKey() + ": " + e);
                assertFalse(
                        String.valueOf(e.getMessage()).contains(SECRET)
                                || String.valueOf(e.getMessage()).contains("root:"),
                        e.getMessage());
            }
            assertEquals(
                    0, server.openConnections(), "a refused client gets no backing connection");
            try (Connection c = DriverManager.getConnection(server.clientUrl())) {
                assertEquals("1\n2\n", text(c, "SELECT * FROM pub ORDER BY x"));
            }
        }
    }

    @Test
    void remoteClientsCannotSetDirectories(@TempDir Path tmp) throws Exception {
        Path[] d = dirs(tmp);
        try (TallyServer server = serve(d[0]);
                Connection c = DriverManager.getConnection(server.clientUrl())) {
            for (String set :
                    List.of(
                            "SET spill_dir = '" + d[1] + "'",
                            "SET data = '" + d[1] + "'",
                            "SET file_access = 'any'")) {
                SQLException e =
                        assertThrows(
                                SQLException.class,
                                () -> {
                                    try (Statement st = c.createStatement()) {
                                        st.execute(set);
                                    }
                                },
                                set);
                assertFalse(String.valueOf(e.getMessage()).contains("\n\tat "), e.getMessage());
            }
            // runtime settings stay the client's to choose, and spilling goes to the server's place
            try (Statement st = c.createStatement()) {
                st.execute("SET memory_limit = '4MB'");
            }
            assertEquals(
                    "200000\n",
                    text(
                            c,
                            "SELECT COUNT(*) FROM (SELECT number, SUM(number)"
                                    + " FROM TABLE(numbers(200000)) GROUP BY number)"));
            assertThrows(SQLException.class, () -> text(c, "SELECT * FROM secret"));
            assertThrows(SQLException.class, () -> text(c, "SELECT * FROM s.secret"));
        }
        try (Stream<Path> files = Files.list(d[1])) {
            assertEquals(
                    List.of(d[1].resolve("secret.csv")),
                    files.toList(),
                    "nothing was written into the secret directory");
        }
    }

    @Test
    void everyEndpointAsksForThePassword(@TempDir Path tmp) throws Exception {
        Path[] d = dirs(tmp);
        try (TallyServer server =
                TallyServer.start(
                        new TallyServer.Config(
                                "127.0.0.1",
                                0,
                                "jdbc:tally:data=" + d[0],
                                "dora",
                                "s3cret",
                                1L << 30))) {
            for (String path : List.of("/", "/json", "/protobuf", "/metrics", "/x/../")) {
                for (String method : List.of("GET", "POST")) {
                    HttpURLConnection http =
                            (HttpURLConnection)
                                    URI.create(server.httpUrl() + path).toURL().openConnection();
                    http.setRequestMethod(method);
                    if (method.equals("POST")) {
                        http.setDoOutput(true);
                        http.getOutputStream().write(new byte[] {1, 2, 3});
                    }
                    assertEquals(401, http.getResponseCode(), method + " " + path);
                    http.disconnect();
                }
            }
        }
    }

    @Test
    void withoutAPasswordTheServerStaysOnLoopback() {
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
        // (a server that wrongly starts would block here: give up after a while)
        int exit =
                assertTimeoutPreemptively(
                        Duration.ofSeconds(60),
                        () ->
                                TallyCommand.run(
                                        new String[] {"serve", "--host", "0.0.0.0", "--port", "0"},
                                        io));
        assertTrue(exit != 0, "serving all interfaces without a password must be refused");
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("--user") && message.contains("--password"), message);
    }
}
