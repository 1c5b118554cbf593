package io.tally.spill;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * One query's spill directory {@code <spill_dir>/tally-query-<random>}, holding one subdirectory
 * per spilling operator ({@link SpillDirectory}). Created when the first operator spills; deleted
 * with everything in it when its last operator closes (the query finished, failed or was cancelled:
 * operators close on every path), when its owner calls {@link #close()}, or at the latest by a JVM
 * shutdown hook; what a killed JVM leaves is removed by the next one to use the same {@code
 * spill_dir} ({@link SpillSweeper}, by the owner marker each directory holds).
 */
public final class QuerySpillDirectory implements AutoCloseable {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(
                                () -> LIVE.forEach(QuerySpillDirectory::deleteTree),
                                "tally-spill-cleanup"));
    }

    private final Path base;
    private Path dir;
    private int openOperators;
    private int nextOperator;

    /**
     * A query directory to be made under {@code base} (the {@code spill_dir} setting) on first use.
     */
    public QuerySpillDirectory(Path base) {
        this.base = base;
        SpillSweeper.sweepOnce(base);
    }

    /** The directory, or null while no operator has spilled. */
    public synchronized Path path() {
        return dir;
    }

    /** Creates the subdirectory of a spilling operator (and the query directory if needed). */
    synchronized Path openOperator(String operator) {
        if (dir == null) {
            try {
                dir = Files.createTempDirectory(base, SpillSweeper.PREFIX);
                LIVE.add(dir);
                SpillSweeper.mark(dir);
            } catch (IOException e) {
                throw SpillWriter.ioFailure(
                        "cannot create a spill directory in "
                                + base
                                + " (spill_dir) for "
                                + operator,
                        e);
            }
        }
        Path sub =
                dir.resolve(
                        String.format(
                                "op%03d-%s",
                                nextOperator++, operator.replaceAll("[^A-Za-z0-9_.-]", "_")));
        try {
            Files.createDirectory(sub);
        } catch (IOException e) {
            throw SpillWriter.ioFailure(
                    "cannot create spill directory " + sub + " for " + operator, e);
        }
        openOperators++;
        return sub;
    }

    /** Deletes an operator's subdirectory; the query directory goes with the last one. */
    synchronized void closeOperator(Path sub) {
        deleteTree(sub);
        if (--openOperators == 0) {
            close();
        }
    }

    /** Deletes the query directory and every file in it (idempotent). */
    @Override
    public synchronized void close() {
        if (dir != null) {
            deleteTree(dir);
            LIVE.remove(dir);
            dir = null;
        }
    }

    /** Query spill directories not yet deleted (test hook). */
    public static int liveCount() {
        return LIVE.size();
    }

    static void deleteTree(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> all = Files.walk(root)) {
            all.sorted(Comparator.reverseOrder())
                    .forEach(
                            p -> {
                                try {
                                    Files.deleteIfExists(p);
                                } catch (IOException e) {
                                    // best effort: the shutdown hook retries whatever is still
                                    // registered
                                }
                            });
        } catch (IOException | UncheckedIOException e) {
            // best effort, as above
        }
    }
}
