package io.tally.exec.spill;

import io.tally.batch.TallyException;

/** A spilled partition does not fit the pool while being merged: it must be split further. */
public final class PartitionOverflowException extends TallyException {
    private static final long serialVersionUID = 1L;
    public final long needed;
    public final long limit;

    public PartitionOverflowException(long needed, long limit) {
        super(
                "spilled partition needs "
                        + needed
                        + " more bytes than memory_limit "
                        + limit
                        + " allows");
        this.needed = needed;
        this.limit = limit;
    }
}
