package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * LISTAGG(x [, separator]) and ARRAY_AGG(x) over VARCHAR, in arrival order. LISTAGG skips NULL
 * items (separator {@code ","} when none is given, none when it is NULL); ARRAY_AGG keeps them and returns a VARCHAR ARRAY.
 *
 * <p>State per group: an entry {@code [last record + 1:int][item count:int]} (0 = empty).
 * Items are records in the group's block region, each linking back to the group's previous one:
 * {@code [previous record + 1:int][item length:int, -1 = NULL][separator length:int][separator]
 * [item]}; blockRegions only grow (doubling), nothing is rewritten. Serialized as a VARCHAR ARRAY of
 * items, plus (LISTAGG) a VARCHAR ARRAY of the separator before each item.
 */
public final class ListAccumulator extends Accumulator {
  private static final int INITIAL_REGION_BYTES = 1024;
  private static final int HEADER = 12;
  private static final byte[] DEFAULT_SEPARATOR = {','};
  private static final DataType ARRAY = DataType.of(ColumnType.VARCHAR_ARRAY);
  private final boolean listagg;
  private final StateColumn entries;
  private final List<long[]> used = new ArrayList<>();
  private byte[] out = new byte[256];
  private final RegionGrowth growth = new RegionGrowth();
  private long[] rowBytes = new long[0];

  public ListAccumulator(AggregateCall call, BlockLayout layout, OperatorMemory memory) {
    super(call, layout, memory);
    this.listagg = call.kind() == AggKind.LISTAGG;
    this.entries = newColumn(8);
  }

  @Override
  public List<Field> stateFields() {
    List<Field> fields = new ArrayList<>();
    fields.add(ARRAY.toField(call.name() + "$items"));
    if (listagg) {
      fields.add(ARRAY.toField(call.name() + "$separators"));
    }
    return fields;
  }

  @Override
  public void update(int[] gids, int n) {
    DecodedColumn x = args[0];
    DecodedColumn sep = args.length > 1 ? args[1] : null;
    for (int i = 0; i < n; i++) {
      int g = gids[i];
      boolean isNull = x.nulls[i] != 0;
      if (g < 0 || (isNull && listagg)) {
        continue;
      }
      int itemFrom = x.offsets[i];
      int itemLen = isNull ? -1 : x.offsets[i + 1] - itemFrom;
      if (sep == null) {
        append(g, x.bytes, itemFrom, itemLen, DEFAULT_SEPARATOR, 0, listagg ? 1 : 0);
      } else if (sep.nulls[i] != 0) {
        append(g, x.bytes, itemFrom, itemLen, DEFAULT_SEPARATOR, 0, 0);
      } else {
        append(g, x.bytes, itemFrom, itemLen, sep.bytes, sep.offsets[i], sep.offsets[i + 1] - sep.offsets[i]);
      }
    }
  }

  @Override
  public long updateBound(int[] gids, int n) {
    DecodedColumn x = args[0];
    DecodedColumn sep = args.length > 1 ? args[1] : null;
    ensureRowBytes(n);
    for (int i = 0; i < n; i++) {
      long sepLen = sep == null || sep.nulls[i] != 0 ? 1 : sep.offsets[i + 1] - sep.offsets[i];
      rowBytes[i] = HEADER + sepLen + (x.nulls[i] != 0 ? 0 : x.offsets[i + 1] - x.offsets[i]);
    }
    return regionBound(gids, n);
  }

  @Override
  public long mergeBound(List<FieldVector> states, int[] gids, int n) {
    DecodedColumn items = decode(states.get(0), ARRAY, n);
    DecodedColumn seps = listagg ? decode(states.get(1), ARRAY, n) : null;
    ensureRowBytes(n);
    for (int i = 0; i < n; i++) {
      long encoded = items.offsets[i + 1] - items.offsets[i]
          + (seps == null ? 0 : seps.offsets[i + 1] - seps.offsets[i]);
      rowBytes[i] = (HEADER + 1) * encoded;
    }
    return regionBound(gids, n);
  }

  private void ensureRowBytes(int n) {
    if (rowBytes.length < n) {
      rowBytes = new long[n];
    }
  }

  private long regionBound(int[] gids, int n) {
    return growth.bound(gids, n, rowBytes, layout, memory, blockRegions, blk -> used.get(blk)[0],
        INITIAL_REGION_BYTES);
  }

  private void append(int g, byte[] item, int itemFrom, int itemLen, byte[] sep, int sepFrom, int sepLen) {
    int blk = g >>> layout.shift();
    long at = (long) (g & layout.mask()) << 3;
    ArrowBuf e = entries.blocks[blk];
    int size = HEADER + sepLen + Math.max(0, itemLen);
    ArrowBuf region = ensureRegion(blk, size);
    long[] use = used.get(blk);
    long p = use[0];
    region.setInt(p, e.getInt(at));
    region.setInt(p + 4, itemLen);
    region.setInt(p + 8, sepLen);
    region.setBytes(p + HEADER, sep, sepFrom, sepLen);
    if (itemLen > 0) {
      region.setBytes(p + HEADER + sepLen, item, itemFrom, itemLen);
    }
    use[0] = p + size;
    e.setInt(at, (int) p + 1);
    e.setInt(at + 4, Math.addExact(e.getInt(at + 4), 1));
  }

