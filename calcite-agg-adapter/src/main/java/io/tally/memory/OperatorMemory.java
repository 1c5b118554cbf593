package io.tally.memory;

import io.tally.batch.TallyException;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * One operator's memory context: a named child allocator (live bytes) plus the operator's share of
 * the query {@link MemoryPool} (reserved bytes). Callers reserve before they allocate; buffers from
 * {@link #allocate} are reserved and released automatically. Before a step that grows the operator,
 * its memory check {@link #tryHold holds} the step's bound: those bytes are reserved in the pool at
 * once, so no other thread can take them between the check and the step's allocations, which draw
 * on the hold first (what the step frees meanwhile joins the hold); {@link #releaseHold} returns
 * what the step did not use. Not thread-safe (one operator, one thread); {@link #close()} releases
 * every reservation and closes the allocator.
 */
public final class OperatorMemory implements AutoCloseable {
    /** How often a query waiting for other queries to release server memory looks again. */
    static final long ROOM_POLL_MILLIS = 5;

    private final String name;
    private final BufferAllocator allocator;
    private final MemoryPool pool;

    /**
     * Where the operator this context is part of sums its contexts' reservations; a context of its
     * own has a tracker of its own, so {@link #share} takes one path for both: with a null test
     * there, the code compiled while every context was alone (threads=1) was thrown away when the
     * first parallel aggregate's tables counted into their operator's tracker.
     */
    private final PeakTracker shared;

    private long reserved;
    private long reservedPeak;

    /** Bytes reserved in the pool for the current step and not yet handed to an allocation. */
    private long held;

    /** How many more released bytes go into {@link #held} instead of back to the pool. */
    private long keeping;

    /**
     * Whether a step holds its bytes (from a successful {@link #tryHold} to {@link #releaseHold}):
     * what the step frees meanwhile (a buffer grown by copying) joins the hold, so its later
     * allocations still find the bytes its bound counted on.
     */
    private boolean holding;

    /** Creates a child allocator called {@code operatorName} under {@code parent}. */
    public OperatorMemory(String operatorName, BufferAllocator parent, MemoryPool pool) {
        this(operatorName, parent, pool, null);
    }

    /**
     * As above, also counting this context's reservations in {@code shared} (null: nowhere), the
     * tracker of an operator made of several contexts.
     */
    public OperatorMemory(
            String operatorName, BufferAllocator parent, MemoryPool pool, PeakTracker shared) {
        this.name = operatorName;
        this.pool = pool;
        this.shared = shared != null ? shared : new PeakTracker();
        this.allocator = parent.newChildAllocator(operatorName, 0, Long.MAX_VALUE);
    }

    public String name() {
        return name;
    }

    public BufferAllocator allocator() {
        return allocator;
    }

    /**
     * Reserves {@code bytes}, taking them from the current hold first and the rest from the pool,
     * or throws {@link MemoryLimitExceededException}.
     */
    public void reserve(long bytes) {
        if (bytes == 0) {
            return;
        }
        long fromHold = Math.min(held, bytes);
        if (bytes > fromHold && !pool.tryReserve(bytes - fromHold)) {
            MemoryPool full = pool.refusedBy();
            String holder = full == pool ? "" : " by all queries";
            throw new MemoryLimitExceededException(
                    "Operator "
                            + name
                            + " exceeded "
                            + full.limitName()
                            + " "
                            + MemoryPool.formatBytes(full.limit())
                            + ": needed "
                            + MemoryPool.formatBytes(bytes)
                            + " more (reserved"
                            + holder
                            + " "
                            + MemoryPool.formatBytes(full.reserved())
                            + ")");
        }
        held -= fromHold;
        reserved += bytes;
        reservedPeak = Math.max(reservedPeak, reserved);
        share(bytes);
    }

    /**
     * {@link #reserve Reserves} {@code bytes}, first waiting up to {@code timeoutMillis} (see
     * {@link #awaitHold}) when the current hold lacks them and the pool is held down by other
     * queries; throws {@link MemoryLimitExceededException} when they are still not there. For steps
     * that cannot free memory of their own, such as emitting a result batch.
     */
    public void reserveWaiting(long bytes, long timeoutMillis, BooleanSupplier cancelled) {
        if (bytes > held) {
            awaitHold(bytes, timeoutMillis, cancelled);
        }
        reserve(bytes);
    }

    /**
     * Reserves {@code quarters}/4 of the bytes the pool has free, at most {@code max}, in one step
     * (see {@link MemoryPool#reserveShare}); returns the bytes reserved, possibly 0.
     */
    public long reserveShare(long max, int quarters) {
        long got = pool.reserveShare(max, quarters);
        reserved += got;
        reservedPeak = Math.max(reservedPeak, reserved);
        share(got);
        return got;
    }

    /**
     * Holds {@code bytes} for the step about to run: makes the hold exactly {@code bytes},
     * reserving what it lacks in the pool (all or nothing) or returning what it has beyond. Returns
     * false, with the hold unchanged, when the pool refuses. Held bytes count as reserved in the
     * pool (and its peak) but not as this operator's {@link #reserved()} until an allocation takes
     * them.
     */
    public boolean tryHold(long bytes) {
        if (bytes > held) {
            if (!pool.tryReserve(bytes - held)) {
                return false;
            }
        } else {
            pool.release(held - bytes);
        }
        held = bytes;
        holding = bytes > 0;
        return true;
    }

    /** Returns the rest of the current hold to the pool (the step is over). */
    public void releaseHold() {
        holding = false;
        if (held > 0) {
            pool.release(held);
            held = 0;
        }
    }

    /** Bytes held for the current step and not yet allocated. */
    public long held() {
        return held;
    }

    /**
     * Returns {@code bytes} of this operator's reservation to the pool, or to its hold while a step
     * holds bytes or {@link #keepReleased} says so.
     */
    public void release(long bytes) {
        if (bytes > reserved) {
            throw new IllegalStateException(
                    name + " releases " + bytes + " bytes but holds " + reserved);
        }
        long kept = Math.min(keeping, bytes);
        keeping -= kept;
        if (holding) {
            kept = bytes;
        }
        pool.release(bytes - kept);
        held += kept;
        reserved -= bytes;
        share(-bytes);
    }

    /** Counts a change of {@link #reserved} in the operator's shared tracker. */
    private void share(long delta) {
        if (delta != 0) {
            shared.add(delta);
        }
    }

    /**
     * Makes the next {@code bytes} this operator releases join its hold instead of going back to
     * the pool (0 stops it): what it frees to start over is then still its own when it allocates
     * again, and no other thread can take those bytes in between.
     */
    public void keepReleased(long bytes) {
        keeping = bytes;
    }

    /**
     * Reserves and allocates a zero-filled buffer of at least {@code bytes}; the reservation is the
     * allocator's rounded size, so it matches what "live" will count.
     */
    public ArrowBuf allocate(long bytes) {
        long rounded = allocator.getRoundingPolicy().getRoundedSize(bytes);
        reserve(rounded);
        ArrowBuf buf;
        try {
            buf = allocator.buffer(bytes);
        } catch (RuntimeException e) {
            release(rounded);
            throw new TallyException(
                    "Operator "
                            + name
                            + " could not allocate "
                            + MemoryPool.formatBytes(bytes)
                            + ": "
                            + e.getMessage(),
                    e);
        }
        buf.setZero(0, buf.capacity());
        return buf;
    }

    /** Frees a buffer from {@link #allocate} and releases its reservation. */
    public void free(ArrowBuf buf) {
        long rounded = allocator.getRoundingPolicy().getRoundedSize(buf.capacity());
        buf.close();
        release(rounded);
    }

    /** What the allocator really hands out for a request of {@code bytes} (its rounding). */
    public long rounded(long bytes) {
        return allocator.getRoundingPolicy().getRoundedSize(bytes);
    }

    /**
     * Bytes the query's pool could still reserve now: its limit minus everything reserved, or less
     * when the server-wide pool it is part of has less room.
     */
    public long available() {
        return pool.available();
    }

    /** Whether this query holds more than its fair share of the server while others wait. */
    public boolean overFairShare() {
        return pool.parent() != null && pool.overFairShare(); // no lock taken without a server pool
    }

    /**
     * {@link #tryHold Holds} {@code bytes}, waiting up to {@code timeoutMillis} (checking {@code
     * cancelled} every few milliseconds) while the query's room is held down by the server pool,
     * i.e. by other queries; returns whether the bytes are held.
     */
    public boolean awaitHold(long bytes, long timeoutMillis, BooleanSupplier cancelled) {
        if (tryHold(bytes)) {
            return true;
        }
        if (pool.parent() == null || bytes > pool.limit() - (pool.reserved() - held)) {
            return false;
        }
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000L;
        pool.waiting(true);
        try {
            while (System.nanoTime() < deadline && !cancelled.getAsBoolean()) {
                Thread.sleep(ROOM_POLL_MILLIS);
                if (tryHold(bytes)) {
                    return true;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pool.waiting(false);
        }
        return false;
    }

    /** The query's {@code memory_limit}. */
    public long limit() {
        return pool.limit();
    }

    /** Bytes this operator holds reserved in the pool. */
    public long reserved() {
        return reserved;
    }

    /** The most bytes this operator held reserved at once. */
    public long reservedPeak() {
        return reservedPeak;
    }

    /** Bytes actually allocated by this operator's allocator right now. */
    public long live() {
        return allocator.getAllocatedMemory();
    }

    /** The allocator's peak of allocated bytes. */
    public long livePeak() {
        return allocator.getPeakMemoryAllocation();
    }

    /** Releases the remaining reservation and closes the allocator (fails if buffers leak). */
    @Override
    public void close() {
        if (reserved + held > 0) {
            pool.release(reserved + held);
            share(-reserved);
            reserved = 0;
            held = 0;
        }
        allocator.close();
    }
}
