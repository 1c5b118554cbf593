package io.tally.exec.state;

import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.KeyColumn;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * GROUPING / GROUPING_ID: per argument key one bit, 1 when the key is not in the group's
 * grouping set, first argument most significant. Stateless: the value follows from the group's
 * grouping-set id, a hidden key column (absent when there is only one set).
 */
public final class GroupingAccumulator extends Accumulator {
  private final KeyColumn setIds;
  private final long[] valueBySet;

  public GroupingAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory, KeyColumn setIds,
      long[] valueBySet) {
    super(call, layout, memory);
    this.setIds = setIds;
    this.valueBySet = valueBySet;
  }

  @Override
  public List<Field> stateFields() {
    return List.of();
  }

  @Override
  public void update(int[] gids, int n) {
  }

  @Override
  public void serialize(int block, int rows, List<FieldVector> out) {
  }

  @Override
  public void merge(List<FieldVector> states, int[] gids, int n) {
  }

  @Override
  public void finish(int block, int rows, FieldVector out) {
    for (int i = 0; i < rows; i++) {
      int set = setIds == null ? 0 : (int) setIds.longAt((block << layout.shift()) + i);
      VectorWriter.setLong(out, call.outputType(), i, valueBySet[set], label());
    }
  }
}
