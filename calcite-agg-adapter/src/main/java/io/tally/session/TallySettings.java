package io.tally.session;

import io.tally.exec.AggregateConfig;
import io.tally.spill.SpillOptions;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * The typed, mutable settings of one Tally connection: defaults, overridden by URL/properties at
 * connect time and by {@code SET key = value} / {@code RESET key} afterwards. Every value is
 * checked and parsed once, when it is given ({@link Setting#parse}); the getters return it typed.
 */
public final class TallySettings {
    /** Aggregate operator choice (read by the planner only). */
    public enum Aggregate {
        BLOCKED,
        CALCITE
    }

    /** Which files SQL may reach: any, or only the data directory ({@code file_access}). */
    public enum FileAccessMode {
        ANY,
        DATA
    }

    private final Map<Setting, Object> values = new EnumMap<>(Setting.class);
    private final Map<Setting, Object> connectValues = new EnumMap<>(Setting.class);

    private TallySettings() {}

    /** Every setting at its default. */
    public static TallySettings defaults() {
        return new TallySettings();
    }

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
                s.connectValues.put(setting, parsed(setting, info.getProperty(name)));
            }
        }
        s.values.putAll(s.connectValues);
        return s;
    }

    /** Applies {@code SET key = value}. */
    public synchronized void set(String key, String value) throws SQLException {
        Setting setting = require(key);
        if (setting.connectOnly()) {
            throw new SQLException(
                    "Setting '"
                            + setting.key()
                            + "' can only be given when connecting"
                            + " (in the JDBC URL), not by SET");
        }
        if (setting == Setting.SPILL_DIR && dataOnly()) {
            throw new SQLException(
                    "Setting 'spill_dir' cannot be changed on this connection"
                            + " (file_access=data: it may reach no directory but its data)");
        }
        values.put(setting, parsed(setting, value));
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

    /**
     * The settings as they are now, equal to another snapshot exactly when every setting has the
     * same value (what a cached plan is keyed by).
     */
    public synchronized Map<Setting, Object> snapshot() {
        return Collections.unmodifiableMap(new EnumMap<>(values));
    }

    /** The current canonical text of a setting (its default if never set). */
    public String get(Setting setting) {
        return setting.print(value(setting));
    }

    private synchronized Object value(Setting setting) {
        return values.containsKey(setting) ? values.get(setting) : setting.defaultValue();
    }

    /** The data directory, or null for the built-in demo schema. */
    public Path data() {
        return (Path) value(Setting.DATA);
    }

    public Aggregate aggregate() {
        return (Aggregate) value(Setting.AGGREGATE);
    }

    public AggregateConfig.EmitMode emit() {
        return (AggregateConfig.EmitMode) value(Setting.EMIT);
    }

    public int blockSize() {
        return (Integer) value(Setting.BLOCK_SIZE);
    }

    public long memoryLimit() {
        return (Long) value(Setting.MEMORY_LIMIT);
    }

    /** Whether {@code memory_limit} is its default (neither given when connecting nor SET). */
    public synchronized boolean memoryLimitIsDefault() {
        return !values.containsKey(Setting.MEMORY_LIMIT);
    }

    public Path spillDir() {
        return (Path) value(Setting.SPILL_DIR);
    }

    public SpillOptions.Format spillFormat() {
        return (SpillOptions.Format) value(Setting.SPILL_FORMAT);
    }

    public SpillOptions.Compression spillCompression() {
        return (SpillOptions.Compression) value(Setting.SPILL_COMPRESSION);
    }

    public int threads() {
        return (Integer) value(Setting.THREADS);
    }

    public boolean cache() {
        return (Boolean) value(Setting.CACHE);
    }

    /** Whether plans may evaluate aggregate inputs, filters and projections on Arrow batches. */
    public boolean vectorize() {
        return (Boolean) value(Setting.VECTORIZE);
    }

    /** Whether SQL on this connection may reach only its data directory ({@code file_access}). */
    public boolean dataOnly() {
        return value(Setting.FILE_ACCESS) == FileAccessMode.DATA;
    }

    private static Setting require(String key) throws SQLException {
        Setting setting = Setting.lookup(key);
        if (setting == null) {
            throw new SQLException(
                    "Unknown setting '" + key + "' (valid settings: " + Setting.validKeys() + ")");
        }
        return setting;
    }

    private static Object parsed(Setting setting, String value) throws SQLException {
        try {
            return setting.parse(value);
        } catch (IllegalArgumentException e) {
            throw new SQLException(e.getMessage(), e);
        }
    }
}
