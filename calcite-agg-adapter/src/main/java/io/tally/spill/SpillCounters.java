package io.tally.spill;

/**
 * What one operator's spill files did: batches, rows, bytes and time written and read, and the time
 * the operator's thread spent blocked on spill I/O ("wait": for a frame being read ahead, for room
 * to write behind, for a file's writes at its close; {@link SpillIo}). Plain mutable fields,
 * written by the operator's thread.
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
