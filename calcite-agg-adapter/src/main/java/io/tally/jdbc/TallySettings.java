package io.tally.jdbc;

import java.nio.file.Path;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * The typed, mutable settings of one Tally connection: defaults, overridden by URL/properties at
 * connect time and by {@code SET key = value} / {@code RESET key} afterwards.
 */
public final class TallySettings {
  /** Aggregate operator choice. */
  public enum Aggregate { BLOCKED, CALCITE }

  /** Aggregate output mode. */
  public enum Emit { BLOCKED, ALL }

  /** Spilled aggregate-state layout. */
  public enum SpillFormat { COLUMNS, BINARY }

  /** Spill file compression. */
  public enum Compression { NONE, LZ4, ZSTD }

  private final Map<Setting, String> values = new EnumMap<>(Setting.class);
  private final Map<Setting, String> connectValues = new EnumMap<>(Setting.class);

  private TallySettings() {}

  /**
   * Reads the Tally keys among connection properties; other keys are left to Calcite.
   *
   * @throws SQLException if a Tally value is invalid
   */
  public static TallySettings fromProperties(Properties info) throws SQLException {
    TallySettings s = new TallySettings();
    for (String name : info.stringPropertyNames()) {
      Setting setting = Setting.lookup(name);
      if (setting != null) {
        s.connectValues.put(setting, s.checked(setting, info.getProperty(name)));
      }
    }
    s.values.putAll(s.connectValues);
    return s;
  }

  /** Applies {@code SET key = value}. */
  public synchronized void set(String key, String value) throws SQLException {
    Setting setting = require(key);
    if (setting.connectOnly()) {
      throw new SQLException("Setting '" + setting.key() + "' can only be given when connecting"
          + " (in the JDBC URL), not by SET");
    }
    values.put(setting, checked(setting, value));
  }

  /** Applies {@code RESET key}: back to the value given at connect time, or the default. */
  public synchronized void reset(String key) throws SQLException {
    Setting setting = require(key);
    if (connectValues.containsKey(setting)) {
      values.put(setting, connectValues.get(setting));
    } else {
      values.remove(setting);
    }
  }

  /** Applies {@code RESET ALL}. */
  public synchronized void resetAll() {
    values.clear();
    values.putAll(connectValues);
  }

  /** The current canonical text of a setting (its default if never set). */
  public synchronized String get(Setting setting) {
    String v = values.get(setting);
    return v != null ? v : setting.defaultValue();
  }

  /** The data directory, or null for the built-in demo schema. */
  public Path data() {
    String v = get(Setting.DATA);
    return v.isEmpty() ? null : Path.of(v);
  }

  public Aggregate aggregate() {
    return Aggregate.valueOf(upper(Setting.AGGREGATE));
  }

  public Emit emit() {
    return Emit.valueOf(upper(Setting.EMIT));
  }

  public int blockSize() {
    return Integer.parseInt(get(Setting.BLOCK_SIZE));
  }

  public long memoryLimit() {
    return Long.parseLong(get(Setting.MEMORY_LIMIT));
  }

  public Path spillDir() {
    return Path.of(get(Setting.SPILL_DIR));
  }

  public SpillFormat spillFormat() {
    return SpillFormat.valueOf(upper(Setting.SPILL_FORMAT));
  }

  public Compression spillCompression() {
    return Compression.valueOf(upper(Setting.SPILL_COMPRESSION));
  }

  public int threads() {
    return Integer.parseInt(get(Setting.THREADS));
  }

  public boolean cache() {
    return Boolean.parseBoolean(get(Setting.CACHE));
  }

  /** Whether plans may evaluate aggregate inputs, filters and projections on Arrow batches. */
  public boolean vectorize() {
    return Boolean.parseBoolean(get(Setting.VECTORIZE));
  }

  private String upper(Setting s) {
    return get(s).toUpperCase(Locale.ROOT);
  }

  private static Setting require(String key) throws SQLException {
    Setting setting = Setting.lookup(key);
    if (setting == null) {
      throw new SQLException("Unknown setting '" + key + "' (valid settings: "
          + Setting.validKeys() + ")");
    }
    return setting;
  }

  private String checked(Setting setting, String value) throws SQLException {
    try {
      return setting.normalize(value);
    } catch (IllegalArgumentException e) {
      throw new SQLException(e.getMessage(), e);
    }
  }
}
