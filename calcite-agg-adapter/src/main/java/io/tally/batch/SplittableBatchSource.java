package io.tally.batch;

import java.util.List;

/**
 * A {@link BatchSource} that several threads can read at once, each through its own {@link
 * BatchSplit}. Used by the parallel aggregate ({@code io.tally.exec.ParallelAggregator}).
 */
public interface SplittableBatchSource extends BatchSource {
    /**
     * Whether {@link #splits} may be called (false when the data comes through an operator that
     * only one thread may drive, such as packed Calcite rows).
     */
    boolean splittable();

    /**
     * {@code count} splits (some may be empty) that together produce every row of the input exactly
     * once, in no particular order. Each split is opened at most once.
     */
    List<BatchSplit> splits(int count);

    /** Whether {@code input} is a splittable batch source that can be split now. */
    static boolean canSplit(Object input) {
        return input instanceof SplittableBatchSource s && s.splittable();
    }

    /**
     * {@code count} splits of {@code input}, for the operator {@code reader}.
     *
     * @throws IllegalStateException naming the reader and the input if it cannot be split
     */
    static List<BatchSplit> splitsOf(Object input, int count, String reader) {
        if (!canSplit(input)) {
            throw new IllegalStateException(
                    reader + ": input " + input + " cannot be read by several threads");
        }
        return ((SplittableBatchSource) input).splits(count);
    }
}
