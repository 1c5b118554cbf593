package io.tally.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spill directories a killed JVM ({@code kill -9}: no shutdown hook runs) leaves are removed by the
 * next JVM that uses the same {@code spill_dir}, judged by the owner marker in each; a live
 * process's directory is left alone, and so is an unmarked one until it is old.
 */
class CrashLeftoversTest {
    private static final long GUARD_SECONDS = 120;

    @Test
    void killedJvmLeftoversGoAtTheNextStart(@TempDir Path spill) throws Exception {
        Path live = Files.createDirectory(spill.resolve("tally-query-live"));
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(
                live.resolve("owner"),
                self.pid()
                        + " "
                        + self.info().startInstant().map(Instant::toEpochMilli).orElse(0L)
                        + "\n",
                StandardCharsets.UTF_8);
        Path unmarked = Files.createDirectory(spill.resolve("tally-query-unmarked"));
        Path other = Files.createDirectory(spill.resolve("someone-elses"));

        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child =
                new ProcessBuilder(
                                java,
                                "--add-opens=java.base/java.nio=ALL-UNNAMED",
                                "-Xmx512m",
                                "-cp",
                                System.getProperty("java.class.path"),
                                SpillingChild.class.getName(),
                                spill.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                        .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(GUARD_SECONDS);
        while (spillFiles(spill) == 0 && child.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertTrue(spillFiles(spill) > 0, "the child never spilled");
        child.destroyForcibly(); // SIGKILL: no shutdown hook deletes anything
        assertTrue(child.waitFor(GUARD_SECONDS, TimeUnit.SECONDS));
        assertTrue(spillFiles(spill) > 0, "a killed JVM leaves its spill files");

        try (Connection c =
                DriverManager.getConnection("jdbc:tally:memory_limit=64MB;spill_dir=" + spill)) {
            assertEquals("10\n", Sql.text(c, "SELECT COUNT(*) FROM TABLE(numbers(10))"));
        }
        try (Stream<Path> left = Files.list(spill)) {
            assertEquals(
                    List.of(other, live, unmarked),
                    left.sorted().toList(),
                    "only the killed JVM's directory goes");
        }
    }

    /**
     * Files in {@code tally-query-*} directories of a killed or running JVM. A running child
     * creates and deletes files (its spill directory's write probe, spilled partitions) while this
     * walks, so an entry gone between listing and reading is skipped, not an error.
     */
    private static long spillFiles(Path spill) throws IOException {
        long[] count = {0};
        Files.walkFileTree(
                spill,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path p, BasicFileAttributes a) {
                        if (a.isRegularFile() && p.toString().endsWith(".arrows")) {
                            count[0]++;
                        }
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path p, IOException e)
                            throws IOException {
                        if (e instanceof NoSuchFileException) {
                            return FileVisitResult.CONTINUE;
                        }
                        throw e;
                    }
                });
        return count[0];
    }
}
