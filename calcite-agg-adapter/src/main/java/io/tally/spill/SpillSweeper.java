package io.tally.spill;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Removes the spill directories a killed JVM left behind ({@code kill -9} runs no shutdown hook).
 * Every query directory holds an owner marker ({@link #OWNER_FILE}: the process id and its start
 * time); the first time a JVM uses a {@code spill_dir} it deletes the {@code tally-query-*}
 * directories there whose owner process is gone (or its id now names a process started at another
 * time), and those without a readable marker once they are older than {@link #UNMARKED_AGE}. A
 * directory of a live process is never touched.
 */
public final class SpillSweeper {
    /** The owner marker in each query directory. */
    static final String OWNER_FILE = "owner";

    /** Prefix of query directory names (see {@link QuerySpillDirectory}). */
    static final String PREFIX = "tally-query-";

    /**
     * An unmarked directory (an older Tally, or a process killed between creating the directory and
     * writing its marker) is removed once no file in it changed for this long.
     */
    static final Duration UNMARKED_AGE = Duration.ofHours(24);

    private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

    private SpillSweeper() {}

    /** Sweeps {@code base} once per JVM; returns how many leftover directories it removed. */
    public static int sweepOnce(Path base) {
        Path dir = base.toAbsolutePath().normalize();
        return SWEPT.add(dir) ? sweep(dir, Instant.now()) : 0;
    }

    /** The marker written into a new query directory: this process's id and start time. */
    static void mark(Path queryDir) throws IOException {
        ProcessHandle self = ProcessHandle.current();
        Files.writeString(
                queryDir.resolve(OWNER_FILE),
                self.pid()
                        + " "
                        + self.info().startInstant().map(Instant::toEpochMilli).orElse(0L)
                        + "\n",
                StandardCharsets.UTF_8);
    }

    /** Removes the leftovers in {@code base} as of {@code now}; returns how many. */
    static int sweep(Path base, Instant now) {
        int removed = 0;
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(base, PREFIX + "*")) {
            for (Path d : dirs) {
                if (Files.isDirectory(d) && isLeftover(d, now)) {
                    QuerySpillDirectory.deleteTree(d);
                    removed++;
                }
            }
        } catch (IOException | RuntimeException e) {
            // a spill_dir that cannot be listed is reported when a query tries to spill there
        }
        return removed;
    }

    private static boolean isLeftover(Path dir, Instant now) throws IOException {
        Path marker = dir.resolve(OWNER_FILE);
        String[] owner =
                Files.isReadable(marker)
                        ? Files.readString(marker, StandardCharsets.UTF_8).trim().split(" ")
                        : new String[0];
        if (owner.length != 2) {
            return Files.getLastModifiedTime(dir).toInstant().plus(UNMARKED_AGE).isBefore(now);
        }
        long pid;
        long started;
        try {
            pid = Long.parseLong(owner[0]);
            started = Long.parseLong(owner[1]);
        } catch (NumberFormatException e) {
            return Files.getLastModifiedTime(dir).toInstant().plus(UNMARKED_AGE).isBefore(now);
        }
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isEmpty() || !process.get().isAlive()) {
            return true;
        }
        Optional<Instant> start = process.get().info().startInstant();
        return start.isPresent() && started != 0 && start.get().toEpochMilli() != started;
    }
}
