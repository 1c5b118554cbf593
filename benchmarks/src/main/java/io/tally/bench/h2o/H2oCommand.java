package io.tally.bench.h2o;

import io.tally.bench.groupby.DataCache;
import io.tally.bench.groupby.DataOptions;
import io.tally.bench.report.Reporter;
import io.tally.bench.report.ResultTable;
import io.tally.bench.sql.Engine;
import io.tally.datasets.H2oGenerator;
import io.tally.memory.ByteSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.Callable;
import org.apache.commons.io.file.PathUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tally bench h2o}: db-benchmark's groupby questions q1–q10 on G1_&lt;N&gt;_1e2_0_0, Tally
 * vs DuckDB (and Tally with {@code aggregate=calcite}, H2), measured engine-side: each query's
 * answer is consumed inside the engine by a checksum query, run twice, both runs reported, the
 * checksums cross-checked.
 */
@Command(
        name = "h2o",
        mixinStandardHelpOptions = true,
        description =
                "h2o/db-benchmark groupby q1-q10, engine-side: Tally vs DuckDB (also aggregate=calcite, H2).")
public final class H2oCommand implements Callable<Integer> {
    /** K of G1_N_K: 100 groups for the low-cardinality ids. */
    static final int K = 100;

    /** Engines {@code --engines} accepts. */
    static final List<String> ENGINES = List.of("tally", "calcite", "duckdb", "h2");

    @Option(
            names = "--rows",
            defaultValue = "1e7",
            converter = RowsConverter.class,
            description = "N rows, e.g. 1e6 or 1e7 (default: ${DEFAULT-VALUE})")
    long rows;

    @Option(
            names = "--engines",
            split = ",",
            defaultValue = "tally,duckdb",
            description =
                    "engines to run: tally, calcite (Tally with aggregate=calcite), duckdb, h2")
    List<String> engines;

    @Option(
            names = "--queries",
            split = ",",
            defaultValue = "q1,q2,q3,q4,q5,q6,q7,q8,q9,q10",
            description = "queries to run (default: all ten)")
    List<String> queries;

    @Option(
            names = "--threads",
            split = ",",
            description =
                    "thread counts, e.g. 1,2: each runs Tally with threads=N and DuckDB with SET threads = N; "
                            + "several share one session per engine, interleaved run by run "
                            + "(default: no setting passed; both use the cores)")
    List<Integer> threads;

    @Option(
            names = "--cache",
            split = ",",
            arity = "1",
            paramLabel = "true|false",
            defaultValue = "true",
            converter = BooleanConverter.class,
            description =
                    "Tally's cache setting(s), e.g. true,false: true keeps the scanned Arrow batches in memory "
                            + "(default: ${DEFAULT-VALUE})")
    List<Boolean> cache;

    @Option(
            names = "--memory-limit",
            split = ",",
            paramLabel = "SIZE|none",
            converter = MemoryLimitConverter.class,
            description =
                    "memory limit(s) for Tally (memory_limit) and DuckDB (SET memory_limit, then on a file "
                            + "database so it can spill), e.g. 1GB or none,1GB; binary units (1GB = 2^30 bytes) "
                            + "(default: none, each engine's default and DuckDB in memory)")
    List<OptionalLong> memoryLimits;

    @Option(
            names = "--to-client",
            description =
                    "also time the plain query with every row read over JDBC "
                            + "(the old client-side measure) as an extra column")
    boolean toClient;

    @Option(
            names = "--temp-dir",
            description =
                    "where DuckDB's file database and both engines' spill files go "
                            + "(a fresh directory inside it, deleted at the end; default: java.io.tmpdir)")
    Path tempDir;

    @Option(
            names = "--runs",
            defaultValue = "2",
            description =
                    "runs of each query per engine and setting, at least 2: the 1st is reported as the "
                            + "first run, the median of the others as the warm (2nd) run (default: ${DEFAULT-VALUE}, "
                            + "as db-benchmark)")
    int queryRuns;

    @Option(
            names = "--timeout",
            defaultValue = "300",
            description = "seconds before one query run is cancelled")
    long timeout;

    @Mixin DataOptions dataOptions;

