package io.tally.exec.hash;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.batch.VectorWriter;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * A variable-width key column (VARCHAR, VARBINARY, encoded VARCHAR ARRAY).
 *
 * <p>Per block: a values buffer of entries {@code [start:int][length:int]}, and a byte region
 * holding the key bytes back to back. The region
 * of the block being filled starts at {@link #INITIAL_REGION_BYTES} and doubles when full, always
 * keeping {@link Hashing#TAIL_PAD} spare bytes after the last key for word-wise comparison;
 * earlier blocks' regions never change. The probe's comparison ({@link #equalsRow}) reads these
 * buffers by address without bounds checks: slots below the group count are always inside them.
 */
final class VarKeyColumn extends KeyColumn {
  /** First size of a block's byte region; small tables stay small. */
  static final int INITIAL_REGION_BYTES = 4096;
  private static final int ENTRY_BYTES = 8;
  private final List<ArrowBuf> regions = new ArrayList<>();
  /** Per block: native address of the byte region (0 once released), for {@link #equalsRow}. */
  private long[] regionAddress = new long[8];
  private int regionUsed;
  private byte[] scratch = new byte[64];

  VarKeyColumn(DataType type, BlockLayout layout, OperatorMemory memory) {
    super(type, layout, memory);
  }

  @Override
  void hash(long[] hashes, int n) {
    byte[] nulls = input.nulls;
    int[] offsets = input.offsets;
    byte[] bytes = input.bytes;
    for (int i = 0; i < n; i++) {
      long h = nulls[i] != 0 ? Hashing.NULL_HASH : Hashing.hashBytes(bytes, offsets[i], offsets[i + 1]);
      hashes[i] = Hashing.combine(hashes[i], h);
    }
  }

  @Override
  boolean equalsRow(int gid, int row) {
    int b = gid >>> layout.shift();
    int slot = gid & layout.mask();
    boolean isNull = MemoryUtil.getByte(nullAddress[b] + slot) != 0;
    if (isNull || input.nulls[row] != 0) {
      return isNull && input.nulls[row] != 0;
    }
    long entry = valueAddress[b] + (long) slot * ENTRY_BYTES;
    int from = input.offsets[row];
    int len = input.offsets[row + 1] - from;
    if (MemoryUtil.getInt(entry + 4) != len) {
      return false;
    }
    return Hashing.equalBytes(input.bytes, from, regionAddress[b] + MemoryUtil.getInt(entry), len);
  }

  @Override
  void append(int gid, int row) {
    if (input.nulls[row] != 0) {
      markNull(gid);
      return;
    }
    int b = gid >>> layout.shift();
    ArrowBuf meta = blocks.get(b);
    int slot = gid & layout.mask();
    int from = input.offsets[row];
    int len = input.offsets[row + 1] - from;
    ArrowBuf region = ensureRegion(b, len);
    region.setBytes(regionUsed, input.bytes, from, len);
    meta.setInt((long) slot * ENTRY_BYTES, regionUsed);
    meta.setInt((long) slot * ENTRY_BYTES + 4, len);
    regionUsed += len;
  }

  private ArrowBuf ensureRegion(int b, int len) {
    ArrowBuf region = regions.get(b);
    long need = (long) regionUsed + len + Hashing.TAIL_PAD;
    if (need <= region.capacity()) {
      return region;
    }
    long cap = region.capacity();
    while (cap < need) {
      cap *= 2;
    }
    if (cap > Integer.MAX_VALUE) {
      throw new TallyException("group key bytes of one block exceed 2 GiB; lower block_size");
    }
    ArrowBuf grown = memory.allocate(cap);
    grown.setBytes(0, region, 0, regionUsed);
    memory.free(region);
    regions.set(b, grown);
    setRegionAddress(b, grown);
    return grown;
  }

  private void setRegionAddress(int block, ArrowBuf region) {
    if (block >= regionAddress.length) {
      regionAddress = java.util.Arrays.copyOf(regionAddress, Math.max(block + 1, regionAddress.length * 2));
    }
    regionAddress[block] = region == null ? 0 : region.memoryAddress();
  }

  @Override
  int valueWidth() {
    return ENTRY_BYTES;
  }

  @Override
  void addBlock() {
    regions.add(null);
    super.addBlock();
    regions.set(regions.size() - 1, memory.allocate(INITIAL_REGION_BYTES));
    setRegionAddress(regions.size() - 1, regions.get(regions.size() - 1));
    regionUsed = 0;
  }

  @Override
  public long longAt(int gid) {
    throw new IllegalStateException("not a LONG key");
  }

  @Override
  long regionGrowthBound(int newBlocks, long varBytes) {
    long current = regions.isEmpty() || regions.get(regions.size() - 1) == null ? 0
        : regions.get(regions.size() - 1).capacity();
    return 2 * memory.rounded(2 * (current + varBytes + Hashing.TAIL_PAD)) + newBlocks * memory.rounded(INITIAL_REGION_BYTES);
  }

  @Override
  public void writeRows(int[] gids, int n, FieldVector out) {
    for (int i = 0; i < n; i++) {
      int gid = gids[i];
      if (storedNull(gid)) {
        out.setNull(i);
        continue;
      }
      int b = gid >>> layout.shift();
      ArrowBuf meta = blocks.get(b);
      int slot = gid & layout.mask();
      int start = meta.getInt((long) slot * ENTRY_BYTES);
      int len = meta.getInt((long) slot * ENTRY_BYTES + 4);
      if (scratch.length < len) {
        scratch = new byte[Math.max(len, scratch.length * 2)];
      }
      regions.get(b).getBytes(start, scratch, 0, len);
      VectorWriter.setBytes(out, type, i, scratch, 0, len);
    }
  }

  @Override
  public void write(int block, int rows, FieldVector out) {
    ArrowBuf meta = blocks.get(block);
    ArrowBuf flags = nulls.get(block);
    ArrowBuf region = regions.get(block);
    if (type.type().isCollection() && (type.element().type() == ColumnType.VARCHAR
        || type.element().type() == ColumnType.CHAR)) {
      ArrayBlockWriter.write(meta, ENTRY_BYTES, flags, region, rows, (ListVector) out);
      return;
    }
    for (int i = 0; i < rows; i++) {
      if (flags.getByte(i) != 0) {
        out.setNull(i);
        continue;
      }
      int start = meta.getInt((long) i * ENTRY_BYTES);
      int len = meta.getInt((long) i * ENTRY_BYTES + 4);
      if (scratch.length < len) {
        scratch = new byte[Math.max(len, scratch.length * 2)];
      }
      region.getBytes(start, scratch, 0, len);
      VectorWriter.setBytes(out, type, i, scratch, 0, len);
    }
  }

  @Override
  void releaseBlock(int block) {
    super.releaseBlock(block);
    ArrowBuf region = block < regions.size() ? regions.get(block) : null;
    if (region != null) {
      memory.free(region);
      regions.set(block, null);
      setRegionAddress(block, null);
    }
  }
}
