package io.tally.exec.state;

import io.tally.exec.hash.BlockLayout;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * An accumulator without state, whose result follows from the group alone (its grouping set, or a
 * constant): no state fields, and nothing to update, serialize or merge.
 */
abstract class StatelessAccumulator extends Accumulator {
    StatelessAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory) {
        super(call, layout, memory);
    }

    @Override
    public final List<Field> stateFields() {
        return List.of();
    }

    @Override
    public final void update(int[] gids, int n) {}

    @Override
    public final void serialize(int block, int rows, List<FieldVector> out) {}

    @Override
    public final void merge(List<FieldVector> states, int[] gids, int n) {}
}