    @Override
    public Integer call() throws Exception {
        Reporter reporter = dataOptions.reporter();
        DataCache dataCache = dataOptions.dataCache();
        H2oGenerator data = new H2oGenerator(rows, K, 0, false, H2oGenerator.DEFAULT_SEED);
        List<String> names = engines.stream().map(e -> e.trim().toLowerCase(Locale.ROOT)).toList();
        for (String e : names) {
            if (!ENGINES.contains(e)) {
                throw new IllegalArgumentException(
                        "--engines: unknown engine '" + e + "'; expected one of " + ENGINES);
            }
        }
        if (queryRuns < 2) {
            throw new IllegalArgumentException(
                    "--runs: "
                            + queryRuns
                            + " is too few (at least 2: a first run and a warm one)");
        }
        List<H2oConfig> configs = configs();
        dataCache.arrow(data, reporter::progress);
        boolean needsCsv = names.contains("duckdb") || names.contains("h2");
        Path csv = needsCsv ? dataCache.csv(data, reporter::progress) : null;
        Path scratch =
                Files.createTempDirectory(
                        tempDir != null ? tempDir : Path.of(System.getProperty("java.io.tmpdir")),
                        "tally-bench-h2o-");
        List<H2oSummary.Run> runs;
        List<H2oQuery> parsed = H2oQuery.parse(queries);
        try (H2oRun run =
                new H2oRun(data.tableName(), parsed, timeout, toClient, queryRuns, reporter)) {
            runs =
                    H2oSessions.run(
                            configs,
                            names,
                            parsed,
                            run,
                            (e, config) -> engine(e, config, dataCache.arrowDir(), csv, scratch));
        } finally {
            deleteScratch(scratch, reporter);
        }
        boolean agree = true;
        for (H2oSummary.Run r : runs) {
            ResultTable table =
                    H2oTable.render(r.results(), data.tableName(), r.config(), toClient);
            if (queryRuns > 2) {
                table.note(warmNote());
            }
            if (runs.size() > 1) {
                table.note(
                        "engines a setting does not change (DuckDB: cache; H2: threads, cache, memory limit) ran once; "
                                + "their numbers repeat in each table");
            }
            String paired = H2oSessions.note(configs);
            if (paired != null) {
                table.note(paired + "; the connect/load seconds are that session's one load");
            }
            reporter.emit(table);
            agree &= r.results().allAgree();
        }
        reporter.emit(H2oSummary.table(data.tableName(), rows, runs));
        ResultTable headline = H2oHeadline.table(data.tableName(), runs);
        if (headline != null) {
            if (queryRuns > 2) {
                headline.note(warmNote());
            }
            if (H2oSessions.note(configs) != null) {
                headline.note(H2oSessions.note(configs));
            }
            reporter.emit(headline);
        }
        return agree ? 0 : 2;
    }

    /** Says what the warm (2nd) run's seconds are when more than two runs were made. */
    private String warmNote() {
        return "2nd run = the median of runs 2-"
                + queryRuns
                + " of each query (the 1st run is its first)";
    }

    private static void deleteScratch(Path scratch, Reporter reporter) {
        try {
            PathUtils.deleteDirectory(scratch);
        } catch (IOException e) {
            reporter.progress("h2o: could not delete " + scratch + ": " + e.getMessage());
        }
    }

    /** Every (memory limit, threads, cache) triple, memory limit outermost, then threads. */
    private List<H2oConfig> configs() {
        List<H2oConfig> out = new ArrayList<>();
        List<OptionalInt> counts = new ArrayList<>();
        if (threads == null || threads.isEmpty()) {
            counts.add(OptionalInt.empty());
        } else {
            for (int n : threads) {
                if (n < 1) {
                    throw new IllegalArgumentException(
                            "--threads: " + n + " is not a thread count (1 or more)");
                }
                counts.add(OptionalInt.of(n));
            }
        }
        List<OptionalLong> limits =
                memoryLimits == null || memoryLimits.isEmpty()
                        ? List.of(OptionalLong.empty())
                        : memoryLimits;
        for (OptionalLong limit : limits) {
            for (OptionalInt n : counts) {
                for (boolean c : cache) {
                    out.add(new H2oConfig(n, c, limit));
                }
            }
        }
        return out;
    }

    private static Engine engine(
            String name, H2oConfig config, Path arrowDir, Path csv, Path scratch) {
        return switch (name) {
            case "tally", "calcite" ->
                    Engine.tally(name, tallyProperties(name, config, arrowDir, scratch));
            case "duckdb" ->
                    LoadedEngines.duckdb(
                            csv, config.effectiveThreads(), config.memoryLimit(), scratch);
            default -> LoadedEngines.h2(csv);
        };
    }

    /**
     * Tally's settings: {@code memory_limit} in bytes when one is given, spilling into {@code
     * scratch}.
     */
    static Properties tallyProperties(String name, H2oConfig config, Path arrowDir, Path scratch) {
        Properties p =
                Engine.tallyProperties(
                        arrowDir,
                        name.equals("tally") ? "blocked" : "calcite",
                        config.threads(),
                        config.cache());
        config.memoryLimit()
                .ifPresent(bytes -> p.setProperty("memory_limit", Long.toString(bytes)));
        p.setProperty("spill_dir", scratch.toAbsolutePath().toString());
        return p;
    }

    /** Accepts a byte size ({@code 1GB}, {@code 512MiB}, {@code 1073741824}) or {@code none}. */
    static final class MemoryLimitConverter implements ITypeConverter<OptionalLong> {
        @Override
        public OptionalLong convert(String value) {
            if (value.trim().equalsIgnoreCase("none")) {
                return OptionalLong.empty();
            }
            try {
                return OptionalLong.of(ByteSize.parse(value));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--memory-limit: " + e.getMessage());
            }
        }
    }

    /** Accepts exactly {@code true} or {@code false}. */
    static final class BooleanConverter implements ITypeConverter<Boolean> {
        @Override
        public Boolean convert(String value) {
            return switch (value.trim().toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default ->
                        throw new IllegalArgumentException(
                                "--cache: expected true or false, got '" + value + "'");
            };
        }
    }

    /** Accepts {@code 1e7}, {@code 10000000}, {@code 1_000_000}. */
    static final class RowsConverter implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            double d = Double.parseDouble(value.replace("_", ""));
            if (d < K || d != Math.rint(d) || d > 1e10) {
                throw new IllegalArgumentException(
                        "--rows must be a whole number from " + K + " to 1e10: " + value);
            }
            return (long) d;
        }
    }
}
