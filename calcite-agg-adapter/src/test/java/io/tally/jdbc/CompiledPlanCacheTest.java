package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.calcite.config.CalciteSystemProperty;
import org.apache.calcite.runtime.Hook;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compiled plans are reused by their generated source (saffron.properties turns Calcite's cache
 * on): statements whose generated code is the same text still run on their own tables, filters and
 * aggregate calls, because the code reaches those through the statement's DataContext.
 */
class CompiledPlanCacheTest {
    /** Table, filter bound, expected answer: the same shape over other tables and bounds. */
    private static final String[][] RUNS = {
        {"a", "1", "2|9"}, {"b", "1", "2|60"}, {"a", "2", "1|7"}, {"b", "0", "2|61"}
    };

    @Test
    void cacheIsOn() {
        assertTrue(CalciteSystemProperty.BINDABLE_CACHE_MAX_SIZE.value() > 0);
    }

    @Test
    void statementsSharingCompiledCodeKeepTheirOwnTablesAndFilters(@TempDir Path dir)
            throws Exception {
        Files.writeString(
                dir.resolve("a.csv"), "k,v\nx,1\nx,2\ny,3\ny,4\n", StandardCharsets.UTF_8);
        Files.writeString(
                dir.resolve("b.csv"), "k,v\nx,10\nz,20\nz,30\nz,1\n", StandardCharsets.UTF_8);
        for (String vectorize : List.of("true", "false")) {
            try (Connection c =
                            DriverManager.getConnection(
                                    "jdbc:tally:data=" + dir + ";vectorize=" + vectorize);
                    Statement s = c.createStatement()) {
                String shape =
                        "SELECT COUNT(*), SUM(sv) FROM (SELECT k, SUM(v) AS sv FROM %s"
                                + " WHERE v > %d GROUP BY k) t";
                List<String> sources = new ArrayList<>();
                try (Hook.Closeable ignored =
                        Hook.JAVA_PLAN.addThread((Consumer<String>) sources::add)) {
                    for (String[] run : RUNS) {
                        String sql = String.format(shape, run[0], Integer.parseInt(run[1]));
                        assertEquals(List.of(run[2]), Utf8CharsetTest.rows(s, sql), vectorize);
                    }
                }
                // the case the cache must get right: statements sharing one compiled class (row
                // code inlines the filter's literal, so only a and b under one filter share there)
                assertEquals(4, sources.size(), vectorize);
                assertTrue(sources.stream().distinct().count() <= 3, vectorize);
            }
        }
    }
}
