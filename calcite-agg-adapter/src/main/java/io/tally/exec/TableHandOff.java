package io.tally.exec;

import io.tally.exec.exchange.BatchSplitter;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.Hashing;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Hands a worker's partial table to the final tables at the end of its input, table to table: per
 * block, its groups are split by final partition ({@link Hashing#partition} of the hash each
 * group's index slot keeps, the exchange's routing) and each partition's groups are merged into
 * that final table under its lock ({@link BlockedAggregator#mergeTable}), keys compared and copied
 * from the partial table in place (no Arrow batch of keys, no decoding, no hashing again). States
 * merge state column to state column where every call can ({@link PartialStates#statesInPlace});
 * else they travel as a states-only batch split by partition. Final tables free first (a {@code
 * tryLock} pass in rotated order, worker {@code i} starting at table {@code i}) go first.
 */
final class TableHandOff {
    private final int worker;
    private final FinalTables finals;
    private final BlockLayout layout;
    private final BufferAllocator allocator;
    private long groups;

    /** Worker {@code worker}'s hand-off into {@code finals}; pieces come from {@code allocator}. */
    TableHandOff(int worker, FinalTables finals, BlockLayout layout, BufferAllocator allocator) {
        this.worker = worker;
        this.finals = finals;
        this.layout = layout;
        this.allocator = allocator;
    }

    /** Groups handed on so far ({@code table_merged_groups}). */
    long groups() {
        return groups;
    }

    /**
     * Merges the {@code n} groups of block {@code block} of {@code src} (whose groups' stored
     * hashes are {@code hashes}), with their states {@code states} (null: merged in place), into
     * the final tables; the caller closes {@code states}.
     */
    void merge(PartialStates src, int block, int n, int[] hashes, VectorSchemaRoot states) {
        if (n == 0) {
            return;
        }
        int fanout = finals.count();
        int first = block << layout.shift();
        int[] parts = new int[n];
        int[] counts = new int[fanout];
        for (int i = 0; i < n; i++) {
            parts[i] = fanout == 1 ? 0 : Hashing.partition(hashes[first + i], fanout);
            counts[parts[i]]++;
        }
        // each partition's group ids in block order, as BatchSplitter orders its rows
        int[][] gids = new int[fanout][];
        for (int p = 0; p < fanout; p++) {
            gids[p] = new int[counts[p]];
        }
        int[] next = new int[fanout];
        for (int i = 0; i < n; i++) {
            gids[parts[i]][next[parts[i]]++] = first + i;
        }
        VectorSchemaRoot[] pieces =
                fanout == 1 || states == null
                        ? new VectorSchemaRoot[fanout]
                        : BatchSplitter.split(states, parts, fanout, allocator);
        try {
            boolean[] done = new boolean[fanout];
            int left = 0;
            for (int p = 0; p < fanout; p++) {
                done[p] = counts[p] == 0;
                left += done[p] ? 0 : 1;
            }
            // free tables first, then wait for the busy ones in rotated order
            for (int pass = 0; pass < 2 && left > 0; pass++) {
                for (int k = 0; k < fanout; k++) {
                    int p = (worker + k) % fanout;
                    if (done[p]) {
                        continue;
                    }
                    ReentrantLock lock = finals.locks()[p];
                    if (pass == 0 ? lock.tryLock() : lockNow(lock)) {
                        try {
                            VectorSchemaRoot piece = fanout == 1 ? states : pieces[p];
                            finals.table(p)
                                    .mergeTable(src, block, gids[p], hashes, counts[p], piece);
                        } finally {
                            lock.unlock();
                        }
                        done[p] = true;
                        left--;
                        groups += counts[p];
                    }
                }
            }
        } finally {
            for (VectorSchemaRoot piece : pieces) {
                if (piece != null) {
                    piece.close();
                }
            }
        }
    }

    private static boolean lockNow(ReentrantLock lock) {
        lock.lock();
        return true;
    }
}
