package io.tally.batch;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One of several disjoint parts of a {@link SplittableBatchSource}'s input, opened by the worker
 * thread that reads it. The parts of one {@link SplittableBatchSource#splits} call together cover
 * the input exactly once.
 */
public interface BatchSplit {
    /** {@link #rowsAtMost} of a split whose size is not known before it is read. */
    long UNKNOWN_ROWS = Long.MAX_VALUE;

    /**
     * Opens a cursor over this part; every buffer of its batches comes from {@code allocator} (the
     * reading thread's own), so no vector is shared between threads.
     */
    BatchCursor open(BufferAllocator allocator);

    /**
     * Tells a split that will never be opened (its reader failed or was cancelled first) to free
     * what it holds for the reader; a split whose data lives elsewhere holds nothing. A reader
     * calls it once, instead of {@link #open}, for every split it did not open.
     */
    default void discard() {}

    /**
     * The most rows this split can produce, when that is known before it is read (the output of an
     * aggregate already built), else {@link #UNKNOWN_ROWS}.
     */
    default long rowsAtMost() {
        return UNKNOWN_ROWS;
    }

    /**
     * A split opened through {@code open}, discarded by discarding {@code source} (the split that
     * {@code open} reads, e.g. after wrapping its cursor), producing at most the rows {@code
     * source} does.
     */
    static BatchSplit of(BatchSplit source, Function<BufferAllocator, BatchCursor> open) {
        return of(open, source::discard, source.rowsAtMost());
    }

    /** A split opened through {@code open} that runs {@code discard} if it is discarded. */
    static BatchSplit of(Function<BufferAllocator, BatchCursor> open, Runnable discard) {
        return of(open, discard, UNKNOWN_ROWS);
    }

    /** As above, producing at most {@code rowsAtMost} rows (see {@link #rowsAtMost()}). */
    static BatchSplit of(
            Function<BufferAllocator, BatchCursor> open, Runnable discard, long rowsAtMost) {
        return new BatchSplit() {
            @Override
            public BatchCursor open(BufferAllocator allocator) {
                return open.apply(allocator);
            }

            @Override
            public void discard() {
                discard.run();
            }

            @Override
            public long rowsAtMost() {
                return rowsAtMost;
            }
        };
    }

    /**
     * {@code splits}, each cursor passed through {@code wrap} as it opens; {@code wrap} gets the
     * cursor and the reading thread's allocator, must close the cursor if it fails, and may drop
     * rows but never adds any (each split keeps its {@link #rowsAtMost()}).
     */
    static List<BatchSplit> wrapAll(
            List<BatchSplit> splits, BiFunction<BatchCursor, BufferAllocator, BatchCursor> wrap) {
        List<BatchSplit> wrapped = new ArrayList<>(splits.size());
        for (BatchSplit split : splits) {
            wrapped.add(
                    BatchSplit.of(
                            split, allocator -> wrap.apply(split.open(allocator), allocator)));
        }
        return wrapped;
    }
}
