package io.tally.metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One operator of a profiled plan as the planner described it: its id (index into the query's
 * {@link OperatorStats}), operator name, display attributes in order, the planner's row estimate
 * and its inputs. Immutable.
 */
public final class ProfileNode {
    private final int id;
    private final String operator;
    private final Map<String, String> attributes;
    private final double estimatedRows;
    private final List<ProfileNode> inputs;

    public ProfileNode(
            int id,
            String operator,
            Map<String, String> attributes,
            double estimatedRows,
            List<ProfileNode> inputs) {
        this.id = id;
        this.operator = operator;
        this.attributes = Collections.unmodifiableMap(new LinkedHashMap<>(attributes));
        this.estimatedRows = estimatedRows;
        this.inputs = List.copyOf(inputs);
    }

    public int id() {
        return id;
    }

    public String operator() {
        return operator;
    }

    public Map<String, String> attributes() {
        return attributes;
    }

    public double estimatedRows() {
        return estimatedRows;
    }

    public List<ProfileNode> inputs() {
        return inputs;
    }

    /** Number of nodes in this subtree. */
    public int size() {
        int n = 1;
        for (ProfileNode input : inputs) {
            n += input.size();
        }
        return n;
    }
}
