package io.tally.exec.state;

import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.KeyColumn;
import io.tally.memory.OperatorMemory;
import org.apache.arrow.vector.FieldVector;

/**
 * GROUPING / GROUPING_ID: per argument key one bit, 1 when the key is not in the group's grouping
 * set, first argument most significant. Stateless: the value follows from the group's grouping-set
 * id, a hidden key column (absent when there is only one set).
 */
public final class GroupingAccumulator extends StatelessAccumulator {
    private final KeyColumn setIds;
    private final long[] valueBySet;

    public GroupingAccumulator(
            AggregateCall call,
            BlockLayout layout,
            OperatorMemory memory,
            KeyColumn setIds,
            long[] valueBySet) {
        super(call, layout, memory);
        this.setIds = setIds;
        this.valueBySet = valueBySet;
    }

    @Override
    public void finish(int block, int rows, FieldVector out) {
        for (int i = 0; i < rows; i++) {
            int set = setIds == null ? 0 : (int) setIds.longAt((block << layout.shift()) + i);
            VectorWriter.setLong(out, call.outputType(), i, valueBySet[set], label());
        }
    }
}
