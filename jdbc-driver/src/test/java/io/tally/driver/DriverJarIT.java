package io.tally.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.jdbc.TallyVersion;
import io.tally.shell.server.TallyServer;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tally-jdbc.jar} on its own: every third-party class relocated, only Tally's driver
 * registered, and a JDBC program ({@link ListTables}) that loads nothing but the jar lists tables
 * and runs queries embedded (Janino, Arrow and the spill codecs relocated) and remote.
 */
class DriverJarIT {
    private static final Path JAR = Path.of(System.getProperty("tally.jdbc.jar"));

    /** Liveness guard for a child JVM. */
    private static final long GUARD_SECONDS = 300;

    private static final String GROUP_BY =
            "SELECT number % 50000 AS k, COUNT(*) AS n, SUM(number) AS s FROM TABLE(numbers(300000))"
                    + " GROUP BY number % 50000 ORDER BY k DESC LIMIT 3";

    @TempDir Path dir;

    @Test
    void everyThirdPartyClassIsRelocated() throws IOException {
        List<String> unrelocated = new ArrayList<>();
        int classes = 0;
        try (JarFile jar = new JarFile(JAR.toFile())) {
            for (JarEntry e : Collections.list(jar.entries())) {
                String name = e.getName();
                if (name.endsWith(".class")) {
                    classes++;
                    // kept, see the pom: zstd-jni binds its native methods by class name, and
                    // Avatica puts
                    // its protobuf messages' class names on the wire
                    if (!name.startsWith("io/tally/")
                            && !name.startsWith("com/github/luben/zstd/")
                            && !name.startsWith("org/apache/calcite/avatica/proto/")) {
                        unrelocated.add(name);
                    }
                }
            }
            assertEquals(
                    "io.tally.jdbc.TallyDriver",
                    new String(
                                    jar.getInputStream(
                                                    jar.getEntry(
                                                            "META-INF/services/java.sql.Driver"))
                                            .readAllBytes(),
                                    StandardCharsets.UTF_8)
                            .strip());
        }
        assertTrue(classes > 10_000, classes + " classes");
        assertEquals(List.of(), unrelocated);
    }

    @Test
    void embeddedProgramListsTablesAndQueriesWithOnlyTheJar() throws Exception {
        Run r = run(true, "jdbc:tally:", GROUP_BY);
        assertTrue(r.out.startsWith("Tally " + TallyVersion.VERSION + "\n"), r.toString());
        assertTrue(
                r.out.contains("table main.h2o\n") && r.out.contains("table main.lineitem\n"),
                r.toString());
        assertTrue(r.out.contains("row\t49999\t6\t"), r.toString());
    }

    /** Spilling through relocated Arrow IPC, LZ4 and (unrelocated) zstd gives the same answer. */
    @Test
    void spillingWorksInTheJar() throws Exception {
        String expected = run(true, "jdbc:tally:", GROUP_BY).out;
        for (String codec : List.of("none", "lz4", "zstd")) {
            Run r =
                    run(
                            true,
                            "jdbc:tally:memory_limit=2MB;spill_compression="
                                    + codec
                                    + ";spill_dir="
                                    + dir,
                            GROUP_BY);
            assertEquals(expected, r.out, codec);
        }
    }

    /** Remote needs no Arrow on the client: no --add-opens either. */
    @Test
    void remoteProgramListsTablesWithOnlyTheJar() throws Exception {
        try (TallyServer server =
                TallyServer.start(
                        new TallyServer.Config("127.0.0.1", 0, "jdbc:tally:", null, null))) {
            Run r = run(false, "jdbc:tally://127.0.0.1:" + server.port(), GROUP_BY);
            assertEquals(run(true, "jdbc:tally:", GROUP_BY).out, r.out);
        }
    }

    /** What a child JVM printed. */
    private record Run(String out, String err) {
        @Override
        public String toString() {
            return "--- out:\n" + out + "--- err:\n" + err;
        }
    }

    /** Runs {@link ListTables} in a JVM whose class path is the jar and that program only. */
    private Run run(boolean addOpens, String... args) throws Exception {
        String program =
                Path.of(
                                ListTables.class
                                        .getProtectionDomain()
                                        .getCodeSource()
                                        .getLocation()
                                        .toURI())
                        .toString();
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (addOpens) {
            command.add(
                    "--add-opens=java.base/java.nio=ALL-UNNAMED"); // Arrow, for the embedded engine
        }
        command.add("-cp");
        command.add(JAR + File.pathSeparator + program);
        command.add(ListTables.class.getName());
        command.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p =
                new ProcessBuilder(command)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile())
                        .start();
        assertTrue(p.waitFor(GUARD_SECONDS, TimeUnit.SECONDS), "child JVM still running");
        Run r = new Run(Files.readString(out), Files.readString(err));
        assertEquals(0, p.exitValue(), r.toString());
        assertEquals("", r.err, r.toString());
        return r;
    }
}
