package io.tally.shell.server;

import io.tally.memory.MemoryPool;
import io.tally.memory.ServerMemory;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.regex.Pattern;
import org.apache.calcite.avatica.remote.Driver;
import org.apache.calcite.avatica.remote.LocalService;
import org.apache.calcite.avatica.server.HttpServer;
import org.apache.calcite.avatica.server.ServerCustomizer;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.security.Credential;

/**
 * An Avatica HTTP server (protobuf) in front of a JDBC URL: every remote connection gets its own
 * backing connection ({@link BackingMeta}). Binds one host (loopback by default). With a user and
 * password it requires HTTP BASIC authentication; the login file Jetty reads holds only an MD5
 * digest and is deleted as soon as the server has started. All queries of the process share {@code
 * server_memory_limit} ({@link ServerMemory}) while the server runs. Stopping cancels running
 * statements, stops HTTP, then closes every backing connection.
 */
public final class TallyServer implements AutoCloseable {
    /** The role every configured user has and the server requires. */
    static final String ROLE = "tally-user";

    /**
     * How long a stop waits for cancelled statements to return before closing their connections.
     */
    static final long DRAIN_MILLIS = 10_000;

    private static final Pattern USER_NAME = Pattern.compile("[A-Za-z0-9._@-]+");

    /**
     * What to serve and how.
     *
     * @param host interface to bind ({@code 127.0.0.1} loopback, {@code 0.0.0.0} all)
     * @param port TCP port, 0 for any free port
     * @param backingUrl JDBC URL each remote connection opens
     * @param user BASIC auth user, or null for no authentication
     * @param password BASIC auth password (required with {@code user})
     * @param serverMemoryLimit bytes all queries together may reserve; 0 keeps the JVM's setting;
     *     {@link ServerMemory#MACHINE_DEFAULT} the default derived from the machine
     */
    public record Config(
            String host,
            int port,
            String backingUrl,
            String user,
            String password,
            long serverMemoryLimit) {
        /** A configuration that keeps the JVM's {@code server_memory_limit}. */
        public Config(String host, int port, String backingUrl, String user, String password) {
            this(host, port, backingUrl, user, password, 0);
        }
    }

    private final HttpServer server;
    private final BackingMeta meta;
    private final Config config;
    private final MemoryPool previousBudget;
    private boolean stopped;

    private TallyServer(
            HttpServer server, BackingMeta meta, Config config, MemoryPool previousBudget) {
        this.server = server;
        this.meta = meta;
        this.config = config;
        this.previousBudget = previousBudget;
    }

    /** Checks the backing URL opens, then starts serving. */
    public static TallyServer start(Config config) throws SQLException, IOException {
        if ((config.user() == null) != (config.password() == null)) {
            throw new IllegalArgumentException("--user and --password go together");
        }
        if (config.user() != null && !USER_NAME.matcher(config.user()).matches()) {
            throw new IllegalArgumentException(
                    "Bad user name '" + config.user() + "': use letters, digits, . _ @ -");
        }
        try (Connection probe = DriverManager.getConnection(config.backingUrl())) {
            probe.getMetaData();
        }
        BackingMeta meta = new BackingMeta(config.backingUrl());
        HttpServer.Builder<Server> builder =
                HttpServer.Builder.<Server>newBuilder()
                        .withHandler(new LocalService(meta), Driver.Serialization.PROTOBUF)
                        .withPort(config.port())
                        .withServerCustomizers(
                                List.<ServerCustomizer<Server>>of(s -> bind(s, config.host())),
                                Server.class);
        Path realm = null;
        try {
            if (config.user() != null) {
                realm = writeRealm(config.user(), config.password());
                builder.withBasicAuthentication(realm.toString(), new String[] {ROLE});
            }
            HttpServer server = builder.build();
            MemoryPool previous = ServerMemory.pool();
            if (config.serverMemoryLimit() != 0) {
                ServerMemory.setLimit(config.serverMemoryLimit());
            }
            try {
                server.start();
            } catch (RuntimeException e) {
                ServerMemory.setLimit(previous == null ? 0 : previous.limit());
                throw e;
            }
            return new TallyServer(server, meta, config, previous);
        } finally {
            if (realm != null) {
                Files.deleteIfExists(realm);
            }
        }
    }

    private static void bind(Server server, String host) {
        for (Connector c : server.getConnectors()) {
            if (c instanceof ServerConnector) {
                ((ServerConnector) c).setHost(host);
            }
        }
    }

    /** A Jetty login file: {@code user: MD5:digest,role}, readable only by this user. */
    private static Path writeRealm(String user, String password) throws IOException {
        Path file =
                FileSystems.getDefault().supportedFileAttributeViews().contains("posix")
                        ? Files.createTempFile(
                                "tally-realm",
                                ".properties",
                                PosixFilePermissions.asFileAttribute(
                                        PosixFilePermissions.fromString("rw-------")))
                        : Files.createTempFile("tally-realm", ".properties");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(user + ": " + Credential.MD5.digest(password) + "," + ROLE + "\n");
        }
        return file;
    }

    /** The port actually bound. */
    public int port() {
        return server.getPort();
    }

    /** {@code http://host:port}. */
    public String httpUrl() {
        return "http://" + config.host() + ":" + port();
    }

    /** The JDBC URL a client uses (with a password placeholder when authentication is on). */
    public String clientUrl() {
        String url = "jdbc:avatica:remote:url=" + httpUrl() + ";serialization=protobuf";
        return config.user() == null
                ? url
                : url
                        + ";authentication=BASIC;avatica_user="
                        + config.user()
                        + ";avatica_password=PASSWORD";
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    /** The server-wide memory budget queries reserve from now, or null if there is none. */
    public MemoryPool memoryBudget() {
        return ServerMemory.pool();
    }

    /** The backing connections' registry (tests look at the Tally sessions behind them). */
    BackingMeta meta() {
        return meta;
    }

    /** Backing connections open now (one per connected remote client). */
    public int openConnections() {
        return meta.openConnections().size();
    }

    /**
     * Stops serving: refuses new statements, cancels running ones (they stop at their next batch)
     * and waits for them, stops HTTP, closes every backing connection, and restores the JVM's
     * previous {@code server_memory_limit}. Safe to call more than once (the shutdown hook and the
     * caller may both).
     */
    @Override
    public synchronized void close() {
        if (!stopped) {
            stopped = true;
            try {
                if (!meta.drain(DRAIN_MILLIS)) {
                    System.err.println(
                            "tally serve: statements still running after "
                                    + DRAIN_MILLIS
                                    + " ms; closing their connections anyway");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try {
                server.stop();
            } finally {
                meta.closeAllConnections();
                if (config.serverMemoryLimit() != 0) {
                    ServerMemory.setLimit(previousBudget == null ? 0 : previousBudget.limit());
                }
            }
        }
    }
}
