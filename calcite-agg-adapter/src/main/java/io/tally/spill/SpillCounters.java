package io.tally.spill;

/**
 * What one operator's spill files did: batches, rows, bytes and time written and read, and the time
 * spent blocked in file I/O calls ("wait"). Plain mutable fields, written by the operator's thread.
 */
public final class SpillCounters {
    public long writeCount;
    public long writeRows;
    public long writeBytes;
    public long writeNanos;
    public long readCount;
    public long readBytes;
    public long readNanos;
    public long waitNanos;
    public long files;
}
