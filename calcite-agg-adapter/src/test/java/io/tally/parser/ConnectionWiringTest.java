package io.tally.parser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * Shows how a connection uses Tally's parser: Calcite's {@code parserFactory} connection property
 * names {@code io.tally.parser.TallySqlParserImpl#FACTORY}. A column named SHOW (reserved by
 * Calcite's stock parser) proves the factory is in use.
 */
class ConnectionWiringTest {
    private static final String QUERY =
            "SELECT show + analyze AS tables FROM (VALUES (1, 2), (3, 4)) AS t(show, analyze)";

    @Test
    void parserFactoryConnectionProperty() throws SQLException {
        String url = "jdbc:calcite:parserFactory=io.tally.parser.TallySqlParserImpl#FACTORY";
        try (Connection c = DriverManager.getConnection(url);
                Statement s = c.createStatement();
                ResultSet r = s.executeQuery(QUERY)) {
            assertEquals("TABLES", r.getMetaData().getColumnLabel(1));
            assertTrue(r.next());
            assertEquals(3, r.getInt(1));
            assertTrue(r.next());
            assertEquals(7, r.getInt(1));
            assertFalse(r.next());
        }
    }

    @Test
    void stockParserRejectsTheSameQuery() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:calcite:");
                Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(QUERY));
            assertTrue(
                    e.getMessage().contains("Encountered \"show\" at line 1, column 8"),
                    e.getMessage());
        }
    }
}
