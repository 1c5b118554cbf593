package io.tally.exec;

import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * MIN, MAX, ANY_VALUE and SINGLE_VALUE over fixed-width values (LONG, DOUBLE, DECIMAL
 * families). State per group: the value (8 bytes, 16 for DECIMAL) and a flag byte: 0 no row,
 * {@link #VALUE} holds a value, {@link #NULL_ROW} SINGLE_VALUE saw one NULL row. Serialized: the
 * value in the argument's type (NULL = none) plus, for SINGLE_VALUE, a non-null "seen" BOOLEAN.
 * DOUBLE order is {@link Double#compare} (NaN greatest).
 */
final class FixedValueAccumulator extends Accumulator {
  static final byte VALUE = 1;
  static final byte NULL_ROW = 2;
  private static final DataType SEEN = new DataType(ColumnType.BOOLEAN, 0, 0, false);
  private final DataType input;
  private final int width;
  private final StateColumn values;
  private final StateColumn flags;

  FixedValueAccumulator(AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
    super(call, layout, memory);
    this.input = input.withNullable(true);
    this.width = input.family() == ColumnType.Family.DECIMAL ? 16 : 8;
    this.values = newColumn(width);
    this.flags = newColumn(1);
  }

  @Override
  List<Field> stateFields() {
    List<Field> fields = new ArrayList<>();
    fields.add(input.toField(call.name() + "$value"));
    if (call.kind() == AggKind.SINGLE_VALUE) {
      fields.add(SEEN.toField(call.name() + "$seen"));
    }
    return fields;
  }

  @Override
  void update(int[] gids, int n) {
    DecodedColumn a = args[0];
    ArrowBuf[] vb = values.blocks;
    ArrowBuf[] fb = flags.blocks;
    int shift = layout.shift();
    int mask = layout.mask();
    AggKind kind = call.kind();
    boolean single = kind == AggKind.SINGLE_VALUE;
    for (int i = 0; i < n; i++) {
      int g = gids[i];
      boolean isNull = a.nulls[i] != 0;
      if (g < 0 || (isNull && !single)) {
        continue;
      }
      int blk = g >>> shift;
      int slot = g & mask;
      ArrowBuf f = fb[blk];
      byte flag = f.getByte(slot);
      if (single) {
        if (flag != 0) {
          throw new TallyException("more than one value in agg SINGLE_VALUE ('" + call.name() + "')");
        }
        f.setByte(slot, isNull ? NULL_ROW : VALUE);
        if (!isNull) {
          store(vb[blk], (long) slot * width, a, i);
        }
      } else if (flag == 0 || (kind != AggKind.ANY_VALUE && better(vb[blk], (long) slot * width, a, i))) {
        f.setByte(slot, VALUE);
        store(vb[blk], (long) slot * width, a, i);
      }
    }
  }

  private void store(ArrowBuf b, long at, DecodedColumn a, int i) {
    switch (input.family()) {
      case LONG: b.setLong(at, a.longs[i]); break;
      case DOUBLE: b.setDouble(at, a.doubles[i]); break;
      default:
        b.setLong(at, a.longs[i]);
        b.setLong(at + 8, a.highs[i]);
    }
  }

  /** Whether row {@code i} beats the stored value under MIN or MAX. */
  private boolean better(ArrowBuf b, long at, DecodedColumn a, int i) {
    int c;
    switch (input.family()) {
      case LONG: c = Long.compare(a.longs[i], b.getLong(at)); break;
      case DOUBLE: c = Double.compare(a.doubles[i], b.getDouble(at)); break;
      default: c = Int128.compare(a.longs[i], a.highs[i], b.getLong(at), b.getLong(at + 8));
    }
    return call.kind() == AggKind.MIN ? c < 0 : c > 0;
  }

  @Override
  void serialize(int block, int rows, List<FieldVector> out) {
    ArrowBuf f = flags.blocks[block];
    for (int i = 0; i < rows; i++) {
      byte flag = f.getByte(i);
      write(out.get(0), input, block, i, flag);
      if (call.kind() == AggKind.SINGLE_VALUE) {
        ((BitVector) out.get(1)).setSafe(i, flag != 0 ? 1 : 0);
      }
    }
  }

  @Override
  void merge(List<FieldVector> states, int[] gids, int n) {
    DecodedColumn value = decode(states.get(0), input, n);
    int[] g = gids;
    if (call.kind() == AggKind.SINGLE_VALUE) {
      long[] seen = decode(states.get(1), SEEN, n).longs;
      g = new int[n];
      for (int i = 0; i < n; i++) {
        g[i] = seen[i] != 0 ? gids[i] : -1;
      }
    }
    DecodedColumn[] saved = args;
    bind(new DecodedColumn[] {value});
    try {
      update(g, n);
    } finally {
      bind(saved);
    }
  }

  @Override
  void finish(int block, int rows, FieldVector out) {
    ArrowBuf f = flags.blocks[block];
    for (int i = 0; i < rows; i++) {
      write(out, call.outputType(), block, i, f.getByte(i));
    }
  }

  private void write(FieldVector out, DataType t, int block, int i, byte flag) {
    if (flag != VALUE) {
      out.setNull(i);
      return;
    }
    ArrowBuf b = values.blocks[block];
    long at = (long) i * width;
    switch (input.family()) {
      case LONG: VectorWriter.setLong(out, t, i, b.getLong(at), label()); break;
      case DOUBLE: VectorWriter.setDouble(out, t, i, b.getDouble(at), label()); break;
      default: VectorWriter.setDecimal128(out, t, i, b.getLong(at), b.getLong(at + 8), input.scale(), label());
    }
  }
}
