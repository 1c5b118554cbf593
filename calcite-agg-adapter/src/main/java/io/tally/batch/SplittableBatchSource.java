package io.tally.batch;

import java.util.List;

/**
 * A {@link BatchSource} that several threads can read at once, each through its own
 * {@link BatchSplit}. Used by the parallel aggregate ({@code io.tally.exec.ParallelAggregator}).
 */
public interface SplittableBatchSource extends BatchSource {
  /**
   * Whether {@link #splits} may be called (false when the data comes through an operator that
   * only one thread may drive, such as packed Calcite rows).
   */
  boolean splittable();

  /**
   * {@code count} splits (some may be empty) that together produce every row of the input
   * exactly once, in no particular order. Each split is opened at most once.
   */
  List<BatchSplit> splits(int count);
}
