package io.tally.exec;

import io.tally.batch.VectorWriter;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * GROUPING / GROUPING_ID: per argument key one bit, 1 when the key is not in the group's
 * grouping set, first argument most significant. Stateless: the value follows from the group's
 * grouping-set id, a hidden key column (absent when there is only one set).
 */
final class GroupingAccumulator extends Accumulator {
  private final KeyColumn setIds;
  private final long[] valueBySet;

  GroupingAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory, KeyColumn setIds,
      long[] valueBySet) {
    super(call, layout, memory);
    this.setIds = setIds;
    this.valueBySet = valueBySet;
  }

  @Override
  List<Field> stateFields() {
    return List.of();
  }

  @Override
  void update(int[] gids, int n) {
  }

  @Override
  void serialize(int block, int rows, List<FieldVector> out) {
  }

  @Override
  void merge(List<FieldVector> states, int[] gids, int n) {
  }

  @Override
  void finish(int block, int rows, FieldVector out) {
    for (int i = 0; i < rows; i++) {
      int set = setIds == null ? 0 : (int) setIds.longAt((block << layout.shift()) + i);
      VectorWriter.setLong(out, call.outputType(), i, valueBySet[set], label());
    }
  }
}
