package io.tally.bench.h2o;

import io.tally.memory.ByteSize;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.stream.Collectors;

/**
 * One setting of an h2o run: the thread count for Tally and DuckDB ({@code threads=N} on Tally's
 * URL, {@code SET threads = N} on DuckDB; empty means each engine's default, the cores), Tally's
 * {@code cache}, and the memory limit in bytes for both ({@code memory_limit} on Tally's URL,
 * {@code SET memory_limit} on DuckDB, which then runs on a file database so it can spill; empty:
 * each engine's default, DuckDB in memory). Engines a setting does not affect run once and are
 * shared between settings: DuckDB per thread count and memory limit, H2 once. Settings with equal
 * {@link #groupKey}s differ only in their thread count and run in one session per engine.
 */
record H2oConfig(OptionalInt threads, boolean cache, OptionalLong memoryLimit) {
    H2oConfig(OptionalInt threads, boolean cache) {
        this(threads, cache, OptionalLong.empty());
    }

    /** The thread count the engines use: the given one, or the cores. */
    int effectiveThreads() {
        return threads.orElse(Runtime.getRuntime().availableProcessors());
    }

    String describe() {
        String t =
                threads.isPresent()
                        ? "threads=" + threads.getAsInt()
                        : "threads=default (" + effectiveThreads() + " cores)";
        return t + ", cache=" + cache + ", memory_limit=" + memoryLimitText();
    }

    /**
     * The settings of a group that differ only in their thread count, e.g. {@code threads=1,2,
     * cache=true, memory_limit=default}; one setting as {@link #describe()}.
     */
    static String describe(List<H2oConfig> group) {
        if (group.size() == 1) {
            return group.get(0).describe();
        }
        H2oConfig first = group.get(0);
        return "threads="
                + group.stream()
                        .map(c -> Integer.toString(c.effectiveThreads()))
                        .collect(Collectors.joining(","))
                + ", cache="
                + first.cache
                + ", memory_limit="
                + first.memoryLimitText();
    }

    /** What the settings of one group share: all but the thread count. */
    Object groupKey() {
        return List.of(cache, memoryLimit);
    }

    /** The memory limit as printed, e.g. {@code 1.0 GiB}, or {@code default}. */
    String memoryLimitText() {
        return memoryLimit.isPresent()
                ? ByteSize.format(memoryLimit.getAsLong()).replace(" ", "")
                : "default";
    }

    /** Runs of {@code engine} with equal keys give the same numbers, so they run once. */
    String runKey(String engine) {
        return switch (engine) {
            case "tally", "calcite" ->
                    String.format(Locale.ROOT, "%s|%s|%s|%s", engine, threads, cache, memoryLimit);
            case "duckdb" -> "duckdb|" + effectiveThreads() + "|" + memoryLimit;
            default -> engine;
        };
    }
}
