package io.tally.session;

import io.tally.exec.AggregateConfig;
import io.tally.memory.ByteSize;
import io.tally.memory.EngineMemory;
import io.tally.memory.MachineMemory;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One Tally setting: its key, what it means, and the {@link SettingType} of its value (default,
 * check, canonical text), each written here once. Settings come from the JDBC URL, connection
 * {@code Properties}, or {@code SET}; {@link TallySettings} holds their typed values.
 */
public enum Setting {
    DATA(
            "data",
            "directory whose *.parquet, *.arrow, *.csv, *.tsv and *.txt files (each maybe"
                    + " .gz) are tables",
            SettingType.directory(() -> null, true),
            true),
    AGGREGATE(
            "aggregate",
            "GROUP BY operator: blocked (Tally) or calcite (stock, for A/B)",
            SettingType.choice(TallySettings.Aggregate.BLOCKED),
            false),
    EMIT(
            "emit",
            "aggregate output: blocked (one block per poll) or all (materialize first)",
            SettingType.choice(AggregateConfig.EmitMode.BLOCKED),
            false),
    BLOCK_SIZE(
            "block_size",
            "groups per hash-table block, a power of two",
            SettingType.of(
                    () -> AggregateConfig.DEFAULT_BLOCK_SIZE,
                    v -> AggregateConfig.checkBlockSize(positiveInteger(v))),
            false),
    MEMORY_LIMIT(
            "memory_limit",
            "per-query memory limit, bytes or e.g. 512MB, 2GB (default: half the machine's"
                    + " memory, less what the JVM heap and the table cache leave)",
            SettingType.of(Setting::defaultMemoryLimit, Setting::byteSize),
            false),
    SPILL_DIR(
            "spill_dir",
            "directory for spill files",
            SettingType.writableDirectory(() -> Path.of(System.getProperty("java.io.tmpdir"))),
            false),
    SPILL_FORMAT(
            "spill_format",
            "aggregate state layout on disk: columns or binary",
            SettingType.choice(SpillOptions.Format.COLUMNS),
            false),
    SPILL_COMPRESSION(
            "spill_compression",
            "Arrow IPC body compression of spill files",
            SettingType.choice(SpillOptions.Compression.NONE),
            false),
    THREADS(
            "threads",
            "worker threads for aggregation, 1 to 256",
            SettingType.of(Setting::defaultThreads, Setting::threadCount),
            false),
    CACHE(
            "cache",
            "keep a file table's Arrow batches in memory after the first scan",
            SettingType.bool(false),
            false),
    VECTORIZE(
            "vectorize",
            "aggregate input, filters and projections on Arrow batches (true) or"
                    + " as rows through Calcite's operators (false, for A/B)",
            SettingType.bool(true),
            false),
    FILE_ACCESS(
            "file_access",
            "which files SQL may reach: any, or data (only the data"
                    + " directory; spill_dir cannot be SET; what tally serve gives remote clients)",
            SettingType.choice(TallySettings.FileAccessMode.ANY),
            true);

    /** Most worker threads one aggregate may use (each has its own hash table). */
    public static final int MAX_THREADS = 256;

    private final String key;
    private final String description;
    private final SettingType<?> type;
    private final boolean connectOnly;

    Setting(String key, String description, SettingType<?> type, boolean connectOnly) {
        this.key = key;
        this.description = description;
        this.type = type;
        this.connectOnly = connectOnly;
    }

    public String key() {
        return key;
    }

    public String description() {
        return description;
    }

    /** Whether the setting can only be given when connecting (not by {@code SET}). */
    public boolean connectOnly() {
        return connectOnly;
    }

    /** The typed default value (null for {@link #DATA}: the built-in demo schema). */
    Object defaultValue() {
        return type.defaultValue();
    }

    /**
     * Checks a value and returns it typed.
     *
     * @throws IllegalArgumentException naming the setting and the accepted values
     */
    Object parse(String value) {
        try {
            return type.parse(value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Invalid value for setting '" + key + "': " + e.getMessage(), e);
        }
    }

    /** The canonical text of a typed value of this setting. */
    String print(Object value) {
        return type.print(value);
    }

    /** Finds a setting by key, case-insensitively; null if there is none. */
    public static Setting lookup(String key) {
        String k = key.trim().toLowerCase(Locale.ROOT);
        for (Setting s : values()) {
            if (s.key.equals(k)) {
                return s;
            }
        }
        return null;
    }

    /** The valid keys, comma-separated, for error messages. */
    public static String validKeys() {
        return Arrays.stream(values()).map(Setting::key).collect(Collectors.joining(", "));
    }

    private static int defaultThreads() {
        return Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors());
    }

    private static int threadCount(String v) {
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1 || n > MAX_THREADS) {
            throw new IllegalArgumentException(
                    "'" + v + "' (must be an integer from 1 to " + MAX_THREADS + ")");
        }
        return n;
    }

    private static int positiveInteger(String v) {
        try {
            int n = Integer.parseInt(v);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("'" + v + "' (must be a positive integer)");
    }

    private static long byteSize(String v) {
        long n = ByteSize.parse(v);
        if (n <= 0) {
            throw new IllegalArgumentException("'" + v + "' (must be more than 0 bytes)");
        }
        return n;
    }

    private static long defaultMemoryLimit() {
        return MachineMemory.defaultQueryLimit(EngineMemory.cachedBytes());
    }
}
