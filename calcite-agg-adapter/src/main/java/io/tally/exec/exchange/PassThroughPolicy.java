package io.tally.exec.exchange;

/**
 * When a partial table of a parallel aggregate ({@code io.tally.exec.ParallelAggregator}) stops
 * probing and passes its input rows on straight into the final tables ({@code
 * io.tally.exec.RowRouter}): judged from what the table achieved once it is <em>full</em>, that is
 * once it holds {@code fullGroups} groups or its memory share forces a flush. If fewer than {@code
 * minHitRate} of the rows it aggregated since it was last emptied found their group already there,
 * it hands its groups on and the following {@code recheckRows} rows pass through; then it
 * aggregates again from empty, so input whose keys start repeating goes back to being aggregated.
 *
 * <p>A table that never fills (its groups fit) is never judged: it ends with one group per distinct
 * key, however new the keys looked early on (1M groups of 100 rows each look unique in the first
 * 128 Ki rows, yet aggregate 100:1), and keys repeating with a period the table can hold are
 * aggregated too.
 */
public record PassThroughPolicy(long fullGroups, double minHitRate, long recheckRows) {
    /**
     * Groups at which a partial table is judged although memory would let it grow: 2^20, so that a
     * stream of ~1M distinct keys (h2o q3 at 1e8 rows, a period of 1000003) is held whole, while a
     * stream of unique keys is recognised after about 1M rows (at ~100 bytes a group, ~100 MB per
     * worker).
     */
    static final long FULL_GROUPS = 1L << 20;

    /**
     * Share of a full table's rows that must have hit an existing group for aggregating to pay: a
     * row that hits saves the exchange and the final table's merge of its state (in the q3 and q10
     * profiles about twice a partial probe), a row that misses costs a partial probe on top of
     * them; so the table wins from about one hit in three rows.
     */
    static final double MIN_HIT_RATE = 1.0 / 3;

    /**
     * Rows passed on between two fills of the table: eight full tables' worth, so a stream of
     * unique keys spends about a ninth of its rows in probes that find nothing.
     */
    static final long RECHECK_ROWS = 8 * FULL_GROUPS;

    /** The engine's policy. */
    public static final PassThroughPolicy DEFAULT =
            new PassThroughPolicy(FULL_GROUPS, MIN_HIT_RATE, RECHECK_ROWS);

    /** Never passes rows through (for A/B comparisons and tests). */
    public static final PassThroughPolicy OFF = new PassThroughPolicy(Long.MAX_VALUE, 0, 0);

    /**
     * Passes every row from the first batch on: the partial tables never aggregate (for holistic
     * aggregates, whose partial state would not shrink the input).
     */
    public static final PassThroughPolicy ALWAYS = new PassThroughPolicy(1, 1, Long.MAX_VALUE);

    public PassThroughPolicy {
        if (fullGroups < 1 || recheckRows < 0 || !(minHitRate >= 0 && minHitRate <= 1)) {
            throw new IllegalArgumentException(
                    "pass-through policy needs fullGroups >= 1, recheckRows"
                            + " >= 0 and 0 <= minHitRate <= 1, got "
                            + fullGroups
                            + ", "
                            + recheckRows
                            + ", "
                            + minHitRate);
        }
    }

    /** Whether rows pass through from the first batch on, before any table was judged. */
    boolean fromStart() {
        return equals(ALWAYS);
    }

    /** Whether a table holding {@code groups} groups is full by its group count. */
    boolean full(long groups) {
        return groups >= fullGroups;
    }

    /**
     * Whether a full table that aggregated {@code rows} rows into {@code groups} groups should pass
     * the following rows through: fewer than {@link #minHitRate} of its rows hit a group.
     */
    boolean passes(long rows, long groups) {
        return rows > 0 && rows - groups < minHitRate * rows;
    }
}
