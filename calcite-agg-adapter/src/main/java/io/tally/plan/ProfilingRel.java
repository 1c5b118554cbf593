package io.tally.plan;

import io.tally.runtime.TallyMethod;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableRel;
import org.apache.calcite.adapter.enumerable.EnumerableRelImplementor;
import org.apache.calcite.plan.RelTraitSet;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelWriter;
import org.apache.calcite.rel.SingleRel;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * Measures the operator below it: generated code passes the input's {@code Enumerable} through
 * {@link TallyMethod#PROFILE}, which counts its rows and batches and charges the time spent inside
 * it to operator {@link #operatorId()}. Inserted above every operator of an {@code EXPLAIN
 * ANALYZE}d plan by {@link Profiler}, and nowhere else; same row type, traits and estimate as its
 * input.
 */
public final class ProfilingRel extends SingleRel implements EnumerableRel {
    private final int operatorId;

    ProfilingRel(RelNode input, int operatorId) {
        super(input.getCluster(), input.getTraitSet(), input);
        this.operatorId = operatorId;
    }

    /** The profiled operator's id in the query's profile. */
    public int operatorId() {
        return operatorId;
    }

    /**
     * Whether reading the current row can cost time worth charging to the operator: not for Tally's
     * scans and aggregates, whose {@code current()} returns a row already built; yes for Calcite's
     * operators (a calc computes its projections there). Each timed call costs two clock readings.
     */
    boolean timesCurrent() {
        return !(getInput() instanceof TallyTableScan
                || getInput() instanceof EnumerableBlockedAggregate
                || getInput() instanceof EnumerableTopKPerGroup);
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new ProfilingRel(sole(inputs), operatorId);
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return mq.getRowCount(getInput());
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("operator", operatorId);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        return InputWrapper.implement(
                implementor, this, pref, TallyMethod.PROFILE.method, operatorId, timesCurrent());
    }
}
