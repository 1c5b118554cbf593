package io.tally.exec;

import io.tally.memory.MemoryPool;
import io.tally.memory.PeakTracker;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.QuerySpillDirectory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The final tables of a {@link ParallelAggregator}, one per key-hash partition, each merged into
 * under its own lock, and the memory relief that spills them when the pool refuses a table.
 */
final class FinalTables {
    /**
     * How long a refused partial table waits for memory that other workers hold only briefly (their
     * partial tables and exchange pieces, which they hand on or free at their own next pressure
     * point) before the query fails with the memory-limit error.
     */
    static final long RELIEF_WAIT_NANOS = 10_000_000_000L;

    /** Pause between two attempts to find memory for a refused partial table. */
    static final long RELIEF_PAUSE_NANOS = 1_000_000L;

    private final MemoryPool pool;
    private final BooleanSupplier cancelled;
    private final BlockedAggregator[] tables;
    private final ReentrantLock[] locks;

    /** What an exchange calls to merge a piece into final table {@code p}. */
    private final List<Consumer<VectorSchemaRoot>> mergeInto = new ArrayList<>();

    /**
     * {@code count} final tables of {@code spec} named {@code name.final<p>}, reserving from {@code
     * pool} (their reservations also counted in {@code shared}) and spilling into subdirectories of
     * {@code spillDirectory} (null: their own); on a failure the tables made so far are closed.
     */
    FinalTables(
            int count,
            AggregateSpec spec,
            AggregateConfig config,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String name,
            QuerySpillDirectory spillDirectory,
            PeakTracker shared) {
        this.pool = pool;
        this.cancelled = cancelled;
        this.tables = new BlockedAggregator[count];
        this.locks = new ReentrantLock[count];
        try {
            for (int p = 0; p < count; p++) {
                locks[p] = new ReentrantLock();
                tables[p] =
                        new BlockedAggregator(
                                spec,
                                config,
                                parent,
                                pool,
                                cancelled,
                                name + ".final" + p,
                                spillDirectory,
                                shared);
                int self = p;
                tables[p].onMemoryPressure(need -> relieve(self, need));
                tables[p].onMemoryPressureElsewhere(need -> spillOthers(self, need));
                mergeInto.add(tables[p]::mergePartial);
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** Number of final tables. */
    int count() {
        return tables.length;
    }

    /** Final table {@code p}. */
    BlockedAggregator table(int p) {
        return tables[p];
    }

    /** The locks guarding merges into each final table. */
    ReentrantLock[] locks() {
        return locks;
    }

    /** Per final table, what merges one piece of partial states into it (caller holds its lock). */
    List<Consumer<VectorSchemaRoot>> mergeInto() {
        return mergeInto;
    }

    /**
     * Spills final tables until the pool has {@code need} bytes free, waiting up to {@link
     * #RELIEF_WAIT_NANOS} for bytes other workers hold briefly; the caller holds no lock.
     */
    void makeRoom(long need) {
        long deadline = System.nanoTime() + RELIEF_WAIT_NANOS;
        while (lacks(need)) {
            // this thread holds no final table's lock here, and lock holders never block on another
            // lock (relieve only tries), so waiting for a final table cannot deadlock
            for (int p = 0; p < tables.length && lacks(need); p++) {
                locks[p].lock();
                try {
                    tables[p].spillNow();
                } finally {
                    locks[p].unlock();
                }
            }
            if (!lacks(need) || cancelled.getAsBoolean() || System.nanoTime() > deadline) {
                return;
            }
            LockSupport.parkNanos(RELIEF_PAUSE_NANOS);
        }
    }

    /** Whether the pool has less than {@code need} bytes free. */
    private boolean lacks(long need) {
        return need > pool.limit() - pool.reserved();
    }

    /** A final table the pool refused (its lock is held): spill it, then others if still short. */
    private void relieve(int self, long need) {
        tables[self].spillNow();
        if (lacks(need)) {
            spillOthers(self, need);
        }
    }

    /** Spills the final tables other than {@code skip} that no other thread is merging into. */
    private void spillOthers(int skip, long need) {
        for (int p = 0; p < tables.length && lacks(need); p++) {
            if (p != skip && locks[p].tryLock()) {
                try {
                    tables[p].spillNow();
                } finally {
                    locks[p].unlock();
                }
            }
        }
    }

    /**
     * Adds the tables' groups, blocks, spill counts and rows looked up by direct index to {@code
     * metrics} (not their memory peaks: those fall at different times, so the aggregate tracks its
     * peak as a whole).
     */
    void collectBuildMetrics(AggregateMetrics metrics) {
        long groups = 0;
        long blocks = 0;
        for (BlockedAggregator f : tables) {
            if (f != null) {
                AggregateMetrics m = f.metrics();
                groups += m.groups;
                blocks += m.blocks;
                metrics.spillCount += m.spillCount;
                metrics.directRows += m.directRows;
            }
        }
        metrics.groups = groups;
        metrics.blocks = blocks;
    }

    /** Groups in the final tables so far (a progress lower bound, callable from any thread). */
    long groupCount() {
        long n = 0;
        for (BlockedAggregator f : tables) {
            if (f != null) {
                n += Math.max(f.groupCount(), f.metrics().groups);
            }
        }
        return n;
    }

    /** Closes every table made (idempotent per table), rethrowing the first failure at the end. */
    void close() {
        RuntimeException failure = closeEach(tables, null);
        if (failure != null) {
            throw failure;
        }
    }

    /**
     * Closes every non-null table of {@code tables}, going on past failures; returns {@code
     * failure} or, when it is null, the first failure met (null if none).
     */
    static RuntimeException closeEach(BlockedAggregator[] tables, RuntimeException failure) {
        for (BlockedAggregator a : tables) {
            try {
                if (a != null) {
                    a.close();
                }
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        return failure;
    }
}
