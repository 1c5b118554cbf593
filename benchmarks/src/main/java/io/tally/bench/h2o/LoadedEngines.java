package io.tally.bench.h2o;

import io.tally.bench.sql.Engine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.apache.commons.io.file.PathUtils;

/**
 * The comparison engines that load the h2o table from the generated CSV (DuckDB's JDBC driver has
 * no Arrow IPC reader without a network extension install): DuckDB with {@code threads} set to
 * Tally's, in memory, or under a memory limit on a file database in a fresh directory (its {@code
 * temp_directory} inside) so it can spill; and H2 in memory. Column types are given explicitly,
 * matching the Arrow schema (VARCHAR ids 1-3, INT ids 4-6 and v1-v2, DOUBLE v3).
 */
final class LoadedEngines {
    static final String TABLE = "x";
    private static final String COLUMNS =
            "id1 VARCHAR, id2 VARCHAR, id3 VARCHAR, id4 INTEGER, id5 INTEGER, "
                    + "id6 INTEGER, v1 INTEGER, v2 INTEGER, v3 DOUBLE";

    private LoadedEngines() {}

    static Engine duckdb(Path csv, int threads) {
        return duckdb(csv, threads, OptionalLong.empty(), null);
    }

    /**
     * DuckDB with {@code threads}; with a memory limit (bytes, given to DuckDB in bytes: DuckDB
     * reads {@code 1GB} as 10^9 bytes, Tally as 2^30) it runs on the file {@code h2o.duckdb} in a
     * new directory under {@code tempParent}, spilling into {@code tmp} there, and {@link
     * Engine#release} deletes that directory.
     */
    static Engine duckdb(Path csv, int threads, OptionalLong memoryLimit, Path tempParent) {
        List<String> setup = new ArrayList<>();
        setup.add("SET threads = " + threads);
        String url = "jdbc:duckdb:";
        Path dir = null;
        if (memoryLimit.isPresent()) {
            try {
                dir = Files.createTempDirectory(tempParent, "duckdb-");
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "cannot create DuckDB's directory under " + tempParent, e);
            }
            url = "jdbc:duckdb:" + dir.resolve("h2o.duckdb");
            setup.add("SET memory_limit = '" + memoryLimit.getAsLong() + "B'");
            setup.add("SET temp_directory = '" + sqlString(dir.resolve("tmp")) + "'");
        }
        setup.add(
                "CREATE TABLE "
                        + TABLE
                        + " AS SELECT * FROM read_csv('"
                        + sqlString(csv)
                        + "', header = true, columns = {'id1': 'VARCHAR', 'id2': 'VARCHAR', 'id3': 'VARCHAR', "
                        + "'id4': 'INTEGER', 'id5': 'INTEGER', 'id6': 'INTEGER', 'v1': 'INTEGER', 'v2': 'INTEGER', "
                        + "'v3': 'DOUBLE'})");
        if (dir != null) {
            setup.add("CHECKPOINT");
        }
        return loaded("duckdb", url, setup.toArray(String[]::new), dir);
    }

    static Engine h2(Path csv) {
        // OPTIMIZE_REUSE_RESULTS off: H2 would otherwise answer the timed second run from its
        // result cache
        return loaded(
                "h2",
                "jdbc:h2:mem:h2o_bench;DB_CLOSE_DELAY=0;OPTIMIZE_REUSE_RESULTS=FALSE",
                new String[] {
                    "CREATE TABLE "
                            + TABLE
                            + " ("
                            + COLUMNS
                            + ") AS SELECT * FROM CSVREAD('"
                            + sqlString(csv)
                            + "', NULL, 'charset=UTF-8')"
                },
                null);
    }

    private static String sqlString(Path p) {
        return p.toAbsolutePath().toString().replace("'", "''");
    }

    /**
     * An engine that runs {@code setup} on connect; {@code dir}, when not null, is deleted on
     * release.
     */
    private static Engine loaded(String label, String url, String[] setup, Path dir) {
        return new Engine() {
            @Override
            public String label() {
                return label;
            }

            @Override
            public Connection connect() throws SQLException {
                Connection c = DriverManager.getConnection(url);
                try (Statement s = c.createStatement()) {
                    for (String sql : setup) {
                        s.execute(sql);
                    }
                } catch (SQLException e) {
                    c.close();
                    throw new SQLException(
                            label + " could not load the h2o table: " + e.getMessage(), e);
                }
                return c;
            }

            @Override
            public String table(String table) {
                return TABLE;
            }

            @Override
            public void release() {
                if (dir != null) {
                    try {
                        PathUtils.deleteDirectory(dir);
                    } catch (IOException e) {
                        throw new UncheckedIOException(
                                "cannot delete DuckDB's directory " + dir, e);
                    }
                }
            }
        };
    }
}
