package io.tally.jdbc;

import io.tally.memory.ByteSize;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * One Tally setting: its key, what it means, its default, and how a value is checked and
 * normalized. Settings come from the JDBC URL, connection {@code Properties}, or {@code SET}.
 */
public enum Setting {
  DATA("data", "directory whose *.csv, *.csv.gz and *.arrow files are tables", () -> "",
      Setting::directory, true),
  AGGREGATE("aggregate", "GROUP BY operator: blocked (Tally) or calcite (stock, for A/B)",
      () -> "blocked", oneOf("blocked", "calcite"), false),
  EMIT("emit", "aggregate output: blocked (one block per poll) or all (materialize first)",
      () -> "blocked", oneOf("blocked", "all"), false),
  BLOCK_SIZE("block_size", "groups per hash-table block, a power of two",
      () -> "8192", Setting::powerOfTwo, false),
  MEMORY_LIMIT("memory_limit", "per-query memory limit, bytes or e.g. 512MB, 2GB",
      Setting::defaultMemoryLimit, Setting::byteSize, false),
  SPILL_DIR("spill_dir", "directory for spill files",
      () -> System.getProperty("java.io.tmpdir"), Setting::directory, false),
  SPILL_FORMAT("spill_format", "aggregate state layout on disk: columns or binary",
      () -> "columns", oneOf("columns", "binary"), false),
  SPILL_COMPRESSION("spill_compression", "Arrow IPC body compression of spill files",
      () -> "none", oneOf("none", "lz4", "zstd"), false),
  THREADS("threads", "worker threads for aggregation, 1 to 256",
      Setting::defaultThreads, Setting::threadCount, false),
  CACHE("cache", "keep a file table's Arrow batches in memory after the first scan",
      () -> "false", oneOf("true", "false"), false),
  VECTORIZE("vectorize", "aggregate input, filters and projections on Arrow batches (true) or"
      + " as rows through Calcite's operators (false, for A/B)",
      () -> "true", oneOf("true", "false"), false);

  /** Most worker threads one aggregate may use (each has its own hash table). */
  public static final int MAX_THREADS = 256;

  /** Share of the machine's physical memory a query may use by default. */
  static final double DEFAULT_MEMORY_FRACTION = 0.5;

  private final String key;
  private final String description;
  private final Supplier<String> defaultValue;
  private final UnaryOperator<String> normalizer;
  private final boolean connectOnly;

  Setting(String key, String description, Supplier<String> defaultValue,
      UnaryOperator<String> normalizer, boolean connectOnly) {
    this.key = key;
    this.description = description;
    this.defaultValue = defaultValue;
    this.normalizer = normalizer;
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

  String defaultValue() {
    return defaultValue.get();
  }

  /**
   * Checks a value and returns its canonical text.
   *
   * @throws IllegalArgumentException naming the setting and the accepted values
   */
  String normalize(String value) {
    try {
      return normalizer.apply(value.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid value for setting '" + key + "': "
          + e.getMessage(), e);
    }
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

  private static UnaryOperator<String> oneOf(String... allowed) {
    return v -> {
      String lower = v.toLowerCase(Locale.ROOT);
      for (String a : allowed) {
        if (a.equals(lower)) {
          return a;
        }
      }
      throw new IllegalArgumentException("'" + v + "' (valid values: "
          + String.join(", ", allowed) + ")");
    };
  }

  private static String powerOfTwo(String v) {
    int n = positiveInteger(v);
    if (Integer.bitCount(n) != 1 || n > (1 << 20)) {
      throw new IllegalArgumentException("'" + v + "' (must be a power of two from 1 to 1048576)");
    }
    return Integer.toString(n);
  }

  private static String defaultThreads() {
    return Integer.toString(Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()));
  }

  private static String threadCount(String v) {
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      n = 0;
    }
    if (n < 1 || n > MAX_THREADS) {
      throw new IllegalArgumentException("'" + v + "' (must be an integer from 1 to "
          + MAX_THREADS + ")");
    }
    return Integer.toString(n);
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

  private static String byteSize(String v) {
    long n = ByteSize.parse(v);
    if (n <= 0) {
      throw new IllegalArgumentException("'" + v + "' (must be more than 0 bytes)");
    }
    return Long.toString(n);
  }

  private static String directory(String v) {
    if (v.isEmpty()) {
      return v;
    }
    Path p = Path.of(v);
    if (!Files.isDirectory(p)) {
      throw new IllegalArgumentException("'" + v + "' is not an existing directory");
    }
    return p.toAbsolutePath().normalize().toString();
  }

  private static String defaultMemoryLimit() {
    long physical = ((com.sun.management.OperatingSystemMXBean)
        ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    return Long.toString((long) (physical * DEFAULT_MEMORY_FRACTION));
  }
}
