package io.tally.bench.sql;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.OptionalInt;
import java.util.Properties;

/**
 * A database under test: how to open it and the name its benchmark table has there. Tally engines
 * read the generated Arrow files of a data directory (with {@code cache=true} repeated queries find
 * the batches in memory, like the other engines' in-memory tables).
 */
public interface Engine {
    /** Short label used as a column name, e.g. {@code tally}, {@code calcite}, {@code duckdb}. */
    String label();

    /** Opens a connection; loads data if the engine needs it (timed separately by callers). */
    Connection connect() throws SQLException;

    /** The SQL identifier of {@code table} in this engine. */
    String table(String table);

    /**
     * Statements run once right after {@link #connect}, timed as part of loading (Tally with {@code
     * cache=true}: a scan that reads the file into the cache, as the other engines load their
     * in-memory tables when they connect); none by default.
     */
    default List<String> load(String table) {
        return List.of();
    }

    /** Deletes what the engine kept on disk for this run; called after its connection is closed. */
    default void release() {}

    /**
     * Tally over a data directory with {@code aggregate=blocked|calcite} and {@code cache}; the
     * {@code threads} setting is passed only when present (absent: Tally's default, the cores).
     */
    static Engine tally(
            String label, Path dataDir, String aggregate, OptionalInt threads, boolean cache) {
        return tally(label, tallyProperties(dataDir, aggregate, threads, cache));
    }

    /** Tally with the given connection properties (a copy is taken). */
    static Engine tally(String label, Properties properties) {
        Properties p = (Properties) properties.clone();
        return new Engine() {
            @Override
            public String label() {
                return label;
            }

            @Override
            public Connection connect() throws SQLException {
                return DriverManager.getConnection("jdbc:tally:", p);
            }

            @Override
            public String table(String table) {
                return "\"" + table + "\"";
            }

            @Override
            public List<String> load(String table) {
                return Boolean.parseBoolean(p.getProperty("cache"))
                        ? List.of("SELECT COUNT(*) FROM " + table(table))
                        : List.of();
            }
        };
    }

    /** The connection properties of {@link #tally}: {@code threads} only when present. */
    static Properties tallyProperties(
            Path dataDir, String aggregate, OptionalInt threads, boolean cache) {
        Properties p = new Properties();
        p.setProperty("data", dataDir.toAbsolutePath().toString());
        p.setProperty("aggregate", aggregate);
        p.setProperty("cache", Boolean.toString(cache));
        threads.ifPresent(n -> p.setProperty("threads", Integer.toString(n)));
        return p;
    }
}
