package io.tally.exec.hash;

import io.tally.batch.ColumnCodes;
import io.tally.batch.ColumnType;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Group ids by array index for keys whose values lie in a small range (DuckDB's perfect-hash
 * aggregate), in front of the {@link GroupHashTable}, which stays the only owner of groups and
 * their keys: this is a memo of the ids it assigned.
 *
 * <p>Each key maps a row to a code in {@code [0, width)}: 0 for NULL; for a LONG-family key {@code
 * value - low + 1}; for a VARCHAR key whose batch carries dictionary codes ({@link ColumnCodes})
 * its code + 1. A row's slot is the mixed-radix number of its keys' codes (key 0 least
 * significant). Memo layout: {@code slots} 4-byte ints, {@code group id + 1} (0: not seen yet),
 * allocated zeroed from the operator's memory.
 *
 * <p>A chunk whose values leave the ranges (or whose dictionary changed) rebuilds the memo, empty,
 * over ranges covering every value seen so far, a LONG range at least doubling so a drifting key
 * rebuilds only logarithmically often, but never past the slot cap: a key whose values fill most of
 * the cap (1..1,000,000 under 2^20 slots) gets a range grown only up to the cap. Beyond the cap
 * ({@link #MAX_SLOTS}, fewer under a memory limit: {@link #LIMIT_SHARE}) or {@link #MAX_REBUILDS}
 * rebuilds the index turns itself off for good. A chunk it cannot code (a DOUBLE, DECIMAL or
 * uncoded string key) goes to the hash table alone.
 *
 * <p>A rebuilt memo of LONG-family keys only is refilled at once from the table's stored keys
 * ({@link #refill}), one sequential pass over them, so the groups the table already holds do not
 * each miss and go through a hash probe again (h2o's id6 at 1e8 rows: the range's last records came
 * at ~130K, ~330K, ~620K and ~950K groups, ~2M probes per table). String keys are coded by the
 * batch's dictionary, which stored keys do not carry: their memo refills row by row.
 */
final class DirectIndex implements AutoCloseable {
    /**
     * Most memo slots (4 MiB of ints): a memo this size still mostly hits L2/L3, where a hash probe
     * of as many groups misses on its index and its keys.
     */
    static final int MAX_SLOTS = 1 << 20;

    /**
     * Largest share of the operator's memory limit a memo may take (1/16): the memo is optional, so
     * under a tight limit it must not crowd out the groups (whose growth the gate bounds with the
     * memo's, and which spill while it could not).
     */
    static final int LIMIT_SHARE = 16;

    /** Memo rebuilds allowed before the index gives up on keys that keep leaving their range. */
    static final int MAX_REBUILDS = 24;

    private static final int SLOT_BYTES = 4;

    private final OperatorMemory memory;

    /** The table's key columns, read by {@link #refill}. */
    private final KeyColumn[] keys;

    /** {@link #MAX_SLOTS}, or fewer under a memory limit ({@link #LIMIT_SHARE}). */
    private final long maxSlots;

    private final ColumnType.Family[] families;

    /** Per key: the value coded 1 (LONG keys). */
    private final long[] low;

    /** Per key: codes in use including NULL's 0; 0 before the first chunk. */
    private final long[] width;

    /** Per key: the dictionary its codes refer to (coded VARCHAR keys). */
    private final ColumnCodes.Dictionary[] dictionary;

    /** Per key: smallest and largest non-NULL value of the chunks coded so far (LONG keys). */
    private final long[] seenMin;

    private final long[] seenMax;

    /** Scratch of {@link #plan}: the ranges a rebuild would use. */
    private final long[] newLow;

    private final long[] newWidth;

    /** Scratch of {@link #plan}: per LONG key, the width covering the values seen, unpadded. */
    private final long[] needWidth;

    /** Scratch of {@link #plan}: per LONG key, whether its range grows downward. */
    private final boolean[] growsDown;

    private final long[] chunkMin;
    private final long[] chunkMax;

    private ArrowBuf memo;
    private long memoAddress;
    private int slotCount;
    private int rebuilds;
    private boolean off;

    /** Rows looked up in the memo (of chunks it could code), for {@code EXPLAIN ANALYZE}. */
    private long rowsLookedUp;

    /** Rows looked up whose slot was empty (new groups, or groups a rebuild forgot). */
    private long rowsMissed;

    /** Per row of the current chunk: its slot. */
    private int[] rowSlots = new int[0];

    DirectIndex(KeyColumn[] keys, OperatorMemory memory) {
        this.memory = memory;
        this.keys = keys;
        this.maxSlots = Math.min(MAX_SLOTS, memory.limit() / LIMIT_SHARE / SLOT_BYTES);
        int k = keys.length;
        families = new ColumnType.Family[k];
        for (int i = 0; i < k; i++) {
            families[i] = keys[i].type.family();
            if (families[i] != ColumnType.Family.LONG && families[i] != ColumnType.Family.BYTES) {
                off = true;
            }
            if (families[i] == ColumnType.Family.BYTES
                    && keys[i].type.type() != ColumnType.VARCHAR) {
                off = true;
            }
        }
        low = new long[k];
        width = new long[k];
        dictionary = new ColumnCodes.Dictionary[k];
        seenMin = new long[k];
        seenMax = new long[k];
        Arrays.fill(seenMin, Long.MAX_VALUE);
        Arrays.fill(seenMax, Long.MIN_VALUE);
        newLow = new long[k];
        newWidth = new long[k];
        needWidth = new long[k];
        growsDown = new boolean[k];
        chunkMin = new long[k];
        chunkMax = new long[k];
    }

    /**
     * Looks rows {@code 0..n-1} up: {@code gids[i]} is the memo's group id or -1 (not seen yet).
     * Returns how many are -1, or -1 if the chunk cannot be coded (then {@code gids} is untouched).
     * May rebuild the memo (at most {@link #growthBound} bytes), refilled from the table's {@code
     * groups} groups.
     */
    int lookup(DecodedColumn[] inputs, int n, int[] gids, int groups) {
        if (off) {
            return -1;
        }
        long slotsNeeded = plan(inputs, n);
        if (slotsNeeded < 0) {
            return -1;
        }
        if (slotsNeeded > 0) {
            rebuild(slotsNeeded);
            if (off) {
                return -1;
            }
            refill(groups);
        }
        for (int k = 0; k < families.length; k++) {
            if (families[k] == ColumnType.Family.LONG) {
                seenMin[k] = Math.min(seenMin[k], chunkMin[k]);
                seenMax[k] = Math.max(seenMax[k], chunkMax[k]);
            }
        }
        computeSlots(inputs, n);
        rowsLookedUp += n;
        int misses = 0;
        long base = memoAddress;
        int[] s = rowSlots;
        for (int i = 0; i < n; i++) {
            int gid = MemoryUtil.getInt(base + (long) s[i] * SLOT_BYTES) - 1;
            gids[i] = gid;
            misses += gid >>> 31;
        }
        rowsMissed += misses;
        return misses;
    }

    /** Slots of the memo (0 when there is none). */
    int slotCount() {
        return slotCount;
    }

    /** Rows looked up in the memo so far (hits and misses). */
    long rowsLookedUp() {
        return rowsLookedUp;
    }

    /** Rows looked up whose slot was empty so far. */
    long rowsMissed() {
        return rowsMissed;
    }

    /** Records that row {@code row} of the last {@link #lookup} has group {@code gid}. */
    void remember(int row, int gid) {
        MemoryUtil.putInt(memoAddress + (long) rowSlots[row] * SLOT_BYTES, gid + 1);
    }

    /** Bytes {@link #lookup} of these rows could allocate: a rebuilt memo. */
    long growthBound(DecodedColumn[] inputs, int n) {
        if (off) {
            return 0;
        }
        long slotsNeeded = plan(inputs, n);
        return slotsNeeded > 0 && slotsNeeded <= maxSlots && rebuilds < MAX_REBUILDS
                ? memory.rounded(slotsNeeded * SLOT_BYTES)
                : 0;
    }

    /**
     * Checks the chunk against the current ranges: 0 if every row fits, -1 if it cannot be coded,
     * else the slot count of a memo over ranges that fit it and every value seen before (left in
     * {@link #newLow}, {@link #newWidth}; above {@link #maxSlots} when no such memo fits the cap).
     */
    private long plan(DecodedColumn[] inputs, int n) {
        boolean fits = memo != null;
        for (int k = 0; k < families.length; k++) {
            DecodedColumn in = inputs[k];
            needWidth[k] = 0;
            if (families[k] == ColumnType.Family.BYTES) {
                if (in.dictionary == null) {
                    if (!allNull(in, n)) {
                        return -1;
                    }
                    newLow[k] = 0;
                    newWidth[k] = Math.max(1, width[k]);
                    continue;
                }
                newLow[k] = 0;
                newWidth[k] = in.dictionary.size() + 1L;
                fits &= in.dictionary == dictionary[k];
                continue;
            }
            range(in, n, k);
            if (chunkMin[k] > chunkMax[k]) { // all NULL
                newLow[k] = low[k];
                newWidth[k] = Math.max(1, width[k]);
                continue;
            }
            if (chunkMin[k] == Long.MIN_VALUE || chunkMax[k] == Long.MAX_VALUE) {
                return maxSlots + 1; // keeps low - 1 and every code's arithmetic in range
            }
            long lo = Math.min(chunkMin[k], seenMin[k]);
            long hi = Math.max(chunkMax[k], seenMax[k]);
            if (hi - lo < 0 || hi - lo >= maxSlots) { // also catches overflow
                return maxSlots + 1;
            }
            boolean inside = covers(k, chunkMin[k], chunkMax[k]);
            fits &= inside;
            newLow[k] = lo;
            newWidth[k] = hi - lo + 2;
            if (!inside && width[k] > 1) { // pad to at least double, toward the side that grew
                needWidth[k] = newWidth[k];
                growsDown[k] = chunkMin[k] < low[k];
                newWidth[k] = Math.max(newWidth[k], 2 * (width[k] - 1) + 1);
            }
        }
        if (fits) {
            return 0;
        }
        if (slots(newWidth) > maxSlots && !capPadding()) {
            return maxSlots + 1;
        }
        placePadded();
        return slots(newWidth);
    }

    /**
     * Padded past the cap: pads only as far as the cap allows, in key order; false when even the
     * unpadded ranges pass it.
     */
    private boolean capPadding() {
        long unpadded = 1;
        for (int k = 0; k < families.length; k++) {
            unpadded *= needWidth[k] > 0 ? needWidth[k] : newWidth[k];
            if (unpadded > maxSlots) {
                return false;
            }
        }
        for (int k = 0; k < families.length; k++) {
            if (needWidth[k] > 0) {
                long others = unpadded / needWidth[k];
                newWidth[k] = Math.min(newWidth[k], maxSlots / others);
                unpadded = others * newWidth[k];
            }
        }
        return true;
    }

    /** Product of {@code widths}, or {@code maxSlots + 1} once it passes {@link #maxSlots}. */
    private long slots(long[] widths) {
        long product = 1;
        for (int k = 0; k < families.length; k++) {
            product *= widths[k];
            if (product > maxSlots) {
                return maxSlots + 1;
            }
        }
        return product;
    }

    /**
     * Moves {@link #newLow} of each padded LONG key so its padding lies on the side its values grew
     * (downward: the range ends at the largest value seen), the ends staying strictly inside the
     * long range.
     */
    private void placePadded() {
        for (int k = 0; k < families.length; k++) {
            if (needWidth[k] > 0 && growsDown[k] && newWidth[k] > needWidth[k]) {
                long hi = newLow[k] + needWidth[k] - 2;
                long span = newWidth[k] - 2;
                newLow[k] = hi > Long.MIN_VALUE + 1 + span ? hi - span : Long.MIN_VALUE + 1;
                newWidth[k] = hi - newLow[k] + 2;
            } else if (needWidth[k] > 0 && newWidth[k] > needWidth[k]) {
                long span = newWidth[k] - 2;
                long hi =
                        newLow[k] < Long.MAX_VALUE - 1 - span
                                ? newLow[k] + span
                                : Long.MAX_VALUE - 1;
                newWidth[k] = hi - newLow[k] + 2;
            }
        }
    }

    private static boolean allNull(DecodedColumn in, int n) {
        for (int i = 0; i < n; i++) {
            if (in.nulls[i] == 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Smallest and largest non-NULL value of LONG key {@code k} (min > max if none): the column's
     * own range when it holds exactly these rows (computed once per chunk, though {@link
     * #growthBound} and {@link #lookup} both plan it), else a pass here.
     */
    private void range(DecodedColumn in, int n, int k) {
        if (in.rows == n) {
            chunkMin[k] = in.minLong();
            chunkMax[k] = in.maxLong();
            return;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        byte[] nulls = in.nulls;
        long[] v = in.longs;
        for (int i = 0; i < n; i++) {
            if (nulls[i] == 0) {
                min = Math.min(min, v[i]);
                max = Math.max(max, v[i]);
            }
        }
        chunkMin[k] = min;
        chunkMax[k] = max;
    }

    /** Replaces the memo by an empty one of {@code count} slots over the planned ranges. */
    private void rebuild(long count) {
        if (count > maxSlots || rebuilds >= MAX_REBUILDS) {
            off = true;
            freeMemo();
            return;
        }
        freeMemo();
        memo = memory.allocate(count * SLOT_BYTES);
        memoAddress = memo.memoryAddress();
        slotCount = (int) count;
        rebuilds++;
        System.arraycopy(newLow, 0, low, 0, low.length);
        System.arraycopy(newWidth, 0, width, 0, width.length);
        long check = 1;
        for (long w : width) {
            check *= w;
        }
        if (check != count) {
            throw new IllegalStateException("memo of " + count + " slots over widths " + check);
        }
        for (int k = 0; k < families.length; k++) {
            dictionary[k] = null;
        }
    }

    /**
     * Writes the slot of each of groups {@code 0..groups-1} into the freshly rebuilt memo when
     * every key is LONG-family; a group whose key lies outside the new ranges (created by a path
     * that bypasses the memo, e.g. a merge) is left out, and is found by probing if it comes.
     */
    private void refill(int groups) {
        for (ColumnType.Family family : families) {
            if (family != ColumnType.Family.LONG) {
                return;
            }
        }
        for (int g = 0; g < groups; g++) {
            long slot = 0;
            long stride = 1;
            for (int k = 0; k < keys.length && slot >= 0; k++) {
                if (keys[k].nullFlag(g) == 0) {
                    long v = keys[k].longAt(g);
                    slot = covers(k, v, v) ? slot + (v - low[k] + 1) * stride : -1;
                }
                stride *= width[k];
            }
            if (slot >= 0) {
                MemoryUtil.putInt(memoAddress + slot * SLOT_BYTES, g + 1);
            }
        }
    }

    /**
     * Whether key {@code k}'s memo range codes every value in {@code [lo, hi]}: codes 1..width-1
     * stand for {@code low..low + width - 2} (0 is NULL), a range inside the long range, so the
     * bound does not overflow.
     */
    private boolean covers(int k, long lo, long hi) {
        return width[k] > 1 && lo >= low[k] && hi <= low[k] + width[k] - 2;
    }

    /** Fills {@link #rowSlots} for rows {@code 0..n-1} (every row fits the ranges). */
    private void computeSlots(DecodedColumn[] inputs, int n) {
        if (rowSlots.length < n) {
            rowSlots = new int[Math.max(n, rowSlots.length * 2)];
        }
        int[] s = rowSlots;
        long stride = 1;
        for (int k = 0; k < families.length; k++) {
            DecodedColumn in = inputs[k];
            if (families[k] == ColumnType.Family.BYTES) {
                if (in.dictionary != null) {
                    dictionary[k] = in.dictionary;
                    addCodes(s, n, k == 0, in.hasNulls ? in.nulls : null, in.codes, (int) stride);
                } else if (k == 0) {
                    Arrays.fill(s, 0, n, 0); // every row NULL (plan checked), code 0
                }
            } else {
                addValues(
                        s, n, k == 0, in.hasNulls ? in.nulls : null, in.longs, low[k] - 1, stride);
            }
            stride *= width[k];
        }
    }

    /**
     * Adds (or, for the first key, {@code first}, stores) each row's dictionary code + 1 times
     * {@code stride} into its slot; a NULL row ({@code nulls} null: none) adds code 0.
     */
    private static void addCodes(
            int[] s, int n, boolean first, byte[] nulls, int[] codes, int stride) {
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                int c = nulls[i] != 0 ? 0 : (codes[i] + 1) * stride;
                s[i] = first ? c : s[i] + c;
            }
        } else if (first) {
            for (int i = 0; i < n; i++) {
                s[i] = (codes[i] + 1) * stride;
            }
        } else {
            for (int i = 0; i < n; i++) {
                s[i] += (codes[i] + 1) * stride;
            }
        }
    }

    /** As {@link #addCodes} for LONG values: code {@code value - base}. */
    private static void addValues(
            int[] s, int n, boolean first, byte[] nulls, long[] v, long base, long stride) {
        int st = (int) stride;
        if (nulls != null) {
            for (int i = 0; i < n; i++) {
                int c = nulls[i] != 0 ? 0 : (int) (v[i] - base) * st;
                s[i] = first ? c : s[i] + c;
            }
        } else if (first) {
            for (int i = 0; i < n; i++) {
                s[i] = (int) (v[i] - base);
            }
        } else {
            for (int i = 0; i < n; i++) {
                s[i] += (int) (v[i] - base) * st;
            }
        }
    }

    private void freeMemo() {
        if (memo != null) {
            memory.free(memo);
            memo = null;
            memoAddress = 0;
            slotCount = 0;
        }
    }

    @Override
    public void close() {
        freeMemo();
    }
}
