package io.tally.bench.groupby;

import io.tally.bench.report.ReportOptions;
import io.tally.bench.report.Reporter;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of benchmarks that read generated tables: where they are cached, and {@code --out}.
 */
public final class DataOptions {
    @Option(
            names = "--data-dir",
            description =
                    "where generated tables are cached (default: $TALLY_BENCH_DATA "
                            + "or ~/.cache/tally-bench)")
    Path dataDir;

    @Mixin ReportOptions report;

    /** Prints to standard output and, with {@code --out}, to the file. */
    public Reporter reporter() {
        return report.reporter();
    }

    /** The generated-table cache in {@code --data-dir} or the default directory. */
    public DataCache dataCache() {
        return new DataCache(dataDir != null ? dataDir : DataCache.defaultDir());
    }
}
