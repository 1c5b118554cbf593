package io.tally.bench.h2o;

import io.tally.bench.sql.Answer;
import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.Stats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Per query and engine an {@link H2oCell}, each engine's load time, the load average when it
 * started and the CPU share other processes used while it ran; cross-checks answers: every engine's
 * checksum (second run) against the first engine that answered (Tally when it did), each engine's
 * first run against its second, and with {@code --to-client} the pulled rows' digests the same way.
 */
final class H2oResults {
    private final List<H2oQuery> queries;
    private final List<String> engines;
    private final Map<H2oQuery, Map<String, H2oCell>> cells = new LinkedHashMap<>();
    private final Map<String, Long> loadNanos = new LinkedHashMap<>();
    private final Map<String, String> loadAverages = new LinkedHashMap<>();
    private final Map<String, String> otherCpu = new LinkedHashMap<>();

    H2oResults(List<H2oQuery> queries, List<String> engines) {
        this.queries = queries;
        this.engines = engines;
        queries.forEach(q -> cells.put(q, new LinkedHashMap<>()));
    }

    List<H2oQuery> queries() {
        return queries;
    }

    List<String> engines() {
        return engines;
    }

    /**
     * {@code engine} connected and loaded in {@code nanos}; the load average was {@code load} as it
     * began.
     */
    void loaded(String engine, long nanos, String load) {
        loadNanos.put(engine, nanos);
        loadAverages.put(engine, load);
    }

    Map<String, Long> loadNanos() {
        return loadNanos;
    }

    Map<String, String> loadAverages() {
        return loadAverages;
    }

    /**
     * Other processes used {@code share} of the machine's CPU while {@code engine} ran its queries.
     */
    void otherCpu(String engine, String share) {
        otherCpu.put(engine, share);
    }

    Map<String, String> otherCpu() {
        return otherCpu;
    }

    void put(H2oQuery q, String engine, H2oCell cell) {
        cells.get(q).put(engine, cell);
    }

    /** The cell of q on {@code engine}, or null when it was not run. */
    H2oCell cell(H2oQuery q, String engine) {
        return cells.get(q).get(engine);
    }

    /**
     * Takes {@code engine}'s cells and load time from {@code other} (a shared run of that engine).
     */
    void copyFrom(H2oResults other, String engine) {
        for (H2oQuery q : queries) {
            H2oCell c = other.cell(q, engine);
            if (c != null) {
                put(q, engine, c);
            }
        }
        if (other.loadNanos.containsKey(engine)) {
            loaded(engine, other.loadNanos.get(engine), other.loadAverages.get(engine));
        }
        if (other.otherCpu.containsKey(engine)) {
            otherCpu(engine, other.otherCpu.get(engine));
        }
    }

    /** Seconds of q's {@code run} on {@code engine}, or NaN when it did not run. */
    double seconds(String queryLabel, String engine, H2oCell.Run run) {
        for (H2oQuery q : queries) {
            H2oCell c = q.label().equals(queryLabel) ? cell(q, engine) : null;
            if (c != null && c.nanos(run) >= 0) {
                return c.nanos(run) / 1e9;
            }
        }
        return Double.NaN;
    }

    /** Seconds of q's second (reported) engine-side run on {@code engine}, or NaN. */
    double seconds(String queryLabel, String engine) {
        return seconds(queryLabel, engine, H2oCell.Run.SECOND);
    }

    /**
     * Geometric mean over the queries both ran of {@code a}'s time over {@code b}'s; NaN if none.
     */
    double geomeanRatio(String a, String b, H2oCell.Run run) {
        List<Double> ratios = new ArrayList<>();
        for (H2oQuery q : queries) {
            double sa = seconds(q.label(), a, run);
            double sb = seconds(q.label(), b, run);
            if (!Double.isNaN(sa) && !Double.isNaN(sb)) {
                ratios.add(sa / sb);
            }
        }
        return Stats.geomean(ratios);
    }

    /** How many queries both {@code a} and {@code b} ran. */
    int bothRan(String a, String b) {
        return (int)
                queries.stream()
                        .filter(
                                q ->
                                        !Double.isNaN(seconds(q.label(), a))
                                                && !Double.isNaN(seconds(q.label(), b)))
                        .count();
    }

    /** True when every query's answers agree across the engines that ran it. */
    boolean allAgree() {
        return mismatches().isEmpty();
    }

    /**
     * Per query with a disagreement, a sentence naming the engines, runs and values that differ.
     */
    Map<H2oQuery, String> mismatches() {
        Map<H2oQuery, String> out = new LinkedHashMap<>();
        for (H2oQuery q : queries) {
            List<String> diffs = new ArrayList<>();
            String refEngine = null;
            String clientRef = null;
            for (String e : engines) {
                H2oCell c = cell(q, e);
                if (c == null || !c.answered()) {
                    continue;
                }
                addIfDiffers(
                        diffs,
                        e + " run 1 vs run 2",
                        c.first().answer().mismatch(c.second().answer()));
                if (refEngine == null) {
                    refEngine = e;
                } else {
                    Checksum ref = cell(q, refEngine).second().answer();
                    addIfDiffers(diffs, e + " vs " + refEngine, c.second().answer().mismatch(ref));
                }
                if (c.client() != null) {
                    if (clientRef == null) {
                        clientRef = e;
                    } else {
                        Answer ref = cell(q, clientRef).client().answer();
                        addIfDiffers(
                                diffs,
                                e + " vs " + clientRef + " (to client)",
                                c.client().answer().mismatch(ref));
                    }
                }
            }
            if (!diffs.isEmpty()) {
                out.put(q, String.join("; ", diffs));
            }
        }
        return out;
    }

    private static void addIfDiffers(List<String> diffs, String what, String mismatch) {
        if (mismatch != null) {
            diffs.add(what + ": " + mismatch);
        }
    }
}
