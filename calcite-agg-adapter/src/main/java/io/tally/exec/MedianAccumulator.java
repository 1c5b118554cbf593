package io.tally.exec;

import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * MEDIAN(x) over a numeric column, as DuckDB's {@code quantile_cont(x, 0.5)}: the middle value of
 * the sorted non-NULL values, for an even count {@code lo + (hi - lo) * 0.5} of the two middle
 * ones; NULL when a group has no non-NULL value. Every value is kept (as a double) until the
 * group is finished, so memory grows with the input and is reserved before each batch.
 *
 * <p>State per group: an entry {@code [last record + 1:int][value count:int]} (0 = empty).
 * Values are {@link #RECORD}-byte records {@code [previous record + 1:int][value:double]} in the
 * group's block region, linked back from the newest; regions only grow (doubling). Serialized
 * (spill) as one {@code List<Float64>} of the group's values; merging appends them.
 */
final class MedianAccumulator extends Accumulator {
  private static final int INITIAL_REGION_BYTES = 1024;
  /** Bytes per kept value: the link to the previous record and the value. */
  static final int RECORD = Integer.BYTES + Double.BYTES;
  private static final int ENTRY = 8;
  private final DataType input;
  private final StateColumn entries;
  private final List<ArrowBuf> regions = new ArrayList<>();
  private final List<long[]> used = new ArrayList<>();
  private final RegionGrowth growth = new RegionGrowth();
  private long[] rowBytes = new long[0];
  private double[] xs = new double[0];
  private double[] sorted = new double[0];

  MedianAccumulator(AggregateCall call, DataType input, BlockLayout layout, OperatorMemory memory) {
    super(call, layout, memory);
    this.input = input;
    this.entries = newColumn(ENTRY);
  }

  /** The state field: the group's values as a list of doubles (NULL for no value). */
  static Field stateField(String name) {
    Field item = new Field("item", FieldType.notNullable(
        new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)), null);
    return new Field(name, FieldType.nullable(ArrowType.List.INSTANCE), List.of(item));
  }

  @Override
  List<Field> stateFields() {
    return List.of(stateField(call.name() + "$values"));
  }

  @Override
  void update(int[] gids, int n) {
    DecodedColumn a = args[0];
    double[] x = asDoubles(a, n);
    byte[] nulls = a.nulls;
    for (int i = 0; i < n; i++) {
      if (gids[i] >= 0 && nulls[i] == 0) {
        append(gids[i], x[i]);
      }
    }
  }

  private double[] asDoubles(DecodedColumn a, int n) {
    if (input.family() == ColumnType.Family.DOUBLE) {
      return a.doubles;
    }
    if (xs.length < n) {
      xs = new double[Math.max(n, xs.length * 2)];
    }
    if (input.family() == ColumnType.Family.LONG) {
      for (int i = 0; i < n; i++) {
        xs[i] = a.longs[i];
      }
    } else {
      for (int i = 0; i < n; i++) {
        xs[i] = a.nulls[i] != 0 ? 0 : Int128.toDouble(a.longs[i], a.highs[i], input.scale());
      }
    }
    return xs;
  }

  @Override
  long updateBound(int[] gids, int n) {
    ensureRowBytes(n);
    byte[] nulls = args[0].nulls;
    for (int i = 0; i < n; i++) {
      rowBytes[i] = nulls[i] != 0 ? 0 : RECORD;
    }
    return regionBound(gids, n);
  }

  @Override
  long mergeBound(List<FieldVector> states, int[] gids, int n) {
    ListVector list = (ListVector) states.get(0);
    ensureRowBytes(n);
    for (int i = 0; i < n; i++) {
      rowBytes[i] = (long) RECORD * (list.isNull(i) ? 0 : count(list, i));
    }
    return regionBound(gids, n);
  }

  private static int count(ListVector list, int i) {
    return list.getOffsetBuffer().getInt((long) (i + 1) * Integer.BYTES)
        - list.getOffsetBuffer().getInt((long) i * Integer.BYTES);
  }

  private void ensureRowBytes(int n) {
    if (rowBytes.length < n) {
      rowBytes = new long[n];
    }
  }

  private long regionBound(int[] gids, int n) {
    return growth.bound(gids, n, rowBytes, layout, memory, regions, blk -> used.get(blk)[0],
        INITIAL_REGION_BYTES);
  }

  private void append(int g, double value) {
    int blk = g >>> layout.shift();
    long at = (long) (g & layout.mask()) * ENTRY;
    ArrowBuf e = entries.blocks[blk];
    ArrowBuf region = ensureRegion(blk);
    long[] use = used.get(blk);
    long p = use[0];
    region.setInt(p, e.getInt(at));
    region.setDouble(p + Integer.BYTES, value);
    use[0] = p + RECORD;
    e.setInt(at, (int) p + 1);
    e.setInt(at + Integer.BYTES, Math.addExact(e.getInt(at + Integer.BYTES), 1));
  }

  private ArrowBuf ensureRegion(int blk) {
    while (regions.size() <= blk) {
      regions.add(null);
      used.add(new long[1]);
    }
    ArrowBuf region = regions.get(blk);
    long need = used.get(blk)[0] + RECORD;
    if (region != null && need <= region.capacity()) {
      return region;
    }
    long cap = region == null ? INITIAL_REGION_BYTES : region.capacity();
    while (cap < need) {
      cap *= 2;
    }
    if (cap > Integer.MAX_VALUE) {
      throw new TallyException(label() + ": values of one block exceed 2 GiB; lower block_size");
    }
    ArrowBuf grown = memory.allocate(cap);
    if (region != null) {
      grown.setBytes(0, region, 0, used.get(blk)[0]);
      memory.free(region);
    }
    regions.set(blk, grown);
    return grown;
  }

  /** Copies slot {@code slot}'s values of block {@code blk} into {@link #sorted}; returns count. */
  private int values(int blk, int slot) {
    ArrowBuf e = entries.blocks[blk];
    int count = e.getInt((long) slot * ENTRY + Integer.BYTES);
    if (sorted.length < count) {
      sorted = new double[Math.max(count, sorted.length * 2)];
    }
    long link = e.getInt((long) slot * ENTRY);
    ArrowBuf region = count == 0 ? null : regions.get(blk);
    for (int k = count - 1; k >= 0; k--) {
      sorted[k] = region.getDouble(link - 1 + Integer.BYTES);
      link = region.getInt(link - 1);
    }
    return count;
  }

  @Override
  void serialize(int block, int rows, List<FieldVector> out) {
    ListVector list = (ListVector) out.get(0);
    Float8Vector items = (Float8Vector) list.getDataVector();
    for (int i = 0; i < rows; i++) {
      int count = values(block, i);
      if (count == 0) {
        list.setNull(i);
        continue;
      }
      int at = list.startNewValue(i);
      for (int k = 0; k < count; k++) {
        items.setSafe(at + k, sorted[k]);
      }
      list.endValue(i, count);
    }
  }

  @Override
  void merge(List<FieldVector> states, int[] gids, int n) {
    ListVector list = (ListVector) states.get(0);
    Float8Vector items = (Float8Vector) list.getDataVector();
    for (int i = 0; i < n; i++) {
      if (gids[i] < 0 || list.isNull(i)) {
        continue;
      }
      int from = list.getOffsetBuffer().getInt((long) i * Integer.BYTES);
      int to = from + count(list, i);
      for (int k = from; k < to; k++) {
        append(gids[i], items.get(k));
      }
    }
  }

  @Override
  void finish(int block, int rows, FieldVector out) {
    Float8Vector result = (Float8Vector) out;
    for (int i = 0; i < rows; i++) {
      int count = values(block, i);
      if (count == 0) {
        result.setNull(i);
      } else {
        result.setSafe(i, median(sorted, count));
      }
    }
  }

  /** The median of {@code v[0 .. count)} ({@code count > 0}); sorts that range in place. */
  static double median(double[] v, int count) {
    Arrays.sort(v, 0, count);
    int lo = (count - 1) >>> 1;
    if ((count & 1) == 1) {
      return v[lo];
    }
    return v[lo] + (v[lo + 1] - v[lo]) * 0.5;
  }

  @Override
  void releaseBlock(int block) {
    super.releaseBlock(block);
    if (block < regions.size() && regions.get(block) != null) {
      memory.free(regions.get(block));
      regions.set(block, null);
      used.get(block)[0] = 0;
    }
  }

  @Override
  public void close() {
    super.close();
    for (int b = 0; b < regions.size(); b++) {
      releaseBlock(b);
    }
  }
}
