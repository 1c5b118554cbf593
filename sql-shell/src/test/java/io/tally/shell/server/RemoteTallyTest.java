package io.tally.shell.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.jdbc.RemoteServer;
import io.tally.memory.EngineMemory;
import io.tally.memory.ServerMemory;
import io.tally.session.TallySession;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tally serve} in front of the real Tally driver over a data directory: concurrent remote
 * clients whose GROUP BY answers are checked against a Java model and whose SET values stay their
 * own, authentication, and a shutdown that cancels a running query and closes every backing
 * connection.
 */
class RemoteTallyTest {
    private static final int CLIENTS = 8;
    private static final int QUERIES = 50;
    private static final int SALES_ROWS = 3000;
    private static final String[] REGIONS = {"east", "north", "south", "west"};

    /** Liveness guard only: eight clients share two cores with the rest of the build. */
    private static final long GUARD_SECONDS = 900;

    /** sales.csv: id, region, qty — deterministic, with the model answers computed alongside. */
    private static Path writeSales(Path dir, Map<String, long[]> model) throws Exception {
        StringBuilder csv = new StringBuilder("id,region,qty\n");
        for (int i = 0; i < SALES_ROWS; i++) {
            String region = REGIONS[(i * 7 + i / 11) % REGIONS.length];
            long qty = (i * 37L) % 101;
            csv.append(i).append(',').append(region).append(',').append(qty).append('\n');
            long[] m =
                    model.computeIfAbsent(
                            region, r -> new long[] {0, 0, Long.MAX_VALUE, Long.MIN_VALUE});
            m[0]++;
            m[1] += qty;
            m[2] = Math.min(m[2], qty);
            m[3] = Math.max(m[3], qty);
        }
        Files.writeString(dir.resolve("sales.csv"), csv, StandardCharsets.UTF_8);
        return dir;
    }

    private static TallyServer start(Path data, String user, String password) throws Exception {
        return TallyServer.start(
                new TallyServer.Config(
                        "127.0.0.1", 0, "jdbc:tally:data=" + data, user, password, 1L << 30));
    }

