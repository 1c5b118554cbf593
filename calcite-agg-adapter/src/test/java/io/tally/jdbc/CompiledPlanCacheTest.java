package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
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
                    assertEquals(List.of("2|9"), rows(s, String.format(shape, "a", 1)), vectorize);
                    assertEquals(List.of("2|60"), rows(s, String.format(shape, "b", 1)), vectorize);
                    assertEquals(List.of("1|7"), rows(s, String.format(shape, "a", 2)), vectorize);
                    assertEquals(List.of("2|61"), rows(s, String.format(shape, "b", 0)), vectorize);
                }
                // the case the cache must get right: statements sharing one compiled class (row
                // code inlines the filter's literal, so only a and b under one filter share there)
                assertEquals(4, sources.size(), vectorize);
                assertTrue(sources.stream().distinct().count() <= 3, vectorize);
            }
        }
    }

    private static List<String> rows(Statement s, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    row.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }
}
