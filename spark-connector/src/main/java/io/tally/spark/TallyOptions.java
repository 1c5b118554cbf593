package io.tally.spark;

import io.tally.exec.AggregateConfig;
import io.tally.memory.ByteSize;
import io.tally.memory.EngineMemory;
import io.tally.memory.MachineMemory;
import io.tally.spill.SpillOptions;
import java.io.Serializable;
import java.util.Locale;
import org.apache.spark.SparkEnv;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The source's options, read once on the driver with Tally's setting names: {@code memory_limit}
 * (per task), {@code spill_dir}, {@code spill_format}, {@code spill_compression}, {@code
 * block_size}, {@code partition_bytes} (most bytes of files one input partition reads; default
 * Spark's {@code spark.sql.files.maxPartitionBytes}) and {@code aggregate} ({@code tally}: GROUP
 * BYs are pushed to Tally where possible; {@code spark}: never, for A/B like Tally's {@code
 * aggregate=calcite}). A bad value fails the query with one line naming the option.
 */
record TallyOptions(
        long memoryLimit,
        String spillDir,
        SpillOptions.Format spillFormat,
        SpillOptions.Compression spillCompression,
        int blockSize,
        long partitionBytes,
        boolean pushAggregates)
        implements Serializable {
    static final String MEMORY_LIMIT = "memory_limit";
    static final String SPILL_DIR = "spill_dir";
    static final String SPILL_FORMAT = "spill_format";
    static final String SPILL_COMPRESSION = "spill_compression";
    static final String BLOCK_SIZE = "block_size";
    static final String PARTITION_BYTES = "partition_bytes";
    static final String AGGREGATE = "aggregate";

    /** Who runs GROUP BYs: Tally (pushed down) or Spark alone. */
    enum Aggregate {
        TALLY,
        SPARK
    }

    /** 0 in {@link #partitionBytes}: Spark's {@code spark.sql.files.maxPartitionBytes}. */
    static final long SPARK_PARTITION_BYTES = 0;

    /** 0 in {@link #memoryLimit}: the executor's default, computed where the task runs. */
    static final long EXECUTOR_DEFAULT = 0;

    static TallyOptions parse(CaseInsensitiveStringMap options) {
        long limit =
                options.containsKey(MEMORY_LIMIT) ? size(options, MEMORY_LIMIT) : EXECUTOR_DEFAULT;
        String dir = options.get(SPILL_DIR);
        SpillOptions.Format format =
                choice(
                        options,
                        SPILL_FORMAT,
                        SpillOptions.Format.class,
                        SpillOptions.Format.COLUMNS);
        SpillOptions.Compression compression =
                choice(
                        options,
                        SPILL_COMPRESSION,
                        SpillOptions.Compression.class,
                        SpillOptions.Compression.NONE);
        int blockSize = AggregateConfig.DEFAULT_BLOCK_SIZE;
        if (options.containsKey(BLOCK_SIZE)) {
            long n = parseLong(options, BLOCK_SIZE);
            if (n < 1 || n > (1 << 20) || Long.bitCount(n) != 1) {
                throw bad(BLOCK_SIZE, options.get(BLOCK_SIZE), "a power of two from 1 to 1048576");
            }
            blockSize = (int) n;
        }
        long partition =
                options.containsKey(PARTITION_BYTES)
                        ? size(options, PARTITION_BYTES)
                        : SPARK_PARTITION_BYTES;
        Aggregate aggregate = choice(options, AGGREGATE, Aggregate.class, Aggregate.TALLY);
        return new TallyOptions(
                limit,
                dir,
                format,
                compression,
                blockSize,
                partition,
                aggregate == Aggregate.TALLY);
    }

    /**
     * The memory limit a task on this executor runs under: the option, else Tally's own default
     * {@code memory_limit} for this JVM ({@link MachineMemory#defaultQueryLimit(long)}: half the
     * machine's memory, less what the executor's heap limit, a reserve and cached tables leave)
     * divided by the cores, as that many tasks run at once.
     */
    long taskMemoryLimit() {
        if (memoryLimit != EXECUTOR_DEFAULT) {
            return memoryLimit;
        }
        return MachineMemory.defaultQueryLimit(EngineMemory.cachedBytes())
                / Runtime.getRuntime().availableProcessors();
    }

    /**
     * The aggregate's knobs on this executor; spill files go to {@code spill_dir}, else the first
     * of Spark's {@code spark.local.dir}, else {@code java.io.tmpdir}.
     */
    AggregateConfig aggregateConfig() {
        String dir = spillDir;
        if (dir == null) {
            SparkEnv env = SparkEnv.get();
            String local = env == null ? null : env.conf().get("spark.local.dir", null);
            dir = local == null ? System.getProperty("java.io.tmpdir") : local.split(",")[0].trim();
        }
        SpillOptions spill = new SpillOptions(dir, spillFormat, spillCompression, Long.MAX_VALUE);
        return new AggregateConfig(blockSize, AggregateConfig.EmitMode.BLOCKED, spill);
    }

    /** How EXPLAIN shows the options that shape a pushed aggregate. */
    String describe() {
        return MEMORY_LIMIT
                + "="
                + (memoryLimit == EXECUTOR_DEFAULT ? "default" : ByteSize.format(memoryLimit))
                + ", "
                + BLOCK_SIZE
                + "="
                + blockSize;
    }

    private static long size(CaseInsensitiveStringMap options, String key) {
        String text = options.get(key);
        try {
            long bytes = ByteSize.parse(text);
            if (bytes > 0) {
                return bytes;
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw bad(key, text, "a positive byte size such as 512MB or 2GB");
    }

    private static long parseLong(CaseInsensitiveStringMap options, String key) {
        try {
            return Long.parseLong(options.get(key).trim());
        } catch (NumberFormatException e) {
            throw bad(key, options.get(key), "an integer");
        }
    }

    private static <E extends Enum<E>> E choice(
            CaseInsensitiveStringMap options, String key, Class<E> type, E fallback) {
        String text = options.get(key);
        if (text == null) {
            return fallback;
        }
        try {
            return Enum.valueOf(type, text.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            StringBuilder valid = new StringBuilder();
            for (E value : type.getEnumConstants()) {
                valid.append(valid.length() == 0 ? "" : ", ")
                        .append(value.name().toLowerCase(Locale.ROOT));
            }
            throw bad(key, text, "one of " + valid);
        }
    }

    private static IllegalArgumentException bad(String key, String value, String expected) {
        return new IllegalArgumentException(
                "tally: invalid value '"
                        + value
                        + "' for option '"
                        + key
                        + "': expected "
                        + expected);
    }
}
