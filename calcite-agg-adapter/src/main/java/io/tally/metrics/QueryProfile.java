package io.tally.metrics;

import java.util.Arrays;

/**
 * The profile of one execution of an {@code EXPLAIN ANALYZE}d query: the plan (a tree of {@link
 * ProfileNode}s with ids 0 .. n-1), one {@link OperatorStats} per node, and the {@link
 * OperatorClock} that charges time to them.
 */
public final class QueryProfile {
    private final ProfileNode root;
    private final OperatorStats[] stats;
    private final OperatorClock clock;
    private long totalWallNanos;

    public QueryProfile(ProfileNode root) {
        this.root = root;
        this.stats = new OperatorStats[root.size()];
        Arrays.setAll(stats, i -> new OperatorStats());
        this.clock = new OperatorClock(stats);
    }

    public ProfileNode root() {
        return root;
    }

    public OperatorStats stats(int id) {
        return stats[id];
    }

    public OperatorStats stats(ProfileNode node) {
        return stats[node.id()];
    }

    public OperatorClock clock() {
        return clock;
    }

    /** Records the end of the run: flushes the clock and notes the statement's total wall time. */
    public void finish(long totalWallNanos) {
        clock.finish();
        this.totalWallNanos = totalWallNanos;
    }

    /** Wall time from the start of the run to its end, as the caller measured it. */
    public long totalWallNanos() {
        return totalWallNanos;
    }
}