    @Test
    void concurrentClientsGetRightAnswersAndTheirOwnSettings(@TempDir Path dir) throws Exception {
        Map<String, long[]> model = new TreeMap<>();
        writeSales(dir, model);
        StringBuilder expectedSales = new StringBuilder();
        model.forEach(
                (r, m) ->
                        expectedSales
                                .append(r)
                                .append(' ')
                                .append(m[0])
                                .append(' ')
                                .append(m[1])
                                .append(' ')
                                .append(m[2])
                                .append(' ')
                                .append(m[3])
                                .append('\n'));
        try (TallyServer server = start(dir, null, null)) {
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<Integer>> clients = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    int client = c;
                    clients.add(
                            pool.submit(
                                    () ->
                                            runClient(
                                                    server.clientUrl(),
                                                    client,
                                                    expectedSales.toString())));
                }
                int checked = 0;
                for (Future<Integer> f : clients) {
                    checked += f.get(GUARD_SECONDS, TimeUnit.SECONDS);
                }
                assertEquals(CLIENTS * QUERIES, checked);
            } finally {
                pool.shutdownNow();
            }
            assertEquals(
                    0,
                    server.openConnections(),
                    "closing a remote connection closes its backing connection");
            assertEquals(0, server.memoryBudget().reserved());
        }
        assertEquals(0, EngineMemory.root().getAllocatedMemory());
    }

    /** 50 statements on one remote connection; returns how many were checked. */
    private static int runClient(String url, int client, String expectedSales) throws SQLException {
        int checked = 0;
        String blockSize = "8192";
        String emit = "blocked";
        try (Connection conn = DriverManager.getConnection(url);
                Statement st = conn.createStatement()) {
            for (int q = 0; q < QUERIES; q++) {
                int n = client * QUERIES + q;
                switch (q % 5) {
                    case 0:
                        blockSize = Integer.toString(1 << (1 + (client + q) % 9));
                        st.execute("SET block_size = " + blockSize);
                        assertEquals(blockSize, show(st, "block_size"), "client " + client);
                        break;
                    case 1:
                        emit = (client + q) % 2 == 0 ? "all" : "blocked";
                        st.execute("SET emit = '" + emit + "'");
                        assertEquals(emit, show(st, "emit"), "client " + client);
                        break;
                    case 2:
                        assertEquals(
                                expectedSales,
                                text(
                                        st,
                                        "SELECT region, COUNT(*), SUM(qty), MIN(qty), MAX(qty)"
                                                + " FROM sales GROUP BY region ORDER BY region"),
                                "client " + client);
                        break;
                    default:
                        int k = 1 + n % 97;
                        int rows = 5000 + n * 13;
                        assertEquals(
                                numbersModel(rows, k),
                                text(
                                        st,
                                        "SELECT number % "
                                                + k
                                                + " AS r, COUNT(*), SUM(number)"
                                                + " FROM TABLE(numbers("
                                                + rows
                                                + ")) GROUP BY number % "
                                                + k
                                                + " ORDER BY r"),
                                "client " + client + " query " + q);
                        // The settings this client chose are still its own after other clients set
                        // theirs.
                        assertEquals(blockSize, show(st, "block_size"), "client " + client);
                        assertEquals(emit, show(st, "emit"), "client " + client);
                }
                checked++;
            }
        }
        return checked;
    }

    private static String numbersModel(long rows, int k) {
        long[] count = new long[k];
        long[] sum = new long[k];
        for (long v = 0; v < rows; v++) {
            count[(int) (v % k)]++;
            sum[(int) (v % k)] += v;
        }
        StringBuilder sb = new StringBuilder();
        for (int r = 0; r < k; r++) {
            if (count[r] > 0) {
                sb.append(r).append(' ').append(count[r]).append(' ').append(sum[r]).append('\n');
            }
        }
        return sb.toString();
    }

    private static String show(Statement st, String setting) throws SQLException {
        try (ResultSet rs = st.executeQuery("SHOW " + setting)) {
            assertTrue(rs.next());
            String value = rs.getString(rs.getMetaData().getColumnCount() == 1 ? 1 : 2);
            assertTrue(!rs.next());
            return value;
        }
    }

    private static String text(Statement st, String sql) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    sb.append(i > 1 ? " " : "").append(rs.getString(i));
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    @Test
    void wrongCredentialsAreRejected(@TempDir Path dir) throws Exception {
        writeSales(dir, new TreeMap<>());
        try (TallyServer server = start(dir, "carol", "pa ss")) {
            String base =
                    "jdbc:avatica:remote:url="
                            + server.httpUrl()
                            + ";serialization=protobuf;authentication=BASIC";
            try (Connection ok =
                            DriverManager.getConnection(
                                    base + ";avatica_user=carol;avatica_password=pa ss");
                    Statement st = ok.createStatement()) {
                assertEquals("3000\n", text(st, "SELECT COUNT(*) FROM sales"));
            }
            for (String creds :
                    new String[] {
                        ";avatica_user=carol;avatica_password=wrong",
                        ";avatica_user=mallory;avatica_password=pa ss"
                    }) {
                Exception e =
                        assertThrows(
                                Exception.class,
                                () -> {
                                    try (Connection bad =
                                                    DriverManager.getConnection(base + creds);
                                            Statement st = bad.createStatement()) {
                                        text(st, "SELECT COUNT(*) FROM sales");
                                    }
                                });
                assertTrue(String.valueOf(e.getMessage()).contains("401"), e.getMessage());
            }
            assertEquals(
                    0, server.openConnections(), "a rejected client gets no backing connection");
        }
    }

    @Test
    void closingARunningRemoteStatementCancelsItOnTheServer(@TempDir Path dir) throws Exception {
        writeSales(dir, new TreeMap<>());
        try (TallyServer server = start(dir, null, null);
                Connection conn = DriverManager.getConnection(server.clientUrl())) {
            Statement st = conn.createStatement();
            CompletableFuture<Throwable> run =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try {
                                    text(
                                            st,
                                            "SELECT number % 1000003, COUNT(*) FROM TABLE(numbers(200000000)) GROUP BY 1");
                                    return null;
                                } catch (Throwable t) {
                                    return t;
                                }
                            });
            Connection backing = server.meta().openConnections().get(0);
            while (TallySession.of(backing).progress().snapshot().estimatedRows() == 0
                    && !run.isDone()) {
                Thread.sleep(5);
            }
            // What the shell does on Ctrl-C for a remote connection (st.close() would wait for the
            // query).
            RemoteServer.cancel(conn, st);
            assertNotNull(
                    run.get(GUARD_SECONDS, TimeUnit.SECONDS),
                    "the query finished instead of being cancelled");
            assertTrue(TallySession.of(backing).progress().snapshot().rows() < 200_000_000L);
            assertEquals(
                    0,
                    EngineMemory.root().getAllocatedMemory(),
                    EngineMemory.root().toVerboseString());
            try (Statement again = conn.createStatement()) {
                assertEquals(
                        "3000\n",
                        text(again, "SELECT COUNT(*) FROM sales"),
                        "the connection stays usable");
            }
        }
    }

    @Test
    void shutdownCancelsRunningQueriesAndClosesBackingConnections(@TempDir Path dir)
            throws Exception {
        writeSales(dir, new TreeMap<>());
        TallyServer server = start(dir, null, null);
        Connection idle = DriverManager.getConnection(server.clientUrl());
        Connection busy = DriverManager.getConnection(server.clientUrl());
        try (Statement st = idle.createStatement()) {
            assertEquals("3000\n", text(st, "SELECT COUNT(*) FROM sales"));
        }
        CompletableFuture<Throwable> run =
                CompletableFuture.supplyAsync(
                        () -> {
                            try (Statement st = busy.createStatement()) {
                                text(
                                        st,
                                        "SELECT number % 1000003, COUNT(*) FROM TABLE(numbers(200000000)) GROUP BY 1");
                                return null;
                            } catch (Throwable t) {
                                return t;
                            }
                        });
        List<Connection> backing = server.meta().openConnections();
        assertEquals(2, backing.size());
        // Wait until the big scan runs (the idle connection's progress still shows its 3000 rows).
        while (backing.stream()
                        .mapToLong(c -> TallySession.of(c).progress().snapshot().estimatedRows())
                        .noneMatch(n -> n == 200_000_000L)
                && !run.isDone()) {
            Thread.sleep(5);
        }
        server.close();
        assertNotNull(
                run.get(GUARD_SECONDS, TimeUnit.SECONDS),
                "the query finished instead of being cancelled");
        assertEquals(0, server.openConnections());
        for (Connection c : backing) {
            assertTrue(c.isClosed());
            assertNull(TallySession.find(c));
        }
        assertEquals(
                0, EngineMemory.root().getAllocatedMemory(), EngineMemory.root().toVerboseString());
        assertNull(ServerMemory.pool(), "the server's budget ends with it");
        assertThrows(
                Exception.class,
                () -> {
                    try (Statement st = idle.createStatement()) {
                        text(st, "SELECT 1");
                    }
                });
        for (Connection c : List.of(idle, busy)) {
            try {
                c.close();
            } catch (SQLException expected) {
                // the client tells the server it closes; there is no server any more
            }
        }
    }
}
