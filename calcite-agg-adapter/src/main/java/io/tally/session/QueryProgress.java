package io.tally.session;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Live counters of the statement a Tally connection runs, for a progress bar polled from another
 * thread: rows read by table scans (and the scans' estimated total), groups built by aggregates,
 * bytes spilled. Operators update it once per batch, never per row. The counters start again when a
 * statement execution opens its first Tally operator (its {@link QueryContext} is created) or on
 * {@link #reset()}; statements running at the same time on one connection add up.
 */
public final class QueryProgress {
    private final AtomicLong rows = new AtomicLong();
    private final AtomicLong estimatedRows = new AtomicLong();
    private final AtomicLong groups = new AtomicLong();
    private final AtomicLong spilledBytes = new AtomicLong();

    /** A progress attached to no connection (tests, or operators outside a Tally statement). */
    public QueryProgress() {}

    /** Zeroes every counter (a client does this before it runs a statement). */
    public void reset() {
        rows.set(0);
        estimatedRows.set(0);
        groups.set(0);
        spilledBytes.set(0);
    }

    /** A scan read another batch of {@code n} rows. */
    public void addRows(long n) {
        rows.addAndGet(n);
    }

    /** A scan expecting about {@code n} rows opened. */
    public void addEstimatedRows(long n) {
        estimatedRows.addAndGet(n);
    }

    /** An aggregate's group count grew by {@code n}. */
    public void addGroups(long n) {
        groups.addAndGet(n);
    }

    /** An operator spilled {@code n} more bytes. */
    public void addSpilledBytes(long n) {
        spilledBytes.addAndGet(n);
    }

    /** The counters now. */
    public Snapshot snapshot() {
        return new Snapshot(rows.get(), estimatedRows.get(), groups.get(), spilledBytes.get());
    }

    /**
     * Counters at one moment.
     *
     * @param rows rows read by table scans so far
     * @param estimatedRows the scans' estimated total rows, 0 if unknown
     * @param groups groups built by aggregates so far
     * @param spilledBytes bytes written to spill files so far
     */
    public record Snapshot(long rows, long estimatedRows, long groups, long spilledBytes) {}
}
