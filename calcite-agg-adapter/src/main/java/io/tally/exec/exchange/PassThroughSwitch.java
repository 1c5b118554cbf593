package io.tally.exec.exchange;

/**
 * One worker's pass-through state under a {@link PassThroughPolicy}: counts the rows its partial
 * table aggregated since it was last emptied and the rows passed on since it switched, judges the
 * table when it is full, and says which way the next batch goes.
 */
public final class PassThroughSwitch {
    private final PassThroughPolicy policy;

    /** Rows the table aggregated since it was last emptied. */
    private long rows;

    /** Whether this fill was already judged at the policy's group count. */
    private boolean judged;

    private long passed;
    private boolean passing;

    public PassThroughSwitch(PassThroughPolicy policy) {
        this.policy = policy;
        this.passing = policy.fromStart();
    }

    /** Whether the next batch is passed on instead of aggregated. */
    public boolean passing() {
        return passing;
    }

    /**
     * Records {@code batchRows} aggregated rows with the table now holding {@code groups} groups;
     * true when the table just became full by its group count with too few hits: the caller hands
     * its groups on (then calls {@link #flushed}) and the following batches pass through.
     */
    public boolean aggregated(int batchRows, long groups) {
        rows += batchRows;
        if (judged || !policy.full(groups)) {
            return false;
        }
        judged = true;
        return judge(groups);
    }

    /**
     * The table was full by memory, holding {@code groups} groups, and is handed on now: judges
     * this fill (the following batches may pass through) and starts the next one.
     */
    public void flushedFull(long groups) {
        judge(groups);
        flushed();
    }

    /** The table was emptied (its groups handed on): the next fill starts. */
    public void flushed() {
        rows = 0;
        judged = false;
    }

    /**
     * Records {@code batchRows} passed-on rows; after the policy's re-check count, aggregates
     * again.
     */
    public void passed(int batchRows) {
        passed += batchRows;
        if (passed >= policy.recheckRows()) {
            passing = false;
            flushed();
        }
    }

    private boolean judge(long groups) {
        if (policy.passes(rows, groups)) {
            passing = true;
            passed = 0;
        }
        return passing;
    }
}
