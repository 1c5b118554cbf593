package io.tally.exec;

import java.util.concurrent.locks.ReentrantLock;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * One worker's side of a parallel aggregate's exchange: splits each partial-state batch by key
 * hash ({@link ExchangePartitioner}) into one piece per final table and merges every piece into
 * its table under that table's lock. Pieces go to whichever of their tables is free first (a
 * {@code tryLock} pass in rotated order, worker {@code i} starting at table {@code i}); only when
 * every table still wanted is busy does the worker wait, for the first of them.
 */
final class Exchange {
  private final int worker;
  private final BlockedAggregator[] finals;
  private final ReentrantLock[] locks;
  private final ExchangePartitioner partitioner;
  private final BufferAllocator allocator;
  private long bytes;
  private long batches;

  Exchange(int worker, BlockedAggregator[] finals, ReentrantLock[] locks,
      ExchangePartitioner partitioner, BufferAllocator allocator) {
    this.worker = worker;
    this.finals = finals;
    this.locks = locks;
    this.partitioner = partitioner;
    this.allocator = allocator;
  }

  /** Where pieces and pass-through states are allocated. */
  BufferAllocator allocator() {
    return allocator;
  }

  /** Bytes of the pieces merged so far ({@code exchange_bytes}). */
  long bytes() {
    return bytes;
  }

  /** Pieces merged so far ({@code exchange_batches}). */
  long batches() {
    return batches;
  }

  /** Merges {@code partial} (keys first, then state columns) into the final tables; the caller closes it. */
  void send(VectorSchemaRoot partial) {
    if (partial.getRowCount() == 0) {
      return;
    }
    if (finals.length == 1) {
      lockAndMerge(0, partial);
      return;
    }
    VectorSchemaRoot[] pieces = BatchSplitter.split(partial, partitioner.partitions(partial),
        finals.length, allocator);
    try {
      mergeWhereFree(pieces);
    } finally {
      for (VectorSchemaRoot piece : pieces) {
        if (piece != null) {
          piece.close();
        }
      }
    }
  }

  /** Merges every non-null piece, each into the first of its tables found unlocked. */
  private void mergeWhereFree(VectorSchemaRoot[] pieces) {
    int left = 0;
    for (VectorSchemaRoot piece : pieces) {
      left += piece == null ? 0 : 1;
    }
    boolean[] done = new boolean[pieces.length];
    while (left > 0) {
      int waitFor = -1;
      boolean progressed = false;
      for (int k = 0; k < pieces.length; k++) {
        int p = (worker + k) % pieces.length;
        if (pieces[p] == null || done[p]) {
          continue;
        }
        if (locks[p].tryLock()) {
          try {
            merge(p, pieces[p]);
          } finally {
            locks[p].unlock();
          }
          done[p] = true;
          left--;
          progressed = true;
        } else if (waitFor < 0) {
          waitFor = p;
        }
      }
      if (!progressed && waitFor >= 0) {
        lockAndMerge(waitFor, pieces[waitFor]);
        done[waitFor] = true;
        left--;
      }
    }
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
    finals[p].mergePartial(piece);
  }

  private void count(VectorSchemaRoot piece) {
    for (FieldVector v : piece.getFieldVectors()) {
      bytes += v.getBufferSize();
    }
    batches++;
  }
}
