package io.tally.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.tally.jdbc.ExplainAnalyzeJson;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Aggregates with DISTINCT spill their (group, value) pairs by the hash of both, so even one group
 * with a huge distinct set (a global aggregate) can be split until it fits: the global two-DISTINCT
 * query answers under 8 MB in both spill formats, and grouped DISTINCT answers under a small limit
 * equal the answers without one.
 */
class DistinctSpillTest {
    private static final String GLOBAL =
            "SELECT COUNT(DISTINCT number % 700001) AS u,"
                    + " COUNT(DISTINCT 'http://x/' || CAST(number * 7 AS VARCHAR)) AS url, COUNT(*) AS n"
                    + " FROM TABLE(numbers(1000000))";
    private static final String GROUPED =
            "SELECT number % 1000 AS k,"
                    + " COUNT(DISTINCT number % 7919) AS a, SUM(DISTINCT number % 313) AS b, COUNT(*) AS c,"
                    + " SUM(number) AS d, AVG(DISTINCT number % 11) AS e FROM TABLE(numbers(600000))"
                    + " GROUP BY number % 1000 ORDER BY k";

    @ParameterizedTest
    @ValueSource(strings = {"columns", "binary"})
    void globalTwoDistinctAnswersUnderEightMegabytes(String format, @TempDir Path spill)
            throws Exception {
        String url =
                "jdbc:tally:memory_limit=8MB;threads=1;spill_format="
                        + format
                        + ";spill_dir="
                        + spill;
        try (Connection c = DriverManager.getConnection(url)) {
            assertEquals("700001|1000000|1000000\n", Sql.text(c, GLOBAL));
            JsonNode aggregate =
                    ExplainAnalyzeJson.operators(
                                    ExplainAnalyzeJson.explain(c, GLOBAL),
                                    "EnumerableBlockedAggregate")
                            .get(0);
            assertTrue(
                    aggregate.get("metrics").get("spill_files").asLong() > 0,
                    "the DISTINCT pairs must have spilled: " + aggregate);
        }
        Sql.assertReleased(spill);
    }

    @ParameterizedTest
    @ValueSource(strings = {"spill_format=columns", "spill_format=binary", "vectorize=false"})
    void groupedDistinctSpillsAndAnswersAsWithoutALimit(String settings, @TempDir Path spill)
            throws Exception {
        String expected;
        try (Connection c = DriverManager.getConnection("jdbc:tally:")) {
            expected = Sql.text(c, GROUPED);
        }
        try (Connection c =
                DriverManager.getConnection(
                        "jdbc:tally:memory_limit=4MB;threads=1;"
                                + settings
                                + ";spill_dir="
                                + spill)) {
            assertEquals(expected, Sql.text(c, GROUPED));
            JsonNode aggregate =
                    ExplainAnalyzeJson.operators(
                                    ExplainAnalyzeJson.explain(c, GROUPED),
                                    "EnumerableBlockedAggregate")
                            .get(0);
            assertTrue(
                    aggregate.get("metrics").get("spill_files").asLong() > 0, aggregate.toString());
        }
        assertEquals(1000, expected.lines().count());
        assertTrue(expected.startsWith("0|600|48828|600|179700000|5.0\n"), expected);
        Sql.assertReleased(spill);
    }
}
