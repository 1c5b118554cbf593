package io.tally.exec;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The multi-column partial-aggregate format (what spilling writes): per group its key columns
 * (group keys in their input types, plus the hidden INTEGER grouping-set id when there are
 * several sets) followed by every call's typed state columns ({@link Accumulator#stateFields()}).
 * {@link #serialize} turns one block into such a batch; {@link #merge} folds a batch back in.
 */
final class PartialStates {
  private final SinkState sink;
  private final AggregateSpec spec;
  private final Schema schema;
  private final DecodedColumn[] keyInputs;
  private final int keyCount;

  PartialStates(SinkState sink, AggregateSpec spec) {
    this.sink = sink;
    this.spec = spec;
    for (AggregateCall call : spec.calls()) {
      if (call.distinct() && !sink.distinctFree(call)) {
        throw new TallyException("partial states of " + call.kind() + "(DISTINCT …) ('" + call.name()
            + "') are not serializable: the distinct value set is not part of the state");
      }
    }
    List<Field> fields = new ArrayList<>();
    keyCount = sink.table.keyCount();
    keyInputs = new DecodedColumn[keyCount];
    for (int k = 0; k < keyCount; k++) {
      DataType t = sink.table.key(k).type.withNullable(true);
      fields.add(t.toField("key" + k));
      keyInputs[k] = new DecodedColumn(t, "partial key " + k);
    }
    for (Accumulator a : sink.accumulators) {
      fields.addAll(a.stateFields());
    }
    this.schema = new Schema(fields);
  }

  Schema schema() {
    return schema;
  }

  /** Block {@code block}'s keys and states as a new batch from {@code allocator} (caller closes). */
  VectorSchemaRoot serialize(int block, BufferAllocator allocator) {
    int rows = sink.table.layoutRows(block);
    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
    try {
      List<FieldVector> vectors = root.getFieldVectors();
      for (FieldVector v : vectors) {
        v.setInitialCapacity(rows);
        v.allocateNew();
      }
      for (int k = 0; k < keyCount; k++) {
        sink.table.key(k).write(block, rows, vectors.get(k));
      }
      int at = keyCount;
      for (Accumulator a : sink.accumulators) {
        int width = a.stateFields().size();
        a.serialize(block, rows, vectors.subList(at, at + width));
        at += width;
      }
      root.setRowCount(rows);
      return root;
    } catch (RuntimeException e) {
      root.close();
      throw e;
    }
  }

  /** Folds a batch in {@link #schema()} into the groups, creating groups for new keys. */
  void merge(VectorSchemaRoot partial) {
    int n = partial.getRowCount();
    if (!partial.getSchema().equals(schema)) {
      throw new TallyException("partial batch schema " + partial.getSchema() + " does not match " + schema);
    }
    List<FieldVector> vectors = partial.getFieldVectors();
    for (int k = 0; k < keyCount; k++) {
      keyInputs[k].decode(vectors.get(k), n);
    }
    int[] gids = new int[n];
    sink.resolveDecoded(keyInputs, n, gids);
    int at = keyCount;
    for (Accumulator a : sink.accumulators) {
      int width = a.stateFields().size();
      a.merge(vectors.subList(at, at + width), gids, n);
      at += width;
    }
  }
}
