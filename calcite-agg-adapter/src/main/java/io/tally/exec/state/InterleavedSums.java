package io.tally.exec.state;

import io.tally.exec.hash.DecodedColumn;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * Adds one chunk to all the sums that {@link SumAccumulator#interleaveSums} put in one record per
 * group, row by row: each row finds its record once and adds every call's value to it while its
 * cache line is loaded, instead of one loop per call re-finding (and, past the first, re-reading
 * from L2) the chunk's records (h2o q5: three sums over 1e6 groups, every row a cache miss).
 *
 * <p>It runs a chunk only when no member's argument has a NULL and every row has a group, in one of
 * two ways; otherwise the calls update one by one, as without it:
 *
 * <ul>
 *   <li>dense: SUM or $SUM0 only, no chunk tally, every earlier group flagged (what each call's
 *       {@link SumAccumulator} dense path would take anyway): the values are added into the
 *       records;
 *   <li>tallied: the chunk has a {@link ChunkTally} (few groups; AVG too) and the groups fit the
 *       first block: the values are added into the records at that block's address (no block lookup
 *       per row) while each group's rows are counted once for every call, then the AVG counts and
 *       SUM flags are added per group (h2o q4: three AVGs over 100 groups, where the per-call loops
 *       and the tally's own pass each walked the chunk again).
 * </ul>
 *
 * <p>Record layout as in {@link SumAccumulator}: call i's sum at byte {@code 8 * i} of a {@code 8 *
 * k}-byte record.
 */
public final class InterleavedSums {
    /** Calls added together in one loop: the record's sums are handled in runs of this many. */
    static final int LANES = 3;

    /** The calls sharing the record, in record order. */
    private final SumAccumulator[] members;

    /** Per call of the table: whether it is one of {@link #members}. */
    private final boolean[] member;

    /** Per group of a tallied chunk: its rows, zero between chunks. */
    private int[] groupRows = new int[0];

    InterleavedSums(SumAccumulator[] members, boolean[] member) {
        this.members = members;
        this.member = member;
    }

    /** Whether call {@code call} (its index in the table's call list) is one of these sums. */
    public boolean covers(int call) {
        return member[call];
    }

    /**
     * Adds rows {@code 0..n-1} of every member's bound argument to groups {@code gids[i]} and
     * counts them or sets the members' flags, returning true; or does nothing and returns false
     * when some member or row does not qualify (see the class doc), so the caller updates the calls
     * one by one.
     */
    public boolean update(int[] gids, int n) {
        ChunkTally tally = members[0].boundTally();
        for (SumAccumulator s : members) {
            boolean qualifies =
                    tally != null
                            ? s.boundTally() == tally && s.takesTalliedChunk()
                            : s.takesDenseChunk();
            if (!qualifies) {
                return false;
            }
        }
        if (!SumAccumulator.everyRowGrouped(gids, n)) {
            return false;
        }
        if (tally != null) {
            if (tally.groupCount() > members[0].layout.size()) {
                return false;
            }
            addTallied(gids, n, tally.groupCount());
            return true;
        }
        for (int first = 0; first < members.length; first += LANES) {
            addLanes(gids, n, first, Math.min(LANES, members.length - first));
        }
        for (SumAccumulator s : members) {
            s.flagNewGroups();
        }
        return true;
    }

    /**
     * The tallied way (class doc) for a table of {@code groups} groups, all in the first block: the
     * lanes add into the records at that block's address, the run starting at member 0 also
     * counting each row into {@link #groupRows}; then every member counts them.
     */
    private void addTallied(int[] gids, int n, int groups) {
        if (groupRows.length < groups) {
            groupRows = new int[Math.max(groups, 2 * groupRows.length)];
        }
        long base = members[0].sumColumn().blocks[0].memoryAddress();
        try {
            for (int first = 0; first < members.length; first += LANES) {
                addBlockLanes(gids, n, base, first, Math.min(LANES, members.length - first));
            }
            for (SumAccumulator s : members) {
                s.countRows(groupRows, groups);
            }
        } finally {
            Arrays.fill(groupRows, 0, groups, 0);
        }
    }

