package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * SUM, $SUM0 and AVG. Integers sum exactly in 64 bits (overflow is an error), DECIMAL exactly
 * in 128 bits, REAL/DOUBLE in double. Internal state per group: one record
 * {@code [sum: 8 bytes, 16 for DECIMAL][count: Int64]} ({@link #recordBytes}), so one row's
 * update touches one cache line; count is the number of values summed (for SUM/$SUM0 only
 * whether it is 0 matters: merged states add 1 each). Serialized: SUM/$SUM0 as one nullable sum
 * column (NULL = no value yet); AVG as sum plus count.
 */
public final class SumAccumulator extends Accumulator {
  private final ColumnType.Family family;
  private final int inputScale;
  private final DataType sumType;
  /** Bytes of the sum at the start of a record. */
  private final int sumBytes;
  /** Bytes per group: the sum, then the count. */
  private final int recordBytes;
  private final StateColumn records;
  private final boolean avg;

  public SumAccumulator(AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
    super(call, layout, memory);
    this.family = input.family();
    this.inputScale = input.scale();
    this.sumType = family == ColumnType.Family.LONG ? DataType.of(ColumnType.BIGINT)
        : family == ColumnType.Family.DOUBLE ? DataType.of(ColumnType.DOUBLE)
        : DataType.decimal(DataType.MAX_DECIMAL_PRECISION, inputScale);
    this.sumBytes = family == ColumnType.Family.DECIMAL ? 16 : 8;
    this.recordBytes = sumBytes + 8;
    this.records = newColumn(recordBytes);
    this.avg = call.kind() == AggKind.AVG;
  }

  private boolean isAvg() {
    return avg;
  }

  /** Values summed into the record at byte {@code at} of a block. */
  private long count(ArrowBuf block, long at) {
    return block.getLong(at + sumBytes);
  }

  @Override
  public List<Field> stateFields() {
    List<Field> fields = new ArrayList<>();
    fields.add(sumType.toField(call.name() + "$sum"));
    if (isAvg()) {
      fields.add(new DataType(ColumnType.BIGINT, 0, 0, false).toField(call.name() + "$count"));
    }
    return fields;
  }

  @Override
  public void update(int[] gids, int n) {
    DecodedColumn a = args[0];
    try {
      add(gids, n, a, null);
    } catch (ArithmeticException e) {
      throw overflow(e);
    }
  }

  /**
   * Adds values of {@code a}; each counts 1, or {@code countsIn[i]} when merging AVG. One loop
   * per family, chosen once per batch, updating sum and count of a record together; records are
   * read and written by address (group ids below the group count always fall inside allocated
   * blocks).
   */
  private void add(int[] gids, int n, DecodedColumn a, long[] countsIn) {
    switch (family) {
      case LONG: addLongs(gids, n, a.nulls, a.longs, countsIn); break;
      case DOUBLE: addDoubles(gids, n, a.nulls, a.doubles, countsIn); break;
      default: addDecimals(gids, n, a, countsIn); break;
    }
  }

  /**
   * Checked 64-bit sums: {@link Math#addExact} throws on overflow. LONG and DOUBLE records are
   * 16 bytes, hence the shift by 4 here and in {@link #addDoubles}.
   */
  private void addLongs(int[] gids, int n, byte[] nulls, long[] values, long[] countsIn) {
    ArrowBuf[] blocks = records.blocks;
    int shift = layout.shift();
    int mask = layout.mask();
    for (int i = 0; i < n; i++) {
      int g = gids[i];
      if (g < 0 || nulls[i] != 0) {
        continue;
      }
      long at = blocks[g >>> shift].memoryAddress() + (((long) (g & mask)) << 4);
      MemoryUtil.putLong(at, Math.addExact(MemoryUtil.getLong(at), values[i]));
      MemoryUtil.putLong(at + 8, MemoryUtil.getLong(at + 8) + (countsIn == null ? 1 : countsIn[i]));
    }
  }

  private void addDoubles(int[] gids, int n, byte[] nulls, double[] values, long[] countsIn) {
    ArrowBuf[] blocks = records.blocks;
    int shift = layout.shift();
    int mask = layout.mask();
    for (int i = 0; i < n; i++) {
      int g = gids[i];
      if (g < 0 || nulls[i] != 0) {
        continue;
      }
      long at = blocks[g >>> shift].memoryAddress() + (((long) (g & mask)) << 4);
      double sum = Double.longBitsToDouble(MemoryUtil.getLong(at)) + values[i];
      MemoryUtil.putLong(at, Double.doubleToRawLongBits(sum));
      MemoryUtil.putLong(at + 8, MemoryUtil.getLong(at + 8) + (countsIn == null ? 1 : countsIn[i]));
    }
  }

  private void addDecimals(int[] gids, int n, DecodedColumn a, long[] countsIn) {
    ArrowBuf[] blocks = records.blocks;
    for (int i = 0; i < n; i++) {
      int g = gids[i];
      if (g < 0 || a.nulls[i] != 0) {
        continue;
      }
      ArrowBuf block = blocks[g >>> layout.shift()];
      long at = (long) (g & layout.mask()) * recordBytes;
      Int128.addTo(block, at, a.longs[i], a.highs[i]);
      block.setLong(at + 16, block.getLong(at + 16) + (countsIn == null ? 1 : countsIn[i]));
    }
  }

  @Override
  public void serialize(int block, int rows, List<FieldVector> out) {
    ArrowBuf r = records.blocks[block];
    FieldVector sumOut = out.get(0);
    for (int i = 0; i < rows; i++) {
      long at = (long) i * recordBytes;
      long count = count(r, at);
      if (count == 0) {
        sumOut.setNull(i);
      } else {
        writeSum(sumOut, sumType, i, r, at);
      }
      if (isAvg()) {
        ((BigIntVector) out.get(1)).setSafe(i, count);
      }
    }
  }

  @Override
  public void merge(List<FieldVector> states, int[] gids, int n) {
    DecodedColumn sumsIn = decode(states.get(0), sumType, n);
    long[] countsIn = isAvg() ? decode(states.get(1), DataType.of(ColumnType.BIGINT), n).longs : null;
    try {
      add(gids, n, sumsIn, countsIn);
    } catch (ArithmeticException e) {
      throw overflow(e);
    }
  }

  @Override
  public void finish(int block, int rows, FieldVector out) {
    ArrowBuf r = records.blocks[block];
    DataType t = call.outputType();
    for (int i = 0; i < rows; i++) {
      long at = (long) i * recordBytes;
      long count = count(r, at);
      if (count == 0) {
        if (call.kind() == AggKind.SUM0) {
          VectorWriter.setLong(out, t, i, 0, label());
        } else {
          out.setNull(i);
        }
      } else if (isAvg()) {
        writeAvg(out, t, i, r, at, count);
      } else {
        writeSum(out, t, i, r, at);
      }
    }
  }

  /** Writes the sum of the record at byte {@code at} of {@code r} into row {@code i}. */
  private void writeSum(FieldVector out, DataType t, int i, ArrowBuf r, long at) {
    switch (family) {
      case LONG: VectorWriter.setLong(out, t, i, r.getLong(at), label()); break;
      case DOUBLE: VectorWriter.setDouble(out, t, i, r.getDouble(at), label()); break;
      default:
        VectorWriter.setDecimal128(out, t, i, r.getLong(at), r.getLong(at + 8), inputScale, label());
    }
  }

  private void writeAvg(FieldVector out, DataType t, int i, ArrowBuf r, long at, long count) {
    if (family == ColumnType.Family.DOUBLE) {
      VectorWriter.setDouble(out, t, i, r.getDouble(at) / count, label());
      return;
    }
    BigDecimal sum = family == ColumnType.Family.LONG
        ? BigDecimal.valueOf(r.getLong(at))
        : new BigDecimal(VectorWriter.toBigInteger(r.getLong(at), r.getLong(at + 8)), inputScale);
    switch (t.type()) {
      case DECIMAL:
        VectorWriter.setBigDecimal(out, t, i, sum.divide(BigDecimal.valueOf(count), t.scale(), RoundingMode.HALF_UP), label());
        break;
      case REAL:
      case DOUBLE:
        VectorWriter.setDouble(out, t, i, sum.doubleValue() / count, label());
        break;
      default:
        VectorWriter.setBigDecimal(out, t, i, sum.divide(BigDecimal.valueOf(count), 0, RoundingMode.DOWN), label());
    }
  }
}
