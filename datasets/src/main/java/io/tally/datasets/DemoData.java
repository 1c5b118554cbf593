package io.tally.datasets;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Materializes the built-in demo tables once into a versioned cache directory, so every connection
 * to the default schema reads the same small files.
 *
 * <p>Tables: {@value #H2O_TABLE} (the h2o groupby table, {@value #H2O_ROWS} rows, K = 100) and
 * {@value #LINEITEM_TABLE} (a {@value #LINEITEM_SAMPLE_ROWS}-row TPC-H sample shipped as a
 * resource, since the TPC-H generator's start-up costs seconds).
 */
public final class DemoData {
    public static final String H2O_TABLE = "h2o";
    public static final String LINEITEM_TABLE = "lineitem";
    public static final long H2O_ROWS = 100_000;
    public static final int H2O_K = 100;
    public static final long LINEITEM_SAMPLE_ROWS = 10_000;

    /** Bump when the demo data changes, so old caches are not reused. */
    static final String VERSION = "1";

    private static final String LINEITEM_RESOURCE = "samples/lineitem.csv.gz";

    private DemoData() {}

    /** The demo table names, in the order a greeting lists them. */
    public static List<String> tables() {
        return List.of(H2O_TABLE, LINEITEM_TABLE);
    }

    /**
     * Returns the directory holding the demo files under {@code cacheRoot}, writing them first if
     * they are not there. Safe when several processes race: each writes a private directory and the
     * first to rename it into place wins.
     */
    public static synchronized Path ensure(Path cacheRoot) {
        Path dir = cacheRoot.resolve("tally-demo-v" + VERSION);
        if (Files.isDirectory(dir)) {
            return dir;
        }
        try {
            Files.createDirectories(cacheRoot);
            Path tmp = Files.createTempDirectory(cacheRoot, "tally-demo-tmp");
            try {
                new H2oGenerator(H2O_ROWS, H2O_K, 0, false, H2oGenerator.DEFAULT_SEED)
                        .writeArrow(tmp.resolve(H2O_TABLE + ".arrow"));
                try (InputStream in = DemoData.class.getResourceAsStream(LINEITEM_RESOURCE)) {
                    if (in == null) {
                        throw new IOException(
                                "resource " + LINEITEM_RESOURCE + " missing from the jar");
                    }
                    Files.copy(in, tmp.resolve(LINEITEM_TABLE + ".csv.gz"));
                }
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileSystemException e) { // another process won the race
                if (!Files.isDirectory(dir)) {
                    throw e;
                }
            } finally {
                deleteTree(tmp);
            }
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the demo tables under " + cacheRoot, e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        }
    }
}
