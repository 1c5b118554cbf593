package io.tally.shell.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.jdbc.RemoteServer;
import io.tally.memory.EngineMemory;
import io.tally.session.TallySession;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.calcite.avatica.AvaticaConnection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sixteen remote clients × one hundred mixed statements on one {@code tally serve} under a small
 * {@code --server-memory-limit}: GROUP BYs and DISTINCTs that spill, statements that fail, and
 * statements cancelled mid-run. Every answer is checked against its model, every failure is an
 * {@link SQLException}, and at the end no spill file, server reservation or Arrow byte is left.
 */
class SharedLoadTest {
    private static final int CLIENTS = 16;
    private static final int QUERIES = 100;

    /** Server-wide budget: far less than sixteen unbounded aggregates would take. */
    private static final long SERVER_LIMIT = 192L << 20;

    /** Liveness guard only (two cores shared with the rest of the build). */
    private static final long GUARD_SECONDS = 1800;

    /** Rows of the aggregate each cancelled statement runs: it never finishes first. */
    private static final long LONG_ROWS = 300_000_000L;

    @Test
    void sixteenClientsShareTheServerAndEverythingComesBack(@TempDir Path tmp) throws Exception {
        Path data = Files.createDirectories(tmp.resolve("data"));
        Path spill = Files.createDirectories(tmp.resolve("spill"));
        Files.writeString(data.resolve("t.csv"), "k,v\n1,10\n2,20\n2,5\n");
        try (TallyServer server =
                TallyServer.start(
                        new TallyServer.Config(
                                "127.0.0.1",
                                0,
                                "jdbc:tally:data=" + data + ";spill_dir=" + spill,
                                null,
                                null,
                                SERVER_LIMIT))) {
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<Integer>> clients = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    int client = c;
                    clients.add(pool.submit(() -> runClient(server, client)));
                }
                int done = 0;
                for (Future<Integer> f : clients) {
                    done += f.get(GUARD_SECONDS, TimeUnit.SECONDS);
                }
                assertEquals(CLIENTS * QUERIES, done);
            } finally {
                pool.shutdownNow();
            }
            assertEquals(0, server.memoryBudget().reserved(), "server reservations left");
        }
        assertEquals(
                0, EngineMemory.root().getAllocatedMemory(), EngineMemory.root().toVerboseString());
        try (Stream<Path> left = Files.walk(spill)) {
            assertEquals(List.of(spill), left.toList(), "spill files left");
        }
    }

    private static int runClient(TallyServer server, int client) throws Exception {
        int done = 0;
        try (Connection conn = DriverManager.getConnection(server.clientUrl())) {
            try (Statement st = conn.createStatement()) {
                st.execute("SET memory_limit = '" + (4 + client % 4) + "MB'");
                st.execute("SET threads = " + (1 + client % 2));
            }
            for (int q = 0; q < QUERIES; q++) {
                int n = 60_000 + (client * QUERIES + q) * 97 % 120_000;
                int k = 20_000 + (client * 31 + q * 7) % 30_000;
                switch (q % 5) {
                    case 0:
                        assertEquals(
                                Math.min(k, n) + " " + n + " " + (long) n * (n - 1) / 2 + "\n",
                                text(
                                        conn,
                                        "SELECT COUNT(*), SUM(c), SUM(s) FROM (SELECT number % "
                                                + k
                                                + " AS g, COUNT(*) AS c, SUM(number) AS s FROM TABLE(numbers("
                                                + n
                                                + ")) GROUP BY 1)"),
                                "client " + client + " query " + q);
                        break;
                    case 1:
                        assertEquals(
                                Math.min(k, n) + " " + n + "\n",
                                text(
                                        conn,
                                        "SELECT COUNT(DISTINCT"
                                                + " number % "
                                                + k
                                                + "), COUNT(*) FROM TABLE(numbers("
                                                + n
                                                + "))"),
                                "client " + client + " query " + q);
                        break;
                    case 2:
                        {
                            String bad =
                                    q % 3 == 0
                                            ? "SELECT 9223372036854775807 + number FROM TABLE(numbers(3))"
                                            : q % 3 == 1
                                                    ? "SELECT nope FROM t"
                                                    : "SELECT 1 / (k - k) FROM t";
                            assertThrows(SQLException.class, () -> text(conn, bad), bad);
                            break;
                        }
                    case 3:
                        cancelOne(server, conn);
                        break;
                    default:
                        assertEquals(
                                "2 35\n", text(conn, "SELECT COUNT(DISTINCT k), SUM(v) FROM t"));
                }
                done++;
            }
        }
        return done;
    }

    /** Starts a long aggregate, closes it on the server mid-run, and expects an SQLException. */
    private static void cancelOne(TallyServer server, Connection conn) throws Exception {
        Statement st = conn.createStatement();
        CompletableFuture<Throwable> run =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                text(
                                        st,
                                        "SELECT number % 1000003, COUNT(*) FROM TABLE(numbers("
                                                + LONG_ROWS
                                                + ")) GROUP BY 1");
                                return null;
                            } catch (Throwable t) {
                                return t;
                            }
                        });
        // close it once it runs on the server (its scan has announced its size)
        Connection backing = server.meta().backing(((AvaticaConnection) conn).id);
        while (!run.isDone()
                && TallySession.of(backing).progress().snapshot().estimatedRows() != LONG_ROWS) {
            Thread.sleep(5);
        }
        RemoteServer.cancel(conn, st);
        Throwable t = run.get(GUARD_SECONDS, TimeUnit.SECONDS);
        assertInstanceOf(SQLException.class, t, "a cancelled statement fails with an SQLException");
        assertTrue(conn.isValid(5) || !conn.isClosed());
    }

    private static String text(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            return text(st, sql);
        }
    }

    private static String text(Statement st, String sql) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    sb.append(rs.getString(i)).append(i < n ? " " : "\n");
                }
            }
        }
        return sb.toString();
    }
}
