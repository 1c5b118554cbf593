package io.tally.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Checksum rows: integer sums compare exactly whatever type each engine gives them, floating sums
 * within the tolerance, and NULLs, row counts and column lists must match.
 */
class ChecksumTest {
    private static Checksum of(Object... values) {
        List<String> labels = new ArrayList<>(List.of("n"));
        for (int i = 1; i < values.length; i++) {
            labels.add("c" + i);
        }
        return new Checksum(labels, Arrays.stream(values).map(Checksum::normalize).toList());
    }

    @Test
    void integersCompareExactlyAcrossTypes() {
        long big = 1_000_000_000_000L;
        assertNull(of(10L, big).mismatch(of(BigInteger.TEN, BigInteger.valueOf(big))));
        assertNull(of(10L, big).mismatch(of(10, new BigDecimal(big).setScale(2))));
        // one key number off in a sum of 10^12: far below the floating tolerance, still a mismatch
        assertEquals("c1 1000000000000 vs 1000000000001", of(10L, big).mismatch(of(10L, big + 1)));
    }

    @Test
    void doublesCompareWithinTheTolerance() {
        assertNull(of(3L, 1e9).mismatch(of(3L, 1e9 + 1e-3)));
        assertNotNull(of(3L, 1e9).mismatch(of(3L, 1e9 + 1e4)));
        assertNull(of(3L, Double.NaN).mismatch(of(3L, Double.NaN)));
        assertNotNull(of(3L, Double.NaN).mismatch(of(3L, 1.0)));
    }

    @Test
    void rowCountNullsAndColumnsMustMatch() {
        assertEquals("row count 3 vs 4", of(3L, 1L).mismatch(of(4L, 1L)));
        assertEquals("c1 null vs 1", of(3L, null).mismatch(of(3L, 1L)));
        assertNull(of(0L, null).mismatch(of(0L, null)));
        assertTrue(of(3L, 1L).mismatch(of(3L, 1L, 2L)).startsWith("checksum columns"));
        assertThrows(IllegalArgumentException.class, () -> Checksum.normalize("id001"));
    }

    @Test
    void readsExactlyOneRow() throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            try (ResultSet rs =
                    s.executeQuery(
                            "SELECT COUNT(*) AS N, SUM(x) AS s, SUM(x * 0.5) AS h "
                                    + "FROM range(10) t(x)")) {
                Checksum read = Checksum.read(rs);
                assertEquals(List.of("n", "s", "h"), read.labels());
                assertEquals(List.of(BigInteger.TEN, BigInteger.valueOf(45), 22.5), read.values());
                assertEquals(10, read.rows());
            }
            try (ResultSet rs = s.executeQuery("SELECT x FROM range(2) t(x)")) {
                assertThrows(SQLException.class, () -> Checksum.read(rs));
            }
        }
    }
}
