package io.tally.shell.server;

import io.tally.memory.ByteSize;
import io.tally.memory.ServerMemory;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tally serve}: runs a {@link TallyServer} until Ctrl-C or SIGTERM. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Serve Tally to remote JDBC clients (Avatica over HTTP, protobuf).",
            "Each remote connection gets its own Tally connection. Connect with",
            "  tally --url 'jdbc:avatica:remote:url=http://127.0.0.1:8765;serialization=protobuf'"
        })
public final class ServeCommand implements Callable<Integer> {
    /** Avatica's customary port. */
    public static final int DEFAULT_PORT = 8765;

    @Option(
            names = "--host",
            defaultValue = "127.0.0.1",
            paramLabel = "HOST",
            description =
                    "Interface to listen on (default: ${DEFAULT-VALUE}, loopback only; 0.0.0.0 for all, which needs --user)")
    private String host;

    @Option(
            names = "--port",
            defaultValue = "" + DEFAULT_PORT,
            paramLabel = "PORT",
            description = "TCP port, 0 for any free port (default: ${DEFAULT-VALUE})")
    private int port;

    @Option(
            names = "--data",
            paramLabel = "DIR",
            description = "Directory of CSV/Arrow files to serve as tables")
    private Path data;

    @Option(
            names = "--user",
            paramLabel = "USER",
            description = "Require HTTP BASIC authentication as USER")
    private String user;

    @Option(
            names = "--password",
            paramLabel = "PASSWORD",
            arity = "0..1",
            interactive = true,
            description = "Password for --user (give --password alone to be prompted)")
    private String password;

    @Option(
            names = "--server-memory-limit",
            paramLabel = "SIZE",
            description = {
                "Memory all queries together may reserve, e.g. 8GB (default: -D"
                        + ServerMemory.PROPERTY
                        + ", else what one query's default memory_limit would be: half the"
                        + " machine's memory, less what the JVM heap and the table cache leave).",
                "A query that cannot get memory spills or fails; it never takes memory other queries hold."
            })
    private String serverMemoryLimit;

    @Option(
            names = "--jdbc-url",
            paramLabel = "URL",
            description = "Serve this JDBC URL instead of Tally (advanced; overrides --data)")
    private String jdbcUrl;

    @Spec private CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65535) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--port must be 0..65535, got " + port);
        }
        if (data != null && !Files.isDirectory(data)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--data " + data + " is not a directory");
        }
        boolean loopback = isLoopback(host);
        if (user == null && !loopback) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--host "
                            + host
                            + " would let anyone on the network in: give --user and --password, or serve"
                            + " loopback only (the default)");
        }
        TallyServer server =
                TallyServer.start(
                        new TallyServer.Config(
                                host, port, backingUrl(), user, password, serverMemoryBytes()));
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "tally-serve-shutdown"));
        PrintWriter out = spec.commandLine().getOut();
        out.println("Tally server listening on " + server.httpUrl() + " (protobuf)");
        out.println("JDBC URL: " + server.clientUrl());
        if (user == null) {
            out.println("No --user/--password: serving this machine only (loopback)");
        }
        out.println(
                ServerMemory.SETTING
                        + ": "
                        + ByteSize.format(server.memoryBudget().limit())
                        + " shared by all queries");
        out.println("Press Ctrl-C to stop.");
        out.flush();
        server.join();
        return 0;
    }

    /** Whether {@code host} is a loopback address (an unknown name is not). */
    static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    /**
     * The budget to set: the option, else none (keep the JVM's -D setting), else the machine's
     * default.
     */
    long serverMemoryBytes() {
        if (serverMemoryLimit != null) {
            try {
                long n = ByteSize.parse(serverMemoryLimit);
                if (n > 0) {
                    return n;
                }
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(), "--server-memory-limit: " + e.getMessage());
            }
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--server-memory-limit must be more than 0 bytes, got " + serverMemoryLimit);
        }
        return ServerMemory.pool() != null ? 0 : ServerMemory.MACHINE_DEFAULT;
    }

    /**
     * The URL each remote connection opens: {@code --jdbc-url}, else Tally over {@code --data},
     * else embedded.
     */
    String backingUrl() {
        if (jdbcUrl != null) {
            return jdbcUrl;
        }
        if (data == null) {
            return "jdbc:tally:";
        }
        String dir = data.toAbsolutePath().normalize().toString();
        boolean quote = dir.indexOf(';') >= 0 || dir.indexOf('\'') >= 0 || dir.indexOf('=') >= 0;
        return "jdbc:tally:data=" + (quote ? "'" + dir.replace("'", "''") + "'" : dir);
    }
}
