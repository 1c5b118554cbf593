package io.tally.plan;

import io.tally.exec.BlockedAggregator;
import io.tally.jdbc.QueryProgress;

/**
 * Passes one aggregate's growth (groups, spilled bytes) on to its statement's
 * {@link QueryProgress}; {@link #update()} is called once per input batch and adds only what
 * changed since the previous call.
 */
final class AggregateProgress {
  private final QueryProgress progress;
  private final BlockedAggregator aggregator;
  private long groups;
  private long spilledBytes;

  AggregateProgress(QueryProgress progress, BlockedAggregator aggregator) {
    this.progress = progress;
    this.aggregator = aggregator;
  }

  void update() {
    long g = aggregator.groupCount();
    if (g != groups) {
      progress.addGroups(g - groups);
      groups = g;
    }
    long s = aggregator.metrics().spilledBytes;
    if (s != spilledBytes) {
      progress.addSpilledBytes(s - spilledBytes);
      spilledBytes = s;
    }
  }
}
