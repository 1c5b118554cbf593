package io.tally.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Overflow is an error on both paths (the row path's checked operators and the vectorized kernels),
 * never a wrapped value: the driver reports it as an SQLException with SQLState 22003 naming the
 * overflow. A sum that still fits answers.
 */
class OverflowTest {
    @ParameterizedTest
    @ValueSource(strings = {"vectorize=true", "vectorize=false"})
    void overflowIsAnArithmeticError(String settings) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tally:" + settings)) {
            for (String sql :
                    new String[] {
                        "SELECT CAST(number AS INTEGER) * 2147483647 AS p FROM TABLE(numbers(3))",
                        "SELECT number + 9223372036854775806 AS p FROM TABLE(numbers(3))",
                        "SELECT SUM(CAST(number AS INTEGER) * 1000000) FROM TABLE(numbers(100000))"
                    }) {
                SQLException e = assertThrows(SQLException.class, () -> Sql.text(c, sql), sql);
                assertEquals("22003", e.getSQLState(), sql + ": " + e);
                assertTrue(
                        arithmeticCause(e) || e.getMessage().contains("overflow"), sql + ": " + e);
            }
            assertEquals(
                    "4999950000000000\n",
                    Sql.text(
                            c,
                            "SELECT SUM(CAST(number AS BIGINT) * 1000000) FROM TABLE(numbers(100000))"));
        }
    }

    private static boolean arithmeticCause(Throwable t) {
        for (; t != null; t = t.getCause()) {
            if (t instanceof ArithmeticException && t.getMessage().contains("overflow")) {
                return true;
            }
        }
        return false;
    }
}
