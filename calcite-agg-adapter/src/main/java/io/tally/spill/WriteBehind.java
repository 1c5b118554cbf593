package io.tally.spill;

/**
 * Bounds the bytes one operator's spill writers have handed to the {@link SpillIo} threads and that
 * are not written yet: a writer {@link #acquire}s a frame's bytes before it hands the frame over
 * and the I/O thread {@link #release}s them once the frame is on disk.
 *
 * <p>Memory: the frames waiting are heap arrays (the encoded message) outside {@code memory_limit},
 * so at most {@link #MAX_BYTES}, or one frame when a single frame is larger.
 */
final class WriteBehind {
    /**
     * Bytes an operator may have waiting to be written: dozens of spill frames of 4,096 rows (q10's
     * are ~250 KiB), enough that encoding never waits on a write while the device keeps up.
     */
    static final long MAX_BYTES = 16L << 20;

    private final long maxBytes;
    private long pending;

    WriteBehind() {
        this(MAX_BYTES);
    }

    WriteBehind(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /**
     * Books {@code bytes} as waiting, first waiting (without giving up on an interrupt, which is
     * restored) until they fit or nothing else waits.
     */
    synchronized void acquire(long bytes) {
        boolean interrupted = false;
        while (pending > 0 && pending + bytes > maxBytes) {
            try {
                wait();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        pending += bytes;
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Frees {@code bytes} booked by {@link #acquire} (written, or dropped after a failure). */
    synchronized void release(long bytes) {
        pending -= bytes;
        notifyAll();
    }

    /** Bytes booked and not yet released. */
    synchronized long pending() {
        return pending;
    }
}
