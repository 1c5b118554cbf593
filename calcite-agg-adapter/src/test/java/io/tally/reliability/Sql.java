package io.tally.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.memory.EngineMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.stream.Stream;

/** Small helpers the reliability tests share: a query's rows as text, and leak checks. */
final class Sql {
    private Sql() {}

    /** Every row of {@code sql}, columns joined by {@code |}, one line per row. */
    static String text(Connection c, String sql) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                for (int i = 1; i <= n; i++) {
                    sb.append(rs.getString(i)).append(i < n ? "|" : "\n");
                }
            }
        }
        return sb.toString();
    }

    /** Files and directories under {@code dir} (not counting it). */
    static long entries(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.filter(p -> !p.equals(dir)).count();
        }
    }

    /** No Arrow byte is allocated and nothing is left in {@code spill}. */
    static void assertReleased(Path spill) throws IOException {
        assertEquals(
                0, EngineMemory.root().getAllocatedMemory(), EngineMemory.root().toVerboseString());
        assertEquals(0, entries(spill), "spill files left in " + spill);
    }
}
