package io.tally.bench.spill;

import io.tally.bench.report.ReportOptions;
import io.tally.bench.report.Reporter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tally bench spill}: the second seed's query under a spilling {@code memory_limit}, {@code
 * spill_format=columns} (typed state columns) vs {@code binary} (one VarBinary per aggregate) for
 * each compression, through JDBC; prints spilled bytes, files, spill and query times and the
 * columns/binary ratios, and fails (exit 2) if any answer differs.
 */
@Command(
        name = "spill",
        mixinStandardHelpOptions = true,
        description =
                "SELECT SUM(number + 1), COUNT(number) FROM TABLE(numbers(N)) GROUP BY number under "
                        + "--memory-limit: spill_format columns vs binary, per compression.")
public final class SpillCommand implements Callable<Integer> {
    /** Rows of the {@code --test} smoke run: enough groups to spill at {@link #SMOKE_LIMIT}. */
    static final long SMOKE_ROWS = 200_000;

    static final String SMOKE_LIMIT = "2MB";

    @Option(
            names = "--rows",
            split = ",",
            defaultValue = "10000000,100000000",
            description = "N, comma-separated (default: ${DEFAULT-VALUE})")
    List<Long> rows;

    @Option(
            names = "--memory-limit",
            defaultValue = "64MB",
            description = "memory_limit that forces spilling")
    String memoryLimit;

    @Option(
            names = "--formats",
            split = ",",
            defaultValue = "columns,binary",
            description = "spill_format values")
    List<String> formats;

    @Option(
            names = "--compressions",
            split = ",",
            defaultValue = "none,lz4,zstd",
            description = "spill_compression values")
    List<String> compressions;

    @Option(
            names = "--runs",
            defaultValue = "3",
            description = "timed runs per configuration; medians reported")
    int runs;

    @Option(names = "--spill-dir", description = "spill_dir (default: java.io.tmpdir)")
    String spillDir;

    @Mixin ReportOptions report;

    @Option(
            names = "--skip-check",
            description =
                    "skip the untimed run that reads and checks every row "
                            + "(and warms up); for very long runs: only the profiled runs' row counts are checked")
    boolean skipCheck;

    @Option(
            names = "--test",
            description =
                    "smoke run: "
                            + SMOKE_ROWS
                            + " rows at "
                            + SMOKE_LIMIT
                            + ", every format and compression, one run each")
    boolean test;

    @Override
    public Integer call() throws Exception {
        Reporter reporter = report.reporter();
        List<Long> ns = test ? List.of(SMOKE_ROWS) : rows;
        String limit = test ? SMOKE_LIMIT : memoryLimit;
        int timed = test ? 1 : runs;
        if (timed < 1) {
            throw new picocli.CommandLine.ParameterException(
                    new picocli.CommandLine(this), "--runs must be at least 1");
        }
        List<SpillResult> results = new ArrayList<>();
        for (long n : ns) {
            for (String compression : compressions) {
                for (String format : formats) {
                    results.add(
                            SpillRun.run(
                                    n,
                                    format,
                                    compression,
                                    limit,
                                    spillDir,
                                    timed,
                                    test || !skipCheck,
                                    reporter::progress));
                }
            }
        }
        SpillReport report = new SpillReport(results, limit, timed);
        reporter.emit(report.table());
        if (formats.contains("columns") && formats.contains("binary")) {
            reporter.emit(report.ratios());
        }
        List<String> problems = report.problems();
        for (String p : problems) {
            System.out.println("!!! " + p);
        }
        if (test && problems.isEmpty()) {
            System.out.println(
                    "spill --test: OK, "
                            + results.size()
                            + " configurations spilled and gave the same answer");
        }
        return problems.isEmpty() ? 0 : 2;
    }
}
