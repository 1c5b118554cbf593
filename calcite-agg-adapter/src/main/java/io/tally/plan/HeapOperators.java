package io.tally.plan;

import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.adapter.enumerable.EnumerableCollect;
import org.apache.calcite.adapter.enumerable.EnumerableHashJoin;
import org.apache.calcite.adapter.enumerable.EnumerableIntersect;
import org.apache.calcite.adapter.enumerable.EnumerableMinus;
import org.apache.calcite.adapter.enumerable.EnumerableNestedLoopJoin;
import org.apache.calcite.adapter.enumerable.EnumerableSort;
import org.apache.calcite.adapter.enumerable.EnumerableTableSpool;
import org.apache.calcite.adapter.enumerable.EnumerableUnion;
import org.apache.calcite.adapter.enumerable.EnumerableWindow;
import org.apache.calcite.rel.RelNode;

/**
 * Which of Calcite's operators keep their input rows on the Java heap (a sort and a window all of
 * them, a hash or nested-loop join its right input, set operations and collect their inputs), and
 * the rewrite that puts a {@link HeapBudgetRel} under each such input, so those rows count against
 * {@code memory_limit} (and {@code server_memory_limit}) and a cancel stops them.
 */
public final class HeapOperators {
    private HeapOperators() {}

    /** {@code rel} with every heap-kept input counted. */
    public static RelNode budget(RelNode rel) {
        List<RelNode> inputs = new ArrayList<>(rel.getInputs().size());
        boolean changed = false;
        for (int i = 0; i < rel.getInputs().size(); i++) {
            RelNode input = rel.getInput(i);
            RelNode done = budget(input);
            if (keepsOnHeap(rel, i)) {
                done = new HeapBudgetRel(done, OperatorAttributes.name(rel));
            }
            changed |= done != input;
            inputs.add(done);
        }
        return changed ? rel.copy(rel.getTraitSet(), inputs) : rel;
    }

    /** Whether {@code rel} keeps all rows of its input {@code i} on the heap. */
    static boolean keepsOnHeap(RelNode rel, int i) {
        if (rel instanceof EnumerableSort
                || rel instanceof EnumerableWindow
                || rel instanceof EnumerableCollect
                || rel instanceof EnumerableTableSpool
                || rel instanceof EnumerableMinus
                || rel instanceof EnumerableIntersect) {
            return true;
        }
        if (rel instanceof EnumerableUnion union) {
            return !union.all;
        }
        return (rel instanceof EnumerableHashJoin || rel instanceof EnumerableNestedLoopJoin)
                && i == 1;
    }
}
