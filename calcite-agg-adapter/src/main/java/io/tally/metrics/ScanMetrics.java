package io.tally.metrics;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What a file scan skipped and read in one execution: Parquet row groups (skipped when their footer
 * statistics prove that no row satisfies the scan's filter) and the files of a glob (skipped by
 * their hive {@code key=value} values, or when every row group of theirs was skipped). Counted by
 * reader threads, read by {@code EXPLAIN ANALYZE} after the query ends. A scan whose format has
 * neither (CSV, Arrow) reports nothing.
 */
public final class ScanMetrics {
    private final AtomicLong rowGroupsRead = new AtomicLong();
    private final AtomicLong rowGroupsSkipped = new AtomicLong();
    private final AtomicLong filesRead = new AtomicLong();
    private final AtomicLong filesSkipped = new AtomicLong();
    private volatile boolean rowGroups;
    private volatile boolean files;

    /** Counts {@code n} row groups that a reader started reading. */
    public void rowGroupsRead(long n) {
        rowGroups = true;
        rowGroupsRead.addAndGet(n);
    }

    /** Counts {@code n} row groups skipped by their statistics. */
    public void rowGroupsSkipped(long n) {
        rowGroups = true;
        rowGroupsSkipped.addAndGet(n);
    }

    /** Counts {@code n} files of a glob that the scan reads. */
    public void filesRead(long n) {
        files = true;
        filesRead.addAndGet(n);
    }

    /** Counts {@code n} files of a glob that the scan skips. */
    public void filesSkipped(long n) {
        files = true;
        filesSkipped.addAndGet(n);
    }

    /** Whether the scan reads row groups (Parquet), so their counts mean something. */
    public boolean hasRowGroups() {
        return rowGroups;
    }

    /** Whether the scan reads several files, so their counts mean something. */
    public boolean hasFiles() {
        return files;
    }

    public long rowGroupsRead() {
        return rowGroupsRead.get();
    }

    public long rowGroupsSkipped() {
        return rowGroupsSkipped.get();
    }

    public long filesRead() {
        return filesRead.get();
    }

    public long filesSkipped() {
        return filesSkipped.get();
    }
}
