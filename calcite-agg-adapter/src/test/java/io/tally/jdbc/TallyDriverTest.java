package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.exec.AggregateConfig;
import io.tally.session.Setting;
import io.tally.session.TallySession;
import io.tally.session.TallySettings;
import io.tally.spill.SpillOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tests URL, Properties and SET/RESET handling of the {@code jdbc:tally:} driver. */
class TallyDriverTest {
    private static TallySettings settings(Connection c) {
        return TallySession.of(c).settings();
    }

    @Test
    void defaultsWhenUrlIsBare() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:tally:")) {
            TallySettings s = settings(c);
            assertEquals(TallySettings.Aggregate.BLOCKED, s.aggregate());
            assertEquals(AggregateConfig.EmitMode.BLOCKED, s.emit());
            assertEquals(8192, s.blockSize());
            assertEquals(SpillOptions.Format.COLUMNS, s.spillFormat());
            assertEquals(SpillOptions.Compression.NONE, s.spillCompression());
            assertEquals(Runtime.getRuntime().availableProcessors(), s.threads());
            assertTrue(s.memoryLimit() > 0);
            assertNull(s.data());
        }
    }

    @Test
    void urlAndPropertiesAreRead(@TempDir Path dir) throws SQLException {
        Properties p = new Properties();
        p.setProperty("EMIT", "ALL");
        p.setProperty("memory_limit", "256MB");
        try (Connection c =
                DriverManager.getConnection(
                        "jdbc:tally:aggregate=calcite;block_size=2;spill_dir=" + dir, p)) {
            TallySettings s = settings(c);
            assertEquals(TallySettings.Aggregate.CALCITE, s.aggregate());
            assertEquals(AggregateConfig.EmitMode.ALL, s.emit());
            assertEquals(2, s.blockSize());
            assertEquals(256L << 20, s.memoryLimit());
            assertEquals(dir.toAbsolutePath(), s.spillDir());
        }
    }

    @Test
    void setAndResetChangeOneConnectionOnly() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:tally:block_size=16");
                Connection other = DriverManager.getConnection("jdbc:tally:");
                Statement st = c.createStatement()) {
            st.execute("SET block_size = 4");
            st.execute("SET memory_limit = '2GB'");
            st.execute("SET emit = 'all'");
            st.execute("SET aggregate = calcite");
            assertEquals(4, settings(c).blockSize());
            assertEquals(2L << 30, settings(c).memoryLimit());
            assertEquals(AggregateConfig.EmitMode.ALL, settings(c).emit());
            assertEquals(TallySettings.Aggregate.CALCITE, settings(c).aggregate());
            assertEquals(8192, settings(other).blockSize());
            st.execute("RESET block_size");
            assertEquals(16, settings(c).blockSize());
            st.execute("RESET ALL");
            assertEquals(AggregateConfig.EmitMode.BLOCKED, settings(c).emit());
        }
    }

    @Test
    void badSettingsNameKeyAndValidValues() throws SQLException {
        SQLException e =
                assertThrows(
                        SQLException.class,
                        () -> DriverManager.getConnection("jdbc:tally:blok_size=4"));
        assertTrue(
                e.getMessage().contains("blok_size") && e.getMessage().contains("block_size"),
                e.getMessage());
        e =
                assertThrows(
                        SQLException.class,
                        () -> DriverManager.getConnection("jdbc:tally:block_size=3"));
        for (String bad : new String[] {"0", "257", "-1", "four"}) {
            SQLException t =
                    assertThrows(
                            SQLException.class,
                            () -> DriverManager.getConnection("jdbc:tally:threads=" + bad));
            assertTrue(
                    t.getMessage().contains("'threads'") && t.getMessage().contains("1 to 256"),
                    t.getMessage());
        }
        assertTrue(
                e.getMessage().contains("block_size") && e.getMessage().contains("power of two"),
                e.getMessage());
        e =
                assertThrows(
                        SQLException.class,
                        () -> DriverManager.getConnection("jdbc:tally:emit=some"));
        assertTrue(e.getMessage().contains("blocked, all"), e.getMessage());
        e =
                assertThrows(
                        SQLException.class,
                        () -> DriverManager.getConnection("jdbc:tally:data=/no/such/dir"));
        assertTrue(e.getMessage().contains("/no/such/dir"), e.getMessage());
        try (Connection c = DriverManager.getConnection("jdbc:tally:");
                Statement st = c.createStatement()) {
            e = assertThrows(SQLException.class, () -> st.execute("SET memory_limit = 'lots'"));
            assertTrue(e.getMessage().contains("memory_limit"), e.getMessage());
            e = assertThrows(SQLException.class, () -> st.execute("SET colour = 'red'"));
            assertTrue(e.getMessage().contains("valid settings"), e.getMessage());
            e = assertThrows(SQLException.class, () -> st.execute("SET data = '/tmp'"));
            assertTrue(e.getMessage().contains("connecting"), e.getMessage());
        }
    }

    @Test
    void sqlConventions() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:tally:");
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery(
                                "SELECT SUM(x) AS Total, AVG(x) AS mean, COUNT(*) AS n"
                                        + " FROM (VALUES (1), (2)) AS t(X)")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals("Total", md.getColumnLabel(1));
            assertEquals("BIGINT", md.getColumnTypeName(1));
            assertEquals("DOUBLE", md.getColumnTypeName(2));
            assertEquals("BIGINT", md.getColumnTypeName(3));
            assertTrue(rs.next());
            assertEquals(3L, rs.getLong(1));
            assertEquals(1.5, rs.getDouble(2));
        }
    }

    @Test
    void showListsSettingsAndTables() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:tally:block_size=64");
                Statement st = c.createStatement()) {
            try (ResultSet rs = st.executeQuery("SHOW block_size")) {
                assertTrue(rs.next());
                assertEquals("block_size", rs.getString("name"));
                assertEquals("64", rs.getString("value"));
            }
            st.execute("SET emit = 'all'");
            int settings = 0;
            try (ResultSet rs = st.executeQuery("SHOW ALL")) {
                while (rs.next()) {
                    settings++;
                    if (rs.getString(1).equals("emit")) {
                        assertEquals("all", rs.getString(2));
                    }
                }
            }
            assertEquals(Setting.values().length, settings);
            try (ResultSet rs = st.executeQuery("show tables")) {
                assertTrue(rs.next());
                assertEquals("h2o", rs.getString(1));
                assertTrue(rs.next());
                assertEquals("lineitem", rs.getString(1));
            }
            SQLException e = assertThrows(SQLException.class, () -> st.executeQuery("SHOW colour"));
            assertTrue(e.getMessage().contains("valid settings"), e.getMessage());
        }
    }

    @Test
    void metadataListsTablesAndColumns(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("Sales.csv"), "id,Region,amount\n1,north,2.5\n");
        try (Connection c = DriverManager.getConnection("jdbc:tally:data=" + dir)) {
            DatabaseMetaData md = c.getMetaData();
            assertEquals("Tally", md.getDatabaseProductName());
            try (ResultSet rs = md.getTables(null, "main", "%", null)) {
                assertTrue(rs.next());
                assertEquals("Sales", rs.getString("TABLE_NAME"));
            }
            StringBuilder cols = new StringBuilder();
            try (ResultSet rs = md.getColumns(null, "main", "Sales", "%")) {
                while (rs.next()) {
                    cols.append(rs.getString("COLUMN_NAME"))
                            .append(':')
                            .append(rs.getString("TYPE_NAME"))
                            .append(' ');
                }
            }
            assertEquals("id:BIGINT Region:VARCHAR amount:DOUBLE ", cols.toString());
            try (Statement st = c.createStatement();
                    ResultSet rs =
                            st.executeQuery(
                                    "SELECT region, SUM(AMOUNT) FROM sales GROUP BY REGION")) {
                assertTrue(rs.next());
                assertEquals("north", rs.getString(1));
            }
        }
    }
}
