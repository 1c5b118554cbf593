package io.tally.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: runs {@code EXPLAIN ANALYZE AS JSON} and finds operators in the document. The spill
 * tests use {@link #operators} to read an aggregate's {@code spill_write_bytes} and compare it with
 * the sizes of the files written (the "spill bytes equal file sizes" hook).
 */
public final class ExplainAnalyzeJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ExplainAnalyzeJson() {}

    /** The parsed document of {@code EXPLAIN ANALYZE AS JSON query}; asserts it is one row. */
    public static JsonNode explain(Connection connection, String query) throws SQLException {
        try (Statement s = connection.createStatement();
                ResultSet rs = s.executeQuery("EXPLAIN ANALYZE AS JSON " + query)) {
            assertEquals(1, rs.getMetaData().getColumnCount());
            assertEquals("PLAN", rs.getMetaData().getColumnLabel(1));
            assertEquals(true, rs.next(), "EXPLAIN ANALYZE AS JSON returned no row");
            String json = rs.getString(1);
            assertFalse(rs.next(), "EXPLAIN ANALYZE AS JSON returned more than one row");
            try {
                return MAPPER.readTree(json);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + json, e);
            }
        }
    }

    /** Every operator named {@code operator} in the tree under {@code node}, in pre-order. */
    public static List<JsonNode> operators(JsonNode node, String operator) {
        List<JsonNode> found = new ArrayList<>();
        collect(node, operator, found);
        return found;
    }

    /** Every operator in the tree under {@code node}, in pre-order. */
    public static List<JsonNode> all(JsonNode node) {
        return operators(node, null);
    }

    private static void collect(JsonNode node, String operator, List<JsonNode> found) {
        if (operator == null || operator.equals(node.get("operator").asText())) {
            found.add(node);
        }
        for (JsonNode input : node.get("inputs")) {
            collect(input, operator, found);
        }
    }

    /** The single operator named {@code operator} under {@code node}. */
    public static JsonNode only(JsonNode node, String operator) {
        List<JsonNode> found = operators(node, operator);
        assertEquals(1, found.size(), "operators named " + operator + " in " + node);
        return found.get(0);
    }
}