    /**
     * As {@link #addLanes} for rows whose groups all lie in the block at {@code base}; the run
     * starting at member 0 also counts each row into {@link #groupRows}.
     */
    private void addBlockLanes(int[] gids, int n, long base, int first, int count) {
        long stride = (long) Long.BYTES * members.length;
        long o0 = base + (long) Long.BYTES * first;
        long o1 = o0 + Long.BYTES;
        long o2 = o1 + Long.BYTES;
        DecodedColumn a0 = members[first].argument();
        DecodedColumn a1 = count > 1 ? members[first + 1].argument() : null;
        DecodedColumn a2 = count > 2 ? members[first + 2].argument() : null;
        long[] l0 = longs(first, a0);
        long[] l1 = longs(first + 1, a1);
        long[] l2 = longs(first + 2, a2);
        double[] d0 = a0.doubles;
        double[] d1 = a1 == null ? null : a1.doubles;
        double[] d2 = a2 == null ? null : a2.doubles;
        int[] rows = first == 0 ? groupRows : null;
        if (count == LANES && rows != null && l0 == null && l1 == null && l2 == null) {
            addDoubles3(gids, n, o0, stride, d0, d1, d2, rows);
            return;
        }
        long ov0 = 0;
        long ov1 = 0;
        long ov2 = 0;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            long at = g * stride;
            if (l0 != null) {
                ov0 |= addLong(at + o0, l0[i]);
            } else {
                addDouble(at + o0, d0[i]);
            }
            if (l1 != null) {
                ov1 |= addLong(at + o1, l1[i]);
            } else if (a1 != null) {
                addDouble(at + o1, d1[i]);
            }
            if (l2 != null) {
                ov2 |= addLong(at + o2, l2[i]);
            } else if (a2 != null) {
                addDouble(at + o2, d2[i]);
            }
            if (rows != null) {
                rows[g]++;
            }
        }
        failOnOverflow(first, count, ov0, ov1, ov2);
    }

    /**
     * {@link #addBlockLanes} for three DOUBLE lanes that also count the rows (h2o q4: three AVGs of
     * doubles): no per-row test of each lane's type, which the general loop pays nine times a row.
     */
    private static void addDoubles3(
            int[] gids,
            int n,
            long o0,
            long stride,
            double[] d0,
            double[] d1,
            double[] d2,
            int[] rows) {
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            long at = o0 + g * stride;
            addDouble(at, d0[i]);
            addDouble(at + Long.BYTES, d1[i]);
            addDouble(at + 2 * Long.BYTES, d2[i]);
            rows[g]++;
        }
    }

    /**
     * Adds members {@code first .. first+count-1} (count 1 to {@link #LANES}) in one pass. A LONG
     * sum wraps and collects the overflow bits ({@code (x ^ s) & (v ^ s)} is negative exactly when
     * {@code x + v} overflowed); any overflow fails the query after the pass, naming its call.
     */
    private void addLanes(int[] gids, int n, int first, int count) {
        SumAccumulator head = members[0];
        ArrowBuf[] blocks = head.sumColumn().blocks;
        int shift = head.layout.shift();
        int mask = head.layout.mask();
        long stride = (long) Long.BYTES * members.length;
        long o0 = (long) Long.BYTES * first;
        long o1 = o0 + Long.BYTES;
        long o2 = o1 + Long.BYTES;
        DecodedColumn a0 = members[first].argument();
        DecodedColumn a1 = count > 1 ? members[first + 1].argument() : null;
        DecodedColumn a2 = count > 2 ? members[first + 2].argument() : null;
        long[] l0 = longs(first, a0);
        long[] l1 = longs(first + 1, a1);
        long[] l2 = longs(first + 2, a2);
        double[] d0 = a0.doubles;
        double[] d1 = a1 == null ? null : a1.doubles;
        double[] d2 = a2 == null ? null : a2.doubles;
        long ov0 = 0;
        long ov1 = 0;
        long ov2 = 0;
        for (int i = 0; i < n; i++) {
            int g = gids[i];
            long at = blocks[g >>> shift].memoryAddress() + (g & mask) * stride;
            if (l0 != null) {
                ov0 |= addLong(at + o0, l0[i]);
            } else {
                addDouble(at + o0, d0[i]);
            }
            if (l1 != null) {
                ov1 |= addLong(at + o1, l1[i]);
            } else if (a1 != null) {
                addDouble(at + o1, d1[i]);
            }
            if (l2 != null) {
                ov2 |= addLong(at + o2, l2[i]);
            } else if (a2 != null) {
                addDouble(at + o2, d2[i]);
            }
        }
        failOnOverflow(first, count, ov0, ov1, ov2);
    }

    /** Fails naming the first of members {@code first ..} whose overflow bits are negative. */
    private void failOnOverflow(int first, int count, long ov0, long ov1, long ov2) {
        long[] overflow = {ov0, ov1, ov2};
        for (int lane = 0; lane < count; lane++) {
            if (overflow[lane] < 0) {
                throw members[first + lane].overflow(new ArithmeticException("long overflow"));
            }
        }
    }

    /** Member {@code m}'s LONG values, or null when it sums doubles or does not exist. */
    private long[] longs(int m, DecodedColumn a) {
        return a != null && members[m].sumsLongs() ? a.longs : null;
    }

    /** Adds {@code v} to the long at {@code at}; negative when the addition overflowed. */
    private static long addLong(long at, long v) {
        long x = MemoryUtil.getLong(at);
        long s = x + v;
        MemoryUtil.putLong(at, s);
        return (x ^ s) & (v ^ s);
    }

    private static void addDouble(long at, double v) {
        double s = Double.longBitsToDouble(MemoryUtil.getLong(at)) + v;
        MemoryUtil.putLong(at, Double.doubleToRawLongBits(s));
    }
}
