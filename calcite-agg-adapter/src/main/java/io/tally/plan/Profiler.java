package io.tally.plan;

import io.tally.metrics.ProfileNode;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Prepares a physical plan for {@code EXPLAIN ANALYZE}: puts a {@link ProfilingRel} above every
 * enumerable operator and describes each operator as a {@link ProfileNode} (ids in pre-order, the
 * root is 0). Operators that are not enumerable (none in plans Tally makes) are measured as part of
 * their parent.
 */
public final class Profiler {
    private Profiler() {}

    /** A profiled plan: the rel to implement and the description of its operators. */
    public static final class Profiled {
        private final RelNode rel;
        private final ProfileNode plan;

        Profiled(RelNode rel, ProfileNode plan) {
            this.rel = rel;
            this.plan = plan;
        }

        /** The plan with a {@link ProfilingRel} above every operator. */
        public RelNode rel() {
            return rel;
        }

        /** The operators, as the profile reports them. */
        public ProfileNode plan() {
            return plan;
        }
    }

    /** Wraps every operator of {@code root}, an enumerable physical plan. */
    public static Profiled wrap(EnumerableRel root) {
        int[] nextId = {0};
        return wrap(root, nextId);
    }

    private static Profiled wrap(RelNode rel, int[] nextId) {
        int id = nextId[0]++;
        RelMetadataQuery mq = rel.getCluster().getMetadataQuery();
        double estimate = mq.getRowCount(rel);
        List<RelNode> inputs = new ArrayList<>();
        List<ProfileNode> described = new ArrayList<>();
        boolean changed = false;
        for (RelNode input : rel.getInputs()) {
            if (input instanceof EnumerableRel) {
                Profiled p = wrap(input, nextId);
                inputs.add(p.rel);
                described.add(p.plan);
                changed = true;
            } else {
                inputs.add(input);
            }
        }
        RelNode copy = changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
        ProfileNode node =
                new ProfileNode(
                        id,
                        OperatorAttributes.name(rel),
                        OperatorAttributes.of(rel),
                        estimate,
                        described);
        return new Profiled(new ProfilingRel(copy, id), node);
    }
}
