package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.catalog.TallySchema;
import io.tally.memory.EngineMemory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.jdbc.CalciteConnection;
import org.apache.calcite.schema.SchemaPlus;

/**
 * Runs SQL over a {@link TallySchema} for tests: through plain Calcite JDBC, or through Tally's
 * driver ({@link #tally}) with its type system, validator and plan fixes.
 */
public final class SqlFixture implements AutoCloseable {
    private final Connection connection;

    /**
     * SQL over {@code directory} through Tally's own driver (its checked arithmetic, its planner),
     * with Calcite's row operators wherever Tally's rules are switched off.
     */
    public static SqlFixture tally(Path directory) throws SQLException {
        return new SqlFixture(
                DriverManager.getConnection("jdbc:tally:threads=1;data=" + directory));
    }

    private SqlFixture(Connection connection) {
        this.connection = connection;
    }

    public SqlFixture(Path directory) throws SQLException {
        connection = DriverManager.getConnection("jdbc:calcite:lex=JAVA;caseSensitive=false");
        CalciteConnection calcite = connection.unwrap(CalciteConnection.class);
        SchemaPlus schema = calcite.getRootSchema().add("s", TallySchema.forDirectory(directory));
        schema.setCacheEnabled(false);
        calcite.setSchema("s");
    }

    /** All rows, each as a list of {@code getString} values (null stays null). */
    public List<List<String>> strings(String sql) throws SQLException {
        return strings(connection, sql);
    }

    /**
     * All rows of {@code sql} run on {@code connection}, each as a list of {@code getString}
     * values.
     */
    public static List<List<String>> strings(Connection connection, String sql)
            throws SQLException {
        List<List<String>> rows = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<String> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getString(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** All rows, each as a list of {@code getObject} values. */
    public List<List<Object>> objects(String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                List<Object> row = new ArrayList<>(n);
                for (int i = 1; i <= n; i++) {
                    row.add(rs.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** Column name and SQL type name of a query's result, as "name TYPE" strings. */
    public List<String> columns(String sql) throws SQLException {
        List<String> columns = new ArrayList<>();
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                columns.add(
                        rs.getMetaData().getColumnName(i)
                                + " "
                                + rs.getMetaData().getColumnTypeName(i));
            }
        }
        return columns;
    }

    /** The physical plan text of {@code EXPLAIN PLAN FOR sql}. */
    public String explain(String sql) throws SQLException {
        StringBuilder plan = new StringBuilder();
        for (List<String> row : strings("EXPLAIN PLAN FOR " + sql)) {
            plan.append(row.get(0));
        }
        return plan.toString();
    }

    /** Every message in the cause chain, so tests see the root error through JDBC wrapping. */
    public static String messages(Throwable t) {
        StringBuilder b = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            b.append(c.getMessage()).append('\n');
        }
        return b.toString();
    }

    public Connection connection() {
        return connection;
    }

    /** Fails if any Arrow memory or child allocator of the engine root is still open. */
    public static void assertNoArrowMemory() {
        assertEquals(0, EngineMemory.root().getAllocatedMemory(), "outstanding Arrow bytes");
        assertTrue(
                EngineMemory.root().getChildAllocators().isEmpty(),
                () -> "open child allocators: " + EngineMemory.root().getChildAllocators());
    }

    @Override
    public void close() throws SQLException {
        connection.close();
    }
}
