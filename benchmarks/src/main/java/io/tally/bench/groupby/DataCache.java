package io.tally.bench.groupby;

import io.tally.datasets.Dataset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * Generated benchmark tables on disk, made once and reused: {@code <dir>/<format>/<table>.<ext>}.
 * Each format has its own folder because a Tally data directory turns every file into a table, and
 * a CSV and an Arrow file of one table would collide. Files are written atomically by {@link
 * io.tally.datasets.DatasetWriter}, so a present file is a complete one.
 */
public final class DataCache {
    private final Path dir;

    public DataCache(Path dir) {
        this.dir = dir;
    }

    /** The default: {@code $TALLY_BENCH_DATA} or {@code ~/.cache/tally-bench}. */
    public static Path defaultDir() {
        String env = System.getenv("TALLY_BENCH_DATA");
        return env != null && !env.isBlank()
                ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".cache", "tally-bench");
    }

    /** The folder of Arrow files (a Tally {@code data} directory). */
    public Path arrowDir() {
        return dir.resolve("arrow");
    }

    /** The Arrow IPC file of {@code dataset}, generated if missing. */
    public Path arrow(Dataset dataset, Consumer<String> progress) throws IOException {
        Path file = arrowDir().resolve(dataset.tableName() + ".arrow");
        if (!Files.exists(file)) {
            progress.accept("generating " + file + " ...");
            dataset.writeArrow(file);
        }
        return file;
    }

    /** The CSV file of {@code dataset} (header row), generated if missing. */
    public Path csv(Dataset dataset, Consumer<String> progress) throws IOException {
        Path file = dir.resolve("csv").resolve(dataset.tableName() + ".csv");
        if (!Files.exists(file)) {
            progress.accept("generating " + file + " ...");
            dataset.writeCsv(file);
        }
        return file;
    }
}
