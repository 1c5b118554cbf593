package io.tally.bench.groupby;

import io.tally.bench.report.Reporter;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The options of benchmarks that read generated tables: where they are cached, where results go.
 */
public final class DataOptions {
    @Option(
            names = "--data-dir",
            description =
                    "where generated tables are cached (default: $TALLY_BENCH_DATA "
                            + "or ~/.cache/tally-bench)")
    Path dataDir;

    @Option(names = "--out", description = "also write the table to FILE (.csv, .md, else text)")
    Path out;

    /** Prints to standard output and, with {@code --out}, to the file. */
    public Reporter reporter() {
        return new Reporter(System.out, out);
    }

    /** The generated-table cache in {@code --data-dir} or the default directory. */
    public DataCache dataCache() {
        return new DataCache(dataDir != null ? dataDir : DataCache.defaultDir());
    }
}
