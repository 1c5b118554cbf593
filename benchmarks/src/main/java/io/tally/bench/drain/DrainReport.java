package io.tally.bench.drain;

import io.tally.bench.report.Bytes;
import io.tally.bench.report.ResultTable;
import io.tally.datasets.DrainGenerator.KeyKind;
import io.tally.exec.AggregateConfig.EmitMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Turns drain results into tables: one per emit mode with the columns the issue fixes, the
 * legacy/blocked ratios when both modes ran, and the max-gap growth between group counts.
 */
final class DrainReport {
    static final List<String> COLUMNS =
            List.of(
                    "groups",
                    "key",
                    "agg",
                    "build_ms",
                    "drain_ms",
                    "ttfb_ms",
                    "max_gap_ms",
                    "peak_pool",
                    "peak_live",
                    "pool_%",
                    "live_%");

    private DrainReport() {}

    static String mode(EmitMode mode) {
        return mode.name().toLowerCase(Locale.ROOT);
    }

    static ResultTable modeTable(List<DrainResult> results, EmitMode mode) {
        ResultTable t =
                new ResultTable(
                        "drain, emit="
                                + mode(mode)
                                + " (one input row per group, v = i % 1024 DOUBLE)",
                        COLUMNS);
        long maxSampleGap = 0;
        List<String> gcRuns = new ArrayList<>();
        for (DrainResult r : results) {
            if (r.emit() != mode) {
                continue;
            }
            t.add(
                    List.of(
                            Long.toString(r.groups()),
                            r.key().cliName(),
                            r.agg().cliName(),
                            ms(r.buildNanos()),
                            ms(r.drainNanos()),
                            ms(r.ttfbNanos()),
                            ms(r.maxGapNanos()),
                            Bytes.format(r.peakPool()),
                            Bytes.format(r.peakLive()),
                            pct(r.poolPercent()),
                            pct(r.livePercent())));
            maxSampleGap = Math.max(maxSampleGap, r.trace().maxIntervalNanos());
            if (r.gcDuringDrain().count() > 0) {
                gcRuns.add(
                        String.format(
                                Locale.ROOT,
                                "%d %s %s: %d, %d ms",
                                r.groups(),
                                r.key().cliName(),
                                r.agg().cliName(),
                                r.gcDuringDrain().count(),
                                r.gcDuringDrain().millis()));
            }
        }
        t.note(
                String.format(
                        Locale.ROOT,
                        "memory sampled every %d us (longest observed interval %.0f us)",
                        MemorySampler.INTERVAL_NANOS / 1000,
                        maxSampleGap / 1e3));
        t.note(
                gcRuns.isEmpty()
                        ? "GC during drain: none (no collection between input exhausted and the last batch)"
                        : "GC during drain (collections, total pause; a pause lands in some poll's gap): "
                                + String.join("; ", gcRuns));
        return t;
    }

    /** Legacy (emit=all) over blocked, per shape: > 1 means blocked is better. */
    static ResultTable ratioTable(List<DrainResult> results) {
        ResultTable t =
                new ResultTable(
                        "drain ratios, emit=all / emit=blocked (higher = blocked better)",
                        List.of(
                                "groups",
                                "key",
                                "agg",
                                "drain_x",
                                "ttfb_x",
                                "max_gap_x",
                                "peak_pool_x",
                                "peak_live_x",
                                "half_pool_x",
                                "half_live_x"));
        for (DrainResult b : results) {
            if (b.emit() != EmitMode.BLOCKED) {
                continue;
            }
            find(results, b.groups(), b.key(), b.agg(), EmitMode.ALL)
                    .ifPresent(
                            a ->
                                    t.add(
                                            List.of(
                                                    Long.toString(b.groups()),
                                                    b.key().cliName(),
                                                    b.agg().cliName(),
                                                    ratio(a.drainNanos(), b.drainNanos()),
                                                    ratio(a.ttfbNanos(), b.ttfbNanos()),
                                                    ratio(a.maxGapNanos(), b.maxGapNanos()),
                                                    ratio(a.peakPool(), b.peakPool()),
                                                    ratio(a.peakLive(), b.peakLive()),
                                                    ratio(a.poolAtHalf(), b.poolAtHalf()),
                                                    ratio(a.liveAtHalf(), b.liveAtHalf()))));
        }
        t.note("half_*_x: memory held at the 50%-drained mark");
        return t;
    }

    /**
     * Max gap at each larger group count over the smallest: flat (~1x) means the poll does not grow
     * with groups.
     */
    static ResultTable growthTable(
            List<DrainResult> results, List<Long> groups, List<EmitMode> modes) {
        long base = groups.get(0);
        List<String> cols = new ArrayList<>(List.of("key", "agg", "emit", "max_gap_ms@" + base));
        for (long g : groups.subList(1, groups.size())) {
            cols.add("max_gap_ms@" + g);
            cols.add("growth@" + g);
        }
        cols.add("cpu_gap_ms@" + base);
        for (long g : groups.subList(1, groups.size())) {
            cols.add("cpu_gap_ms@" + g);
            cols.add("cpu_growth@" + g);
        }
        ResultTable t =
                new ResultTable("drain max-gap growth with groups (blocked should stay ~1x)", cols);
        for (DrainResult r : results) {
            if (r.groups() != base || !modes.contains(r.emit())) {
                continue;
            }
            List<String> row =
                    new ArrayList<>(
                            List.of(
                                    r.key().cliName(),
                                    r.agg().cliName(),
                                    mode(r.emit()),
                                    ms(r.maxGapNanos())));
            for (long g : groups.subList(1, groups.size())) {
                Optional<DrainResult> big = find(results, g, r.key(), r.agg(), r.emit());
                row.add(big.map(x -> ms(x.maxGapNanos())).orElse("n/a"));
                row.add(big.map(x -> ratio(x.maxGapNanos(), r.maxGapNanos())).orElse("n/a"));
            }
            row.add(ms(r.maxGapCpuNanos()));
            for (long g : groups.subList(1, groups.size())) {
                Optional<DrainResult> big = find(results, g, r.key(), r.agg(), r.emit());
                row.add(big.map(x -> ms(x.maxGapCpuNanos())).orElse("n/a"));
                row.add(big.map(x -> ratio(x.maxGapCpuNanos(), r.maxGapCpuNanos())).orElse("n/a"));
            }
            t.add(row);
        }
        t.note("growth = max gap at that group count / max gap at " + base + " groups");
        t.note(
                "cpu_gap = the max gap counted in the draining thread's CPU time: a wall-clock gap far above it "
                        + "is time the OS gave to other processes (compare the sampler's longest interval under each table)");
        return t;
    }

    private static Optional<DrainResult> find(
            List<DrainResult> results, long groups, KeyKind key, DrainAgg agg, EmitMode mode) {
        return results.stream()
                .filter(
                        r ->
                                r.groups() == groups
                                        && r.key() == key
                                        && r.agg() == agg
                                        && r.emit() == mode)
                .findFirst();
    }

    static String ms(long nanos) {
        double v = nanos / 1e6;
        return String.format(Locale.ROOT, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
    }

    private static String pct(double p) {
        return Double.isNaN(p) ? "n/a" : String.format(Locale.ROOT, "%.0f%%", p);
    }

    static String ratio(double num, double den) {
        if (den <= 0) {
            return "n/a";
        }
        double r = num / den;
        return String.format(Locale.ROOT, r < 10 ? "%.2fx" : "%.0fx", r);
    }
}
