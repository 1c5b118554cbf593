package io.tally.memory;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes several {@link OperatorMemory} contexts of one operator hold reserved together, and the
 * most they held at the same time: a parallel aggregate's tables reach their own peaks at different
 * times, so the sum of their peaks overstates the operator's. Updated on every reservation and
 * release (per block or buffer, not per row); thread-safe.
 */
public final class PeakTracker {
    private final AtomicLong current = new AtomicLong();
    private final AtomicLong peak = new AtomicLong();

    /** Adds {@code delta} bytes (negative: released) to the operator's reservation. */
    void add(long delta) {
        long now = current.addAndGet(delta);
        if (delta > 0 && now > peak.get()) {
            peak.accumulateAndGet(now, Math::max);
        }
    }

    /** Bytes the tracked contexts hold reserved now. */
    public long current() {
        return current.get();
    }

    /** The most bytes the tracked contexts held reserved at once. */
    public long peak() {
        return peak.get();
    }
}