  private ArrowBuf ensureRegion(int blk, int size) {
    while (blockRegions.size() <= blk) {
      blockRegions.add(null);
      used.add(new long[1]);
    }
    ArrowBuf region = blockRegions.get(blk);
    long need = used.get(blk)[0] + size;
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
    blockRegions.set(blk, grown);
    return grown;
  }

  /** Record offsets of group slot {@code slot} of block {@code blk}, oldest first. */
  private long[] records(int blk, int slot) {
    ArrowBuf e = entries.blocks[blk];
    int count = e.getInt(((long) slot << 3) + 4);
    long[] recs = new long[count];
    if (count == 0) {
      return recs;
    }
    long link = e.getInt((long) slot << 3);
    ArrowBuf region = blockRegions.get(blk);
    for (int k = count - 1; k >= 0; k--) {
      recs[k] = link - 1;
      link = region.getInt(link - 1);
    }
    return recs;
  }

  @Override
  public void serialize(int block, int rows, List<FieldVector> outs) {
    for (int i = 0; i < rows; i++) {
      long[] recs = records(block, i);
      if (recs.length == 0) {
        outs.get(0).setNull(i);
        if (listagg) {
          outs.get(1).setNull(i);
        }
        continue;
      }
      writeArray(outs.get(0), i, block, recs, false);
      if (listagg) {
        writeArray(outs.get(1), i, block, recs, true);
      }
    }
  }

  /** Writes the items (or separators) of {@code recs} as one encoded VARCHAR ARRAY value. */
  private void writeArray(FieldVector v, int i, int block, long[] recs, boolean separators) {
    ArrowBuf region = blockRegions.get(block);
    int pos = put(0, recs.length);
    for (long r : recs) {
      int itemLen = region.getInt(r + 4);
      int sepLen = region.getInt(r + 8);
      int len = separators ? sepLen : itemLen;
      if (len < 0) {
        pos = grow(pos, 1);
        out[pos++] = 0;
        continue;
      }
      pos = grow(pos, 5 + len);
      out[pos++] = 1;
      pos = put(pos, len);
      region.getBytes(r + HEADER + (separators ? 0 : sepLen), out, pos, len);
      pos += len;
    }
    VectorWriter.setBytes(v, ARRAY, i, out, 0, pos);
  }

  @Override
  public void merge(List<FieldVector> states, int[] gids, int n) {
    DecodedColumn items = decode(states.get(0), ARRAY, n);
    DecodedColumn seps = listagg ? decode(states.get(1), ARRAY, n) : null;
    for (int i = 0; i < n; i++) {
      if (gids[i] < 0 || items.nulls[i] != 0) {
        continue;
      }
      int ip = items.offsets[i];
      int count = get(items.bytes, ip);
      ip += 4;
      int sp = seps == null ? 0 : seps.offsets[i] + 4;
      for (int k = 0; k < count; k++) {
        int itemLen = -1;
        int itemFrom = ip + 1;
        if (items.bytes[ip] == 1) {
          itemLen = get(items.bytes, ip + 1);
          itemFrom = ip + 5;
          ip += 5 + itemLen;
        } else {
          ip += 1;
        }
        if (seps == null) {
          append(gids[i], items.bytes, itemFrom, itemLen, DEFAULT_SEPARATOR, 0, 0);
        } else {
          int sepLen = get(seps.bytes, sp + 1);
          append(gids[i], items.bytes, itemFrom, itemLen, seps.bytes, sp + 5, sepLen);
          sp += 5 + sepLen;
        }
      }
    }
  }

  @Override
  public void finish(int block, int rows, FieldVector vector) {
    for (int i = 0; i < rows; i++) {
      long[] recs = records(block, i);
      if (recs.length == 0) {
        vector.setNull(i);
      } else if (!listagg) {
        writeArray(vector, i, block, recs, false);
      } else {
        ArrowBuf region = blockRegions.get(block);
        int pos = 0;
        for (int k = 0; k < recs.length; k++) {
          int itemLen = region.getInt(recs[k] + 4);
          int sepLen = k == 0 ? 0 : region.getInt(recs[k] + 8);
          pos = grow(pos, sepLen + itemLen);
          region.getBytes(recs[k] + HEADER, out, pos, sepLen);
          pos += sepLen;
          region.getBytes(recs[k] + HEADER + region.getInt(recs[k] + 8), out, pos, itemLen);
          pos += itemLen;
        }
        VectorWriter.setBytes(vector, call.outputType(), i, out, 0, pos);
      }
    }
  }

  private int grow(int pos, int more) {
    if (pos + more > out.length) {
      out = java.util.Arrays.copyOf(out, Math.max(pos + more, out.length * 2));
    }
    return pos;
  }

  private int put(int pos, int v) {
    grow(pos, 4);
    out[pos] = (byte) (v >>> 24);
    out[pos + 1] = (byte) (v >>> 16);
    out[pos + 2] = (byte) (v >>> 8);
    out[pos + 3] = (byte) v;
    return pos + 4;
  }

  private static int get(byte[] b, int pos) {
    return ((b[pos] & 0xFF) << 24) | ((b[pos + 1] & 0xFF) << 16) | ((b[pos + 2] & 0xFF) << 8) | (b[pos + 3] & 0xFF);
  }
}
