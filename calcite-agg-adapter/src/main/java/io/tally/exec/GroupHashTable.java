package io.tally.exec;

import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Maps group keys to dense group ids: an open-addressing index over key columns stored in
 * blocks ({@link KeyColumn}). The index is separate from the records and is the only part that
 * moves when the table grows.
 *
 * <p>Index layout: {@code capacity} (a power of two) 8-byte slots, each
 * {@code [hash32:int (high)][groupId + 1:int (low)]}, 0 meaning empty. Probing is linear from
 * {@code hash32 & (capacity - 1)}; because the slot keeps the 32 hash bits it was placed by,
 * growth rehashes the index alone, never touching keys. The index doubles when it would pass
 * {@link #LOAD_NUMERATOR}/{@link #LOAD_DENOMINATOR} full.
 */
final class GroupHashTable implements AutoCloseable {
  /** Slots of a new index (8 KiB). */
  static final int INITIAL_CAPACITY = 1024;
  /** Largest index: 2^30 slots (8 GiB), beyond any sane group count per operator. */
  static final int MAX_CAPACITY = 1 << 30;
  /** Load factor 3/4: linear probing stays short (expected ~2.5 probes on a miss). */
  static final int LOAD_NUMERATOR = 3;
  static final int LOAD_DENOMINATOR = 4;
  private static final int SLOT_BYTES = 8;
  /**
   * Index size (slots) from which {@link #touchHomeSlots} runs: 2^16 slots are 512 KiB, about
   * where the index stops fitting the L2 cache and probes start missing.
   */
  static final int TOUCH_MIN_CAPACITY = 1 << 16;

  private final KeyColumn[] keys;
  private final BlockLayout layout;
  private final OperatorMemory memory;
  private final long hashMask;
  private ArrowBuf index;
  /** {@code index}'s native address: probes read slots by address, {@code pos < capacity}. */
  private long indexAddress;
  private int capacity;
  private int growAt;
  private int groups;
  private long[] hashes = new long[0];
  /** Sink of {@link #touchHomeSlots}'s loads. */
  private long touched;

  /**
   * Creates an empty table; {@code hashMask} is ANDed into every row hash ({@code -1L} normally;
   * tests pass a narrow mask to force collisions).
   */
  GroupHashTable(List<KeyColumn> keys, BlockLayout layout, OperatorMemory memory, long hashMask) {
    this.keys = keys.toArray(new KeyColumn[0]);
    this.layout = layout;
    this.memory = memory;
    this.hashMask = hashMask;
    allocateIndex(INITIAL_CAPACITY);
  }

  /**
   * Resolves the group id of rows {@code 0..n-1} of {@code inputs} (one per key column) into
   * {@code gids}, creating groups for new keys in row order. Rows with {@code skip[i] != 0}
   * ({@code skip} may be null) get id -1 and create nothing.
   */
  void resolve(DecodedColumn[] inputs, int n, byte[] skip, int[] gids) {
    if (index == null) {
      throw new IllegalStateException("index already freed");
    }
    if (hashes.length < n) {
      hashes = new long[Math.max(n, hashes.length * 2)];
    }
    long[] h = hashes;
    java.util.Arrays.fill(h, 0, n, Hashing.SEED);
    for (int k = 0; k < keys.length; k++) {
      keys[k].bind(inputs[k]);
      keys[k].hash(h, n);
    }
    for (int i = 0; i < n; i++) {
      h[i] = (Hashing.mix(h[i]) & hashMask) >>> 32;
    }
    if (capacity >= TOUCH_MIN_CAPACITY) {
      touchHomeSlots(h, n);
    }
    for (int i = 0; i < n; i++) {
      gids[i] = skip != null && skip[i] != 0 ? -1 : find(i, (int) h[i]);
    }
  }

  /**
   * Loads every row's home slot once before probing: the loads are independent, so the CPU
   * overlaps their cache misses instead of stalling on each one inside {@link #find} (Java has
   * no prefetch instruction). The folded value is kept only so the loads are not optimized away.
   */
  private void touchHomeSlots(long[] hash32, int n) {
    long base = indexAddress;
    int mask = capacity - 1;
    long fold = 0;
    for (int i = 0; i < n; i++) {
      fold += MemoryUtil.getLong(base + (long) ((int) hash32[i] & mask) * SLOT_BYTES);
    }
    touched = fold;
  }

  private int find(int row, int hash32) {
    if (groups >= growAt) {
      grow();
    }
    int mask = capacity - 1;
    int pos = hash32 & mask;
    long base = indexAddress;
    while (true) {
      long slot = MemoryUtil.getLong(base + (long) pos * SLOT_BYTES);
      if (slot == 0) {
        int gid = newGroup(row);
        MemoryUtil.putLong(base + (long) pos * SLOT_BYTES, ((long) hash32 << 32) | ((gid + 1) & 0xFFFFFFFFL));
        return gid;
      }
      if ((int) (slot >>> 32) == hash32) {
        int gid = (int) slot - 1;
        if (keysEqual(gid, row)) {
          return gid;
        }
      }
      pos = (pos + 1) & mask;
    }
  }

  private boolean keysEqual(int gid, int row) {
    for (KeyColumn key : keys) {
      if (!key.equalsRow(gid, row)) {
        return false;
      }
    }
    return true;
  }

  private int newGroup(int row) {
    if (groups == Integer.MAX_VALUE - 1) {
      throw new TallyException("more than " + groups + " groups in one aggregate");
    }
    int gid = groups;
    if ((gid & layout.mask()) == 0) {
      for (KeyColumn key : keys) {
        key.addBlock();
      }
    } else if (gid < layout.size()) {
      for (KeyColumn key : keys) {
        key.growFirstBlock(gid + 1);
      }
    }
    for (KeyColumn key : keys) {
      key.append(gid, row);
    }
    groups++;
    return gid;
  }

  private void grow() {
    if (capacity >= MAX_CAPACITY) {
      throw new TallyException("hash table index would exceed " + MAX_CAPACITY + " slots");
    }
    ArrowBuf old = index;
    int oldCapacity = capacity;
    allocateIndex(capacity * 2);
    int mask = capacity - 1;
    for (long s = 0; s < oldCapacity; s++) {
      long slot = old.getLong(s * SLOT_BYTES);
      if (slot != 0) {
        int pos = (int) (slot >>> 32) & mask;
        while (index.getLong((long) pos * SLOT_BYTES) != 0) {
          pos = (pos + 1) & mask;
        }
        index.setLong((long) pos * SLOT_BYTES, slot);
      }
    }
    memory.free(old);
  }

  private void allocateIndex(int newCapacity) {
    index = memory.allocate((long) newCapacity * SLOT_BYTES);
    indexAddress = index.memoryAddress();
    capacity = newCapacity;
    growAt = (int) ((long) newCapacity * LOAD_NUMERATOR / LOAD_DENOMINATOR);
  }

  /**
   * Upper bound of the bytes resolving {@code n} rows could newly allocate: a grown index (old
   * and new coexist while rehashing) and every key column's growth if all rows were new groups;
   * {@code varBytes[k]} is the total byte length of key {@code k}'s values in those rows.
   */
  long growthBound(int n, long[] varBytes) {
    long bytes = 0;
    long after = (long) groups + n;
    if (after >= growAt) {
      long cap = capacity;
      while (cap * LOAD_NUMERATOR / LOAD_DENOMINATOR <= after) {
        cap *= 2;
      }
      bytes += 2 * memory.rounded(cap * SLOT_BYTES);
    }
    int to = (int) Math.min(Integer.MAX_VALUE, after);
    for (int k = 0; k < keys.length; k++) {
      bytes += keys[k].growthBound(groups, to, varBytes[k]);
    }
    return bytes;
  }

  int groupCount() {
    return groups;
  }

  int blockCount() {
    return layout.blocksFor(groups);
  }

  int keyCount() {
    return keys.length;
  }

  /** Groups in block {@code block}. */
  int layoutRows(int block) {
    return layout.rowsIn(block, groups);
  }

  KeyColumn key(int k) {
    return keys[k];
  }

  /** Index slots currently allocated. */
  int indexCapacity() {
    return capacity;
  }

  /** Frees the index; afterwards only the records (keys by block) remain. */
  void freeIndex() {
    if (index != null) {
      memory.free(index);
      index = null;
    }
  }

  /** Frees every key column's block {@code block}. */
  void releaseBlock(int block) {
    for (KeyColumn key : keys) {
      key.releaseBlock(block);
    }
  }

  @Override
  public void close() {
    freeIndex();
    for (KeyColumn key : keys) {
      key.close();
    }
  }
}
