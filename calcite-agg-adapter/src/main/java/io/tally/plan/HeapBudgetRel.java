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
 * Counts the rows one of Calcite's heap operators keeps (see {@link HeapOperators}) against the
 * query's memory: generated code passes the input through {@link TallyMethod#HEAP_BUDGET}, which
 * estimates each row's heap bytes, reserves them from the query's pool and checks the cancel flag.
 * Same row type, traits and estimate as its input.
 */
public final class HeapBudgetRel extends SingleRel implements EnumerableRel {
    private final String operator;

    HeapBudgetRel(RelNode input, String operator) {
        super(input.getCluster(), input.getTraitSet(), input);
        this.operator = operator;
    }

    @Override
    public RelNode copy(RelTraitSet traitSet, List<RelNode> inputs) {
        return new HeapBudgetRel(sole(inputs), operator);
    }

    @Override
    public double estimateRowCount(RelMetadataQuery mq) {
        return mq.getRowCount(getInput());
    }

    @Override
    public RelWriter explainTerms(RelWriter pw) {
        return super.explainTerms(pw).item("for", operator);
    }

    @Override
    public Result implement(EnumerableRelImplementor implementor, Prefer pref) {
        return InputWrapper.implement(
                implementor, this, pref, TallyMethod.HEAP_BUDGET.method, operator);
    }
}
