package io.tally.exec.hash;

import io.tally.batch.TallyException;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Maps group keys to dense group ids: an open-addressing index over key columns stored in blocks
 * ({@link KeyColumn}). The index is separate from the records and is the only part that moves when
 * the table grows.
 *
 * <p>Index layout: {@code capacity} (a power of two) 8-byte slots, each {@code [hash32:int
 * (high)][groupId + 1:int (low)]}, 0 meaning empty. Probing is linear from {@code hash32 &
 * (capacity - 1)}; because the slot keeps the 32 hash bits it was placed by, growth rehashes the
 * index alone, never touching keys. The index doubles when it would pass {@link
 * #LOAD_NUMERATOR}/{@link #LOAD_DENOMINATOR} full.
 *
 * <p>The slots live in {@code max(1, capacity >> segmentShift)} separately allocated segments of
 * {@code min(capacity, 1 << segmentShift)} slots: slot {@code pos} is word {@code pos &
 * segmentMask} of segment {@code pos >>> segmentShift}. Segments exist so that the drain can free a
 * large index a few MiB per poll ({@link #retireIndex}, {@link #freeIndexSegments}) instead of in
 * one call whose cost grows with the table (freeing 256 MiB at 20M groups took 70-160 ms on a VM
 * that returns freed pages to its host).
 */
public final class GroupHashTable implements AutoCloseable {
    /** Slots of a new index (8 KiB). */
    static final int INITIAL_CAPACITY = 1024;

    /** Largest index: 2^30 slots (8 GiB), beyond any sane group count per operator. */
    static final int MAX_CAPACITY = 1 << 30;

    /** Load factor 3/4: linear probing stays short (expected ~2.5 probes on a miss). */
    static final int LOAD_NUMERATOR = 3;

    static final int LOAD_DENOMINATOR = 4;
    private static final int SLOT_BYTES = 8;

    /** {@link #presize} takes at most 1/this of the bytes the pool has free. */
    static final int PRESIZE_SHARE_DIVISOR = 4;

    /** Slots per index segment: 2^17 slots = 1 MiB, a free that costs well under a millisecond. */
    static final int SEGMENT_SHIFT = 17;

    /**
     * Index size (slots) from which {@link #touchHomeSlots} runs: 2^16 slots are 512 KiB, about
     * where the index stops fitting the L2 cache and probes start missing.
     */
    static final int TOUCH_MIN_CAPACITY = 1 << 16;

    private final KeyColumn[] keys;

    /**
     * Array-index memo in front of the index for small key ranges; null with a test hash mask
     * (which asks for the probing path) and in {@link #hashOnly} tables.
     */
    private final DirectIndex direct;

    private final BlockLayout layout;
    private final OperatorMemory memory;
    private final long hashMask;
    private final int segmentShift;
    private final int segmentMask;

    /** Index segments; null once the index is retired or freed. */
    private ArrowBuf[] index;

    /** Native address of each {@code index} segment: probes read slots by address. */
    private long[] segmentAddresses;

    /** Sink of {@link #touchHomeSlots}'s loads. */
    private long touched;

    /** Segments of a retired index not yet freed (freed from the last one down). */
    private ArrowBuf[] retired;

    private int retiredLeft;
    private int capacity;
    private int growAt;
    private int groups;
    private long[] hashes = new long[0];

    /**
     * While {@link #resolveStored} runs: the table whose stored keys the probe rows are (a row is
     * then a group id of that table); null otherwise.
     */
    private GroupHashTable source;

    /**
     * Creates an empty table; {@code hashMask} is ANDed into every row hash ({@code -1L} normally;
     * tests pass a narrow mask to force collisions).
     */
    public GroupHashTable(
            List<KeyColumn> keys, BlockLayout layout, OperatorMemory memory, long hashMask) {
        this(keys, layout, memory, hashMask, SEGMENT_SHIFT);
    }

    /** As above with {@code 2^segmentShift} slots per index segment (tests use tiny segments). */
    public GroupHashTable(
            List<KeyColumn> keys,
            BlockLayout layout,
            OperatorMemory memory,
            long hashMask,
            int segmentShift) {
        this(keys, layout, memory, hashMask, segmentShift, true);
    }

    /**
     * A table without the {@link DirectIndex}, for callers that always resolve with a skip mask
     * (which bypasses it), so {@link #growthBound} does not count a memo that never comes.
     */
    public static GroupHashTable hashOnly(
            List<KeyColumn> keys, BlockLayout layout, OperatorMemory memory, long hashMask) {
        return new GroupHashTable(keys, layout, memory, hashMask, SEGMENT_SHIFT, false);
    }

    private GroupHashTable(
            List<KeyColumn> keys,
            BlockLayout layout,
            OperatorMemory memory,
            long hashMask,
            int segmentShift,
            boolean directIndex) {
        this.segmentShift = segmentShift;
        this.segmentMask = (1 << segmentShift) - 1;
        this.keys = keys.toArray(new KeyColumn[0]);
        this.layout = layout;
        this.memory = memory;
        this.hashMask = hashMask;
        this.direct =
                directIndex && hashMask == -1L && this.keys.length > 0
                        ? new DirectIndex(this.keys, memory)
                        : null;
        setIndex(allocateIndex(INITIAL_CAPACITY));
    }

    private void setIndex(ArrowBuf[] segments) {
        index = segments;
        segmentAddresses = new long[segments.length];
        for (int i = 0; i < segments.length; i++) {
            segmentAddresses[i] = segments[i].memoryAddress();
        }
    }

    /** Native address of slot {@code pos}. */
    private long slotAddress(int pos) {
        return segmentAddresses[pos >>> segmentShift] + (long) (pos & segmentMask) * SLOT_BYTES;
    }

    /**
     * Resolves the group id of rows {@code 0..n-1} of {@code inputs} (one per key column) into
     * {@code gids}, creating groups for new keys in row order. Rows with {@code skip[i] != 0}
     * ({@code skip} may be null) get id -1 and create nothing. Without {@code skip}, keys in a
     * small range are looked up in the {@link DirectIndex} first; only the rows it has not seen are
     * hashed and probed.
     */
    public void resolve(DecodedColumn[] inputs, int n, byte[] skip, int[] gids) {
        if (index == null) {
            throw new IllegalStateException("index already freed");
        }
        int misses = skip == null && direct != null ? direct.lookup(inputs, n, gids, groups) : -1;
        if (misses == 0) {
            return;
        }
        long[] h = hashRows(inputs, n);
        if (misses > 0) {
            touchMissedSlots(h, n, gids);
            probeMisses(n, h, gids);
            return;
        }
        touchHomeSlots(h, n);
        for (int i = 0; i < n; i++) {
            gids[i] = skip != null && skip[i] != 0 ? -1 : find(i, (int) h[i]);
        }
    }

    /**
     * As {@link #resolve}, for rows whose probe hashes the caller computed already ({@code
     * hash32[i]}, the low 32 bits of each word, as {@link BatchKeyHasher#probeHashes} gives them
     * under this table's hash mask): keys in a small range are still looked up in the {@link
     * DirectIndex} first (rows passed through to a final table: h2o q6's id4, id5), and only its
     * misses probe with those hashes.
     */
    public void resolveHashed(DecodedColumn[] inputs, int n, long[] hash32, int[] gids) {
        if (index == null) {
            throw new IllegalStateException("index already freed");
        }
        int misses = direct != null ? direct.lookup(inputs, n, gids, groups) : -1;
        if (misses == 0) {
            return;
        }
        for (int k = 0; k < keys.length; k++) {
            keys[k].bind(inputs[k]);
            keys[k].prepare(n);
        }
        if (misses > 0) {
            probeMisses(n, hash32, gids);
            return;
        }
        touchHomeSlots(hash32, n);
        for (int i = 0; i < n; i++) {
            gids[i] = find(i, (int) hash32[i]);
        }
    }

    /**
     * Probes the rows the {@link DirectIndex} did not know ({@code gids[i] < 0}) with their hashes
     * {@code hash32} (keys bound) and remembers the ids it finds or creates.
     */
    private void probeMisses(int n, long[] hash32, int[] gids) {
        for (int i = 0; i < n; i++) {
            if (gids[i] < 0) {
                gids[i] = find(i, (int) hash32[i]);
                direct.remember(i, gids[i]);
            }
        }
    }

    /**
     * The 32-bit probe hash of each group of this table ({@code [gid]}), read from the index slots
     * that hold them, so another table can merge these groups without hashing their keys again.
     */
    public int[] storedHashes() {
        if (index == null) {
            throw new IllegalStateException("index already freed");
        }
        int[] out = new int[groups];
        for (int pos = 0; pos < capacity; pos++) {
            long slot = MemoryUtil.getLong(slotAddress(pos));
            if (slot != 0) {
                out[(int) slot - 1] = (int) (slot >>> 32);
            }
        }
        return out;
    }

    /**
     * Resolves the group id in this table of groups {@code srcGids[0..n-1]} of {@code src} (same
     * key types and hash mask) into {@code gids}, creating groups for new keys in that order: each
     * is probed with its hash {@code srcHashes[srcGid]} ({@link #storedHashes}), compared key
     * column to key column and, when new, its key copied. The direct index is not consulted.
     */
    public void resolveStored(
            GroupHashTable src, int[] srcGids, int[] srcHashes, int n, int[] gids) {
        if (index == null) {
            throw new IllegalStateException("index already freed");
        }
        if (src.hashMask != hashMask || src.keys.length != keys.length) {
            throw new IllegalArgumentException("tables of different keys or hash masks");
        }
        if (hashes.length < n) {
            hashes = new long[Math.max(n, hashes.length * 2)];
        }
        long[] h = hashes;
        for (int i = 0; i < n; i++) {
            h[i] = srcHashes[srcGids[i]] & 0xFFFFFFFFL;
        }
        touchHomeSlots(h, n);
        source = src;
        try {
            for (int i = 0; i < n; i++) {
                gids[i] = find(srcGids[i], (int) h[i]);
            }
        } finally {
            source = null;
        }
    }

    /**
     * Binds the key columns to {@code inputs} and returns each row's 32-bit probe hash (in the low
     * half of the word).
     */
    private long[] hashRows(DecodedColumn[] inputs, int n) {
        if (hashes.length < n) {
            hashes = new long[Math.max(n, hashes.length * 2)];
        }
        long[] h = hashes;
        Arrays.fill(h, 0, n, Hashing.SEED);
        for (int k = 0; k < keys.length; k++) {
            keys[k].bind(inputs[k]);
            keys[k].hash(h, n);
        }
        for (int i = 0; i < n; i++) {
            h[i] = (Hashing.mix(h[i]) & hashMask) >>> 32;
        }
        return h;
    }

    /**
     * Loads every row's home slot once before probing: the loads are independent, so the CPU
     * overlaps their cache misses instead of stalling on each one inside {@link #find} (Java has no
     * prefetch instruction). The folded value is kept only so the loads are not optimized away.
     * Does nothing below {@link #TOUCH_MIN_CAPACITY} slots, where the index stays in cache.
     */
    private void touchHomeSlots(long[] hash32, int n) {
        if (capacity < TOUCH_MIN_CAPACITY) {
            return;
        }
        int mask = capacity - 1;
        long fold = 0;
        for (int i = 0; i < n; i++) {
            fold += MemoryUtil.getLong(slotAddress((int) hash32[i] & mask));
        }
        touched = fold;
    }

    /**
     * As {@link #touchHomeSlots} for the rows the {@link DirectIndex} missed ({@code gids[i] < 0}),
     * the only ones that probe: a chunk with a few new keys among rows the memo knew would
     * otherwise load a slot per row (h2o q3 at 1e5 groups: every chunk of a table's first ~7% of
     * rows).
     */
    private void touchMissedSlots(long[] hash32, int n, int[] gids) {
        if (capacity < TOUCH_MIN_CAPACITY) {
            return;
        }
        int mask = capacity - 1;
        long fold = 0;
        for (int i = 0; i < n; i++) {
            if (gids[i] < 0) {
                fold += MemoryUtil.getLong(slotAddress((int) hash32[i] & mask));
            }
        }
        touched = fold;
    }

    private int find(int row, int hash32) {
        if (groups >= growAt) {
            grow();
        }
        int mask = capacity - 1;
        int pos = hash32 & mask;
        while (true) {
            long at = slotAddress(pos);
            long slot = MemoryUtil.getLong(at);
            if (slot == 0) {
                int gid = newGroup(row);
                MemoryUtil.putLong(at, ((long) hash32 << 32) | ((gid + 1) & 0xFFFFFFFFL));
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
        if (source != null) {
            for (int k = 0; k < keys.length; k++) {
                if (!keys[k].equalsStored(gid, source.keys[k], row)) {
                    return false;
                }
            }
            return true;
        }
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
        for (int k = 0; k < keys.length; k++) {
            if (source == null) {
                keys[k].append(gid, row);
            } else {
                keys[k].appendStored(gid, source.keys[k], row);
            }
        }
        groups++;
        return gid;
    }

    private void grow() {
        if (capacity >= MAX_CAPACITY) {
            throw new TallyException("hash table index would exceed " + MAX_CAPACITY + " slots");
        }
        growTo(capacity * 2);
    }

    /**
     * Grows the index at once to hold {@code expected} groups without growing again, if the pool
     * grants the new index's bytes for the step; otherwise leaves it to grow as groups arrive. For
     * a caller that knows a bound of the groups to come (a spilled partition's row count): the
     * doublings on the way would rehash the index several times. An index that would take more than
     * 1/{@link #PRESIZE_SHARE_DIVISOR} of the pool's free bytes is not made ahead (the bound may be
     * far above the groups that come).
     */
    public void presize(long expected) {
        if (index == null) {
            throw new IllegalStateException("index already freed");
        }
        long cap = capacity;
        while (cap * LOAD_NUMERATOR / LOAD_DENOMINATOR <= expected && cap < MAX_CAPACITY) {
            cap *= 2;
        }
        long bytes = indexBytes(cap);
        if (cap <= capacity
                || bytes > memory.available() / PRESIZE_SHARE_DIVISOR
                || !memory.tryHold(bytes)) {
            return;
        }
        try {
            growTo((int) cap);
        } finally {
            memory.releaseHold();
        }
    }

    /** Moves every slot into a new index of {@code newCapacity} slots (a larger power of two). */
    private void growTo(int newCapacity) {
        ArrowBuf[] old = index;
        int oldCapacity = capacity;
        setIndex(allocateIndex(newCapacity));
        int mask = capacity - 1;
        for (int s = 0; s < oldCapacity; s++) {
            long slot = old[s >>> segmentShift].getLong((long) (s & segmentMask) * SLOT_BYTES);
            if (slot != 0) {
                int pos = (int) (slot >>> 32) & mask;
                while (index[pos >>> segmentShift].getLong((long) (pos & segmentMask) * SLOT_BYTES)
                        != 0) {
                    pos = (pos + 1) & mask;
                }
                index[pos >>> segmentShift].setLong((long) (pos & segmentMask) * SLOT_BYTES, slot);
            }
        }
        freeSegments(old, old.length);
    }

    /**
     * Allocates (zeroed) the segments of a {@code newCapacity}-slot index and sets the capacity.
     */
    private ArrowBuf[] allocateIndex(int newCapacity) {
        int count = Math.max(1, newCapacity >>> segmentShift);
        long segmentBytes = (long) Math.min(newCapacity, 1 << segmentShift) * SLOT_BYTES;
        ArrowBuf[] segments = new ArrowBuf[count];
        try {
            for (int i = 0; i < count; i++) {
                segments[i] = memory.allocate(segmentBytes);
            }
        } catch (RuntimeException e) {
            freeSegments(segments, count);
            throw e;
        }
        capacity = newCapacity;
        growAt = (int) ((long) newCapacity * LOAD_NUMERATOR / LOAD_DENOMINATOR);
        return segments;
    }

    /** Frees {@code segments[0..count-1]} (null entries skipped). */
    private void freeSegments(ArrowBuf[] segments, int count) {
        for (int i = 0; i < count; i++) {
            if (segments[i] != null) {
                memory.free(segments[i]);
                segments[i] = null;
            }
        }
    }

    /** Bytes the segments of a {@code slots}-slot index take, after the allocator's rounding. */
    private long indexBytes(long slots) {
        long count = Math.max(1, slots >>> segmentShift);
        return count * memory.rounded(Math.min(slots, 1L << segmentShift) * SLOT_BYTES);
    }

    /**
     * Upper bound of the bytes resolving rows {@code 0..n-1} of {@code inputs} could newly
     * allocate: a rebuilt direct-index memo, a grown index (old and new coexist while rehashing)
     * and every key column's growth if all rows were new groups.
     */
    public long growthBound(DecodedColumn[] inputs, int n) {
        long[] varBytes = new long[keys.length];
        for (int k = 0; k < keys.length; k++) {
            varBytes[k] = inputs[k].byteCount();
        }
        return (direct == null ? 0 : direct.growthBound(inputs, n)) + growthBound(n, varBytes);
    }

    /**
     * Upper bound of the bytes {@link #resolveStored} of {@code n} groups of {@code src}, all in
     * its block {@code block}, could newly allocate (the direct index is not touched).
     */
    public long growthBoundStored(GroupHashTable src, int block, int n) {
        long[] varBytes = new long[keys.length];
        for (int k = 0; k < keys.length; k++) {
            varBytes[k] = src.keys[k].storedBytes(block);
        }
        return growthBound(n, varBytes);
    }

    /**
     * A grown index (old and new coexist while rehashing) and every key column's growth if all
     * {@code n} rows were new groups, their variable-width key bytes totalling {@code varBytes[k]}.
     */
    private long growthBound(int n, long[] varBytes) {
        long bytes = 0;
        long after = (long) groups + n;
        if (after >= growAt) {
            long cap = capacity;
            while (cap * LOAD_NUMERATOR / LOAD_DENOMINATOR <= after) {
                cap *= 2;
            }
            bytes += 2 * indexBytes(cap);
        }
        int to = (int) Math.min(Integer.MAX_VALUE, after);
        for (int k = 0; k < keys.length; k++) {
            bytes += keys[k].growthBound(groups, to, varBytes[k]);
        }
        return bytes;
    }

    public int groupCount() {
        return groups;
    }

    public int blockCount() {
        return layout.blocksFor(groups);
    }

    public int keyCount() {
        return keys.length;
    }

    /** Groups in block {@code block}. */
    public int layoutRows(int block) {
        return layout.rowsIn(block, groups);
    }

    public KeyColumn key(int k) {
        return keys[k];
    }

    /** Rows looked up in the {@link DirectIndex} so far (0 without one). */
    public long directRows() {
        return direct == null ? 0 : direct.rowsLookedUp();
    }

    /** Rows the {@link DirectIndex} looked up but did not know (0 without one). */
    long directMisses() {
        return direct == null ? 0 : direct.rowsMissed();
    }

    /** Slots of the direct index's memo (0 when it has none or is off). */
    int directIndexSlots() {
        return direct == null ? 0 : direct.slotCount();
    }

    /** Index slots currently allocated. */
    int indexCapacity() {
        return capacity;
    }

    /** Frees the index now; afterwards only the records (keys by block) remain. */
    public void freeIndex() {
        if (direct != null) {
            direct.close();
        }
        if (index != null) {
            freeSegments(index, index.length);
            index = null;
        }
        if (retired != null) {
            freeSegments(retired, retiredLeft);
            retired = null;
            retiredLeft = 0;
        }
    }

    /**
     * Ends resolving: the index can no longer be used, but its segments stay allocated until {@link
     * #freeIndexSegments} or {@link #freeIndex} frees them, so the caller can spread the cost.
     */
    public void retireIndex() {
        if (direct != null) {
            direct.close();
        }
        if (index != null) {
            retired = index;
            retiredLeft = index.length;
            index = null;
        }
    }

    /** Frees up to {@code count} segments of the retired index; returns how many are still held. */
    public int freeIndexSegments(int count) {
        while (count-- > 0 && retiredLeft > 0) {
            retiredLeft--;
            memory.free(retired[retiredLeft]);
            retired[retiredLeft] = null;
        }
        if (retiredLeft == 0) {
            retired = null;
        }
        return retiredLeft;
    }

    /** Segments of the retired index still allocated. */
    public int retiredSegments() {
        return retiredLeft;
    }

    /** Frees every key column's block {@code block}. */
    public void releaseBlock(int block) {
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
