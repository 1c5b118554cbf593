package io.tally.exec.exchange;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One worker's side of a parallel aggregate's exchange: splits each partial-state batch by key hash
 * ({@link ExchangePartitioner}) into one piece per final table and merges every piece into its
 * table under that table's lock. Pieces are merged into whichever of their tables is free (a {@code
 * tryLock} pass in rotated order, worker {@code i} starting at table {@code i}); pieces for busy
 * tables are held, up to {@link #PENDING_PIECES}, and merged at the next pass, so a worker waits
 * for a lock only when it holds too many or at {@link #finish}.
 */
public final class Exchange implements AutoCloseable {
    /**
     * Pieces a worker may hold for busy final tables before it waits for one: enough to ride out
     * another worker's merge of one batch, few enough that held memory stays a few batches.
     */
    static final int PENDING_PIECES = 8;

    private final int worker;

    /** Merges a piece into final table {@code p} (called under that table's lock). */
    private final List<Consumer<VectorSchemaRoot>> finals;

    private final ReentrantLock[] locks;
    private final ExchangePartitioner partitioner;
    private final BufferAllocator allocator;
    private final ArrayDeque<VectorSchemaRoot>[] pending;
    private int held;
    private long bytes;
    private long batches;

    /**
     * Worker {@code worker}'s exchange into the final tables: {@code finals.get(p)} merges a
     * partial-state piece into table {@code p}, guarded by {@code locks[p]}.
     */
    public Exchange(
            int worker,
            List<Consumer<VectorSchemaRoot>> finals,
            ReentrantLock[] locks,
            ExchangePartitioner partitioner,
            BufferAllocator allocator) {
        this.worker = worker;
        this.finals = finals;
        this.locks = locks;
        this.partitioner = partitioner;
        this.allocator = allocator;
        @SuppressWarnings("unchecked")
        ArrayDeque<VectorSchemaRoot>[] queues = new ArrayDeque[finals.size()];
        for (int p = 0; p < queues.length; p++) {
            queues[p] = new ArrayDeque<>();
        }
        this.pending = queues;
    }

    /** Where pieces and pass-through states are allocated. */
    public BufferAllocator allocator() {
        return allocator;
    }

    /** Bytes of the pieces merged so far ({@code exchange_bytes}). */
    public long bytes() {
        return bytes;
    }

    /** Pieces merged so far ({@code exchange_batches}). */
    public long batches() {
        return batches;
    }

    /**
     * Merges {@code partial} (keys first, then state columns) into the final tables; the caller
     * closes it.
     */
    public void send(VectorSchemaRoot partial) {
        if (partial.getRowCount() == 0) {
            return;
        }
        if (finals.size() == 1) {
            lockAndMerge(0, partial);
            return;
        }
        VectorSchemaRoot[] pieces =
                BatchSplitter.split(
                        partial, partitioner.partitions(partial), finals.size(), allocator);
        for (int p = 0; p < pieces.length; p++) {
            if (pieces[p] != null) {
                pending[p].add(pieces[p]);
                held++;
            }
        }
        mergeWhereFree();
        while (held > PENDING_PIECES) {
            mergeAll(fullest(pending));
        }
    }

    /** Merges every held piece, waiting for busy tables (at the end of the worker's input). */
    public void finish() {
        mergeWhereFree();
        for (int k = 0; k < finals.size(); k++) {
            mergeAll((worker + k) % finals.size());
        }
    }

    /** Frees the pieces still held (after a failure; none are left after {@link #finish}). */
    @Override
    public void close() {
        for (ArrayDeque<VectorSchemaRoot> queue : pending) {
            for (VectorSchemaRoot piece : queue) {
                piece.close();
            }
            queue.clear();
        }
        held = 0;
    }

    /** Merges the held pieces of every table that is not locked now, in rotated order. */
    private void mergeWhereFree() {
        for (int k = 0; k < finals.size() && held > 0; k++) {
            int p = (worker + k) % finals.size();
            if (!pending[p].isEmpty() && locks[p].tryLock()) {
                try {
                    mergeHeld(p);
                } finally {
                    locks[p].unlock();
                }
            }
        }
    }

    /** Merges table {@code p}'s held pieces, waiting for its lock. */
    private void mergeAll(int p) {
        if (pending[p].isEmpty()) {
            return;
        }
        locks[p].lock();
        try {
            mergeHeld(p);
        } finally {
            locks[p].unlock();
        }
    }

    /** Under table {@code p}'s lock: merges and frees its held pieces. */
    private void mergeHeld(int p) {
        VectorSchemaRoot piece;
        while ((piece = pending[p].peek()) != null) {
            try {
                merge(p, piece);
            } finally {
                pending[p].poll();
                held--;
                piece.close();
            }
        }
    }

    /** The final table (index into {@code pending}) with the most held pieces. */
    public static int fullest(ArrayDeque<?>[] pending) {
        int best = 0;
        for (int p = 1; p < pending.length; p++) {
            if (pending[p].size() > pending[best].size()) {
                best = p;
            }
        }
        return best;
    }

    private void lockAndMerge(int p, VectorSchemaRoot piece) {
        locks[p].lock();
        try {
            merge(p, piece);
        } finally {
            locks[p].unlock();
        }
    }

    private void merge(int p, VectorSchemaRoot piece) {
        count(piece);
        finals.get(p).accept(piece);
    }

    private void count(VectorSchemaRoot piece) {
        for (FieldVector v : piece.getFieldVectors()) {
            bytes += v.getBufferSize();
        }
        batches++;
    }
}
