package io.tally.quidem;

import java.util.List;
import java.util.Map;

/**
 * One engine configuration under which every {@code .iq} script runs; all variants must give the
 * same answers. {@code env} values are visible to scripts as {@code !if (name) {}}: {@code blocked}
 * with Tally's aggregate; {@code vectorized} with it on the default ({@code vectorize=true}) path
 * and {@code rows} on the row path, whose plans differ; {@code defaults} is true only with default
 * settings but one thread (for output that depends on them, such as block counts in EXPLAIN
 * ANALYZE, which with threads = cores would depend on the machine), {@code rows_defaults} only with
 * default settings but {@code vectorize=false} and four threads (a row-path aggregate runs on one
 * thread whatever the count, so its EXPLAIN ANALYZE does not depend on the machine either). Under a
 * {@code spills} variant, scripts marked {@code # expect-spill} must actually spill.
 */
record QuidemVariant(String name, String urlSettings, Map<String, Object> env) {
    /**
     * memory_limit of the spill variants: small enough that every aggregate over more than a few
     * ten thousand groups spills, large enough for one 1024-row chunk of any script's aggregate.
     */
    static final String SPILL_LIMIT = "2MB";

    /** Whether this variant runs under a spilling memory limit. */
    boolean spills() {
        return Boolean.TRUE.equals(env.get("spills"));
    }

    /** The configurations the suite runs under. */
    static final List<QuidemVariant> ALL =
            List.of(
                    new QuidemVariant("default", "", Map.of("blocked", true, "vectorized", true)),
                    new QuidemVariant("calcite", "aggregate=calcite", Map.of("blocked", false)),
                    new QuidemVariant(
                            "emit_all", "emit=all", Map.of("blocked", true, "vectorized", true)),
                    new QuidemVariant(
                            "block_size_2",
                            "block_size=2",
                            Map.of("blocked", true, "vectorized", true)),
                    new QuidemVariant(
                            "spill_columns",
                            "memory_limit="
                                    + SPILL_LIMIT
                                    + ";spill_format=columns;spill_compression=lz4",
                            Map.of("blocked", true, "vectorized", true, "spills", true)),
                    new QuidemVariant(
                            "spill_binary",
                            "memory_limit=" + SPILL_LIMIT + ";spill_format=binary",
                            Map.of("blocked", true, "vectorized", true, "spills", true)),
                    // default already runs with threads = cores; these pin the single-thread path
                    // and a
                    // parallel aggregate with more workers than CI has cores
                    new QuidemVariant(
                            "threads_1",
                            "threads=1",
                            Map.of("blocked", true, "vectorized", true, "defaults", true)),
                    new QuidemVariant(
                            "threads_4", "threads=4", Map.of("blocked", true, "vectorized", true)),
                    // the row path (Calcite's calcs and scan rows packed into batches by the
                    // aggregate) must
                    // answer as the vectorized one: with four threads asked for, and spilling
                    new QuidemVariant(
                            "rows",
                            "vectorize=false;threads=4",
                            Map.of("blocked", true, "rows", true, "rows_defaults", true)),
                    new QuidemVariant(
                            "rows_spill",
                            "vectorize=false;memory_limit="
                                    + SPILL_LIMIT
                                    + ";spill_format=columns;spill_compression=lz4",
                            Map.of("blocked", true, "rows", true, "spills", true)));
}
