package io.tally.bench.drain;

import io.tally.datasets.DrainGenerator.KeyKind;
import io.tally.exec.AggregateConfig.EmitMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * The drain benchmark's run matrix: for each group count and key shape the input is generated once,
 * then every aggregate list runs under every emit mode; each run's output is checked (one row per
 * group, SUM(v) total). The allocator must be empty at the end, or the run fails.
 */
public final class DrainBench {
    private DrainBench() {}

    /** What to run. {@code perGroupCheck} verifies each group individually (slow; smoke runs). */
    public record Plan(
            List<Long> groups,
            List<KeyKind> keys,
            List<DrainAgg> aggs,
            List<EmitMode> modes,
            boolean perGroupCheck,
            long warmupGroups) {}

    /** Runs {@code plan}; {@code progress} gets one line per run. */
    public static List<DrainResult> run(Plan plan, Consumer<String> progress) {
        List<DrainResult> results = new ArrayList<>();
        try (BufferAllocator root = new RootAllocator()) {
            if (plan.warmupGroups() > 0) {
                progress.accept(
                        "drain: warming up the JIT with "
                                + plan.warmupGroups()
                                + " groups per shape (untimed)");
                runMatrix(
                        new Plan(
                                List.of(plan.warmupGroups()),
                                plan.keys(),
                                plan.aggs(),
                                plan.modes(),
                                false,
                                0),
                        root,
                        line -> {});
            }
            results.addAll(runMatrix(plan, root, progress));
            if (root.getAllocatedMemory() != 0) {
                throw new IllegalStateException(
                        "drain benchmark leaked " + root.getAllocatedMemory() + " bytes");
            }
        }
        return results;
    }

    private static List<DrainResult> runMatrix(
            Plan plan, BufferAllocator root, Consumer<String> progress) {
        List<DrainResult> results = new ArrayList<>();
        for (long groups : plan.groups()) {
            for (KeyKind key : plan.keys()) {
                progress.accept(
                        "drain: generating " + key.cliName() + " x " + groups + " groups ...");
                try (DrainInput input = new DrainInput(key, groups, root)) {
                    for (DrainAgg agg : plan.aggs()) {
                        for (EmitMode mode : plan.modes()) {
                            results.add(
                                    runOne(input, agg, mode, root, plan.perGroupCheck(), progress));
                        }
                    }
                }
            }
        }
        return results;
    }

    private static DrainResult runOne(
            DrainInput input,
            DrainAgg agg,
            EmitMode mode,
            BufferAllocator root,
            boolean perGroupCheck,
            Consumer<String> progress) {
        System.gc();
        OutputCheck check = new OutputCheck(input.kind(), input.groups(), perGroupCheck);
        DrainResult r = DrainRun.run(input, agg, mode, root, check);
        check.verify();
        progress.accept(
                String.format(
                        Locale.ROOT,
                        "drain: %d %s %s emit=%s: build %.0f ms, drain %.0f ms, max gap %.1f ms",
                        input.groups(),
                        input.kind().cliName(),
                        agg.cliName(),
                        DrainReport.mode(mode),
                        r.buildNanos() / 1e6,
                        r.drainNanos() / 1e6,
                        r.maxGapNanos() / 1e6));
        return r;
    }
}
