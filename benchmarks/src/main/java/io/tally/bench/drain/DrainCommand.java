package io.tally.bench.drain;

import io.tally.bench.report.MachineInfo;
import io.tally.bench.report.ReportOptions;
import io.tally.bench.report.Reporter;
import io.tally.datasets.DrainGenerator.KeyKind;
import io.tally.exec.AggregateConfig.EmitMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tally bench drain}: time and memory of draining a large GROUP BY, blocked vs emit-all. */
@Command(
        name = "drain",
        mixinStandardHelpOptions = true,
        description =
                "Drain benchmark: build a GROUP BY of one row per group, then time and watch memory while "
                        + "its result is polled out, emit=blocked vs emit=all.")
public final class DrainCommand implements Callable<Integer> {
    /** Groups of the {@code --test} smoke run. */
    static final long SMOKE_GROUPS = 1000;

    @Option(
            names = "--groups",
            split = ",",
            defaultValue = "10000,10000000",
            description = "group counts, comma-separated (default: ${DEFAULT-VALUE})")
    List<Long> groups;

    @Option(
            names = "--keys",
            split = ",",
            defaultValue = "int64,utf8,dict,liststr",
            converter = KeyConverter.class,
            description = "key shapes: int64, utf8, dict, liststr (default: all)")
    List<KeyKind> keys;

    @Option(
            names = "--aggs",
            split = ",",
            defaultValue = "sum,wide",
            converter = AggConverter.class,
            description = "aggregate lists: sum (SUM(v)), wide (SUM, AVG, COUNT, MIN, MAX of v)")
    List<DrainAgg> aggs;

    @Option(
            names = "--legacy",
            description = "run only emit=all (the legacy materialize-everything drain)")
    boolean legacy;

    @Mixin ReportOptions report;

    @Option(names = "--plot", description = "draw pool/live memory over time to FILE.svg")
    Path plot;

    @Option(
            names = "--warmup-groups",
            defaultValue = "200000",
            description =
                    "untimed run of every shape at this many groups first, so the JIT is warm (0: none)")
    long warmupGroups;

    @Option(
            names = "--test",
            description = "smoke run: " + SMOKE_GROUPS + " groups, every shape, per-group check")
    boolean test;

    @Override
    public Integer call() throws IOException {
        Reporter reporter = report.reporter();
        List<EmitMode> modes =
                legacy ? List.of(EmitMode.ALL) : List.of(EmitMode.BLOCKED, EmitMode.ALL);
        List<Long> counts = test ? List.of(SMOKE_GROUPS) : groups;
        DrainBench.Plan plan =
                new DrainBench.Plan(counts, keys, aggs, modes, test, test ? 0 : warmupGroups);
        List<DrainResult> results = DrainBench.run(plan, reporter::progress);
        for (EmitMode mode : modes) {
            reporter.emit(DrainReport.modeTable(results, mode));
        }
        if (modes.size() == 2) {
            reporter.emit(DrainReport.ratioTable(results));
        }
        if (counts.size() > 1) {
            reporter.emit(DrainReport.growthTable(results, counts, modes));
        }
        if (plot != null) {
            Files.writeString(
                    plot, SvgPlot.render(results, MachineInfo.describe()), StandardCharsets.UTF_8);
            reporter.progress("drain: plot written to " + plot);
        }
        if (test) {
            System.out.println(
                    "drain --test: OK, exactly one output row per group for "
                            + results.size()
                            + " runs");
        }
        return 0;
    }

    /** Parses {@code int64|utf8|dict|liststr}. */
    static final class KeyConverter implements picocli.CommandLine.ITypeConverter<KeyKind> {
        @Override
        public KeyKind convert(String value) {
            return KeyKind.valueOf(value.trim().toUpperCase(Locale.ROOT));
        }
    }

    /** Parses {@code sum|wide}. */
    static final class AggConverter implements picocli.CommandLine.ITypeConverter<DrainAgg> {
        @Override
        public DrainAgg convert(String value) {
            return DrainAgg.valueOf(value.trim().toUpperCase(Locale.ROOT));
        }
    }
}
