package io.tally.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One of several disjoint parts of a {@link SplittableBatchSource}'s input, opened by the worker
 * thread that reads it. The parts of one {@link SplittableBatchSource#splits} call together cover
 * the input exactly once.
 */
public interface BatchSplit {
    /**
     * Opens a cursor over this part; every buffer of its batches comes from {@code allocator} (the
     * reading thread's own), so no vector is shared between threads.
     */
    BatchCursor open(BufferAllocator allocator);

    /**
     * {@code splits}, each cursor passed through {@code wrap} as it opens; {@code wrap} gets the
     * cursor and the reading thread's allocator, and must close the cursor if it fails.
     */
    static List<BatchSplit> wrapAll(
            List<BatchSplit> splits, BiFunction<BatchCursor, BufferAllocator, BatchCursor> wrap) {
        List<BatchSplit> wrapped = new ArrayList<>(splits.size());
        for (BatchSplit split : splits) {
            wrapped.add(allocator -> wrap.apply(split.open(allocator), allocator));
        }
        return wrapped;
    }
}
