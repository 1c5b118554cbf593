package io.tally.bench.h2o;

import io.tally.bench.sql.Engine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Plans an h2o run's engine sessions: the settings that differ only in their thread count form a
 * group ({@link H2oConfig#groupKey}), and each engine runs each group in one session ({@link
 * H2oRun#runEngine}), its thread counts interleaved run by run; a setting whose run of an engine
 * would repeat one already made ({@link H2oConfig#runKey}: DuckDB does not depend on cache, H2 on
 * any setting) takes those results instead.
 */
final class H2oSessions {
    /** Makes the engine named {@code name} as set up for {@code config}. */
    @FunctionalInterface
    interface EngineFactory {
        Engine make(String name, H2oConfig config);
    }

    private H2oSessions() {}

    /** Runs {@code engines} for every setting of {@code configs}; their results in that order. */
    static List<H2oSummary.Run> run(
            List<H2oConfig> configs,
            List<String> engines,
            List<H2oQuery> queries,
            H2oRun run,
            EngineFactory factory) {
        List<H2oSummary.Run> all = new ArrayList<>();
        configs.forEach(c -> all.add(new H2oSummary.Run(c, new H2oResults(queries, engines))));
        Map<String, H2oResults> shared = new HashMap<>();
        for (List<H2oSummary.Run> group : groups(all, H2oSummary.Run::config)) {
            for (String e : engines) {
                List<H2oSummary.Run> slots = new ArrayList<>();
                List<H2oSummary.Run> copies = new ArrayList<>();
                Set<String> keys = new HashSet<>();
                for (H2oSummary.Run r : group) {
                    String key = r.config().runKey(e);
                    (shared.containsKey(key) || !keys.add(key) ? copies : slots).add(r);
                }
                if (!slots.isEmpty()) {
                    run.runEngine(factory.make(e, slots.get(0).config()), slots);
                    slots.forEach(s -> shared.put(s.config().runKey(e), s.results()));
                }
                copies.forEach(r -> r.results().copyFrom(shared.get(r.config().runKey(e)), e));
            }
        }
        return all;
    }

    /**
     * The note saying how the thread counts of one setting ran, or null when every group has one
     * setting.
     */
    static String note(List<H2oConfig> configs) {
        List<List<H2oConfig>> groups = groups(configs, c -> c);
        if (groups.stream().allMatch(g -> g.size() == 1)) {
            return null;
        }
        String threads =
                groups.get(0).stream()
                        .map(c -> Integer.toString(c.effectiveThreads()))
                        .collect(Collectors.joining(","));
        return "the thread counts of one setting (threads="
                + threads
                + ") ran interleaved run by run in one session per engine (run 1 at each thread count, "
                + "then run 2 at each, ...), so speedups between them are paired; a later thread count's "
                + "1st run follows the earlier ones'";
    }

    /**
     * {@code items} grouped by everything but their setting's thread count, in order of first
     * appearance.
     */
    static <T> List<List<T>> groups(List<T> items, Function<T, H2oConfig> config) {
        Map<Object, List<T>> groups = new LinkedHashMap<>();
        for (T item : items) {
            groups.computeIfAbsent(config.apply(item).groupKey(), k -> new ArrayList<>()).add(item);
        }
        return new ArrayList<>(groups.values());
    }
}
