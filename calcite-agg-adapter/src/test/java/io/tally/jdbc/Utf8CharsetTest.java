package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.apache.calcite.util.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UTF-8 is the default character set: literals outside Latin-1 are accepted and compare, group and
 * concatenate with UTF-8 data on both input paths (saffron.properties in the adapter jar).
 */
class Utf8CharsetTest {
    @Test
    void calciteDefaultCharsetIsUtf8() {
        assertEquals(StandardCharsets.UTF_8, Util.getDefaultCharset());
    }

    @Test
    void nonLatinLiteralsAreAccepted() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:tally:");
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT '東京都' AS city, CHAR_LENGTH('東京都') AS n,"
                                        + " UPPER('zürich') AS u, N'ÅÄÖ' AS nat, '東京' || '都' = '東京都' AS joined")) {
            assertTrue(rs.next());
            assertEquals("東京都", rs.getString("city"));
            assertEquals(3, rs.getInt("n"));
            assertEquals("ZÜRICH", rs.getString("u"));
            assertEquals("ÅÄÖ", rs.getString("nat"));
            assertTrue(rs.getBoolean("joined"));
            assertFalse(rs.next());
        }
    }

    @Test
    void utf8DataMeetsUtf8Literals(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve("cities.csv"),
                "city,n\n東京都,1\nZürich,2\n東京都,3\nΑθήνα,4\n",
                StandardCharsets.UTF_8);
        for (String vectorize : List.of("true", "false")) {
            try (Connection c =
                            DriverManager.getConnection(
                                    "jdbc:tally:data=" + dir + ";vectorize=" + vectorize);
                    Statement s = c.createStatement()) {
                assertEquals(
                        List.of("東京都|4|2"),
                        rows(
                                s,
                                "SELECT city, SUM(n), COUNT(*) FROM cities"
                                        + " WHERE city = '東京都' GROUP BY city"),
                        vectorize);
                assertEquals(
                        List.of("Zürich市|2", "Αθήνα市|4"),
                        rows(
                                s,
                                "SELECT city || '市', n"
                                        + " FROM cities WHERE city LIKE '%ü%' OR city LIKE 'Α%' ORDER BY n"),
                        vectorize);
                assertEquals(
                        List.of("東京都・東京都"),
                        rows(
                                s,
                                "SELECT LISTAGG(city, '・') FROM cities"
                                        + " WHERE city <> 'Zürich' AND n < 4"),
                        vectorize);
            }
        }
    }

    /** The rows of {@code sql}, each as its columns joined by {@code |}. */
    static List<String> rows(Statement s, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(i > 1 ? "|" : "").append(rs.getString(i));
                }
                out.add(b.toString());
            }
        }
        return out;
    }
}
