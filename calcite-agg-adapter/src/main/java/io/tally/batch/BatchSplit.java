package io.tally.batch;

import org.apache.arrow.memory.BufferAllocator;

/**
 * One of several disjoint parts of a {@link SplittableBatchSource}'s input, opened by the worker
 * thread that reads it. The parts of one {@link SplittableBatchSource#splits} call together cover
 * the input exactly once.
 */
public interface BatchSplit {
  /**
   * Opens a cursor over this part; every buffer of its batches comes from {@code allocator}
   * (the reading thread's own), so no vector is shared between threads.
   */
  BatchCursor open(BufferAllocator allocator);
}
