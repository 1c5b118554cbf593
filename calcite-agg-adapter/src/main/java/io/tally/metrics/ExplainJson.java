package io.tally.metrics;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;

/**
 * Renders a {@link QueryProfile} as the JSON document of {@code EXPLAIN ANALYZE AS JSON}: each
 * operator is {@code {"operator", "attributes", "metrics", "inputs"}} with the metric keys of
 * {@link ExplainMetrics} (null for figures an operator does not track). The schema is documented in
 * the README's "EXPLAIN ANALYZE" section.
 */
public final class ExplainJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ExplainJson() {}

    /** The document, pretty-printed. */
    public static String render(QueryProfile profile) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter()
                    .writeValueAsString(tree(profile, profile.root()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write EXPLAIN ANALYZE JSON", e);
        }
    }

    private static ObjectNode tree(QueryProfile profile, ProfileNode node) {
        ObjectNode json = MAPPER.createObjectNode();
        json.put("operator", node.operator());
        ObjectNode attributes = json.putObject("attributes");
        node.attributes().forEach(attributes::put);
        ObjectNode metrics = json.putObject("metrics");
        for (Map.Entry<String, Object> e :
                ExplainMetrics.of(node, profile.stats(node)).entrySet()) {
            Object v = e.getValue();
            if (v == null) {
                metrics.putNull(e.getKey());
            } else if (v instanceof Double) {
                metrics.put(e.getKey(), (Double) v);
            } else if (v instanceof String) {
                metrics.put(e.getKey(), (String) v);
            } else {
                metrics.put(e.getKey(), (Long) v);
            }
        }
        ArrayNode inputs = json.putArray("inputs");
        for (ProfileNode input : node.inputs()) {
            inputs.add(tree(profile, input));
        }
        return json;
    }
}
