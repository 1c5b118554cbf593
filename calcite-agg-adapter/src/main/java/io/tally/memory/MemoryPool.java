package io.tally.memory;

import java.util.Locale;

/**
 * A budget of reserved bytes ("pool"): operators reserve before they grow and release when they
 * free; a reservation that would pass the limit is refused. A query's pool (bounded by {@code
 * memory_limit}) may have a parent, the server-wide pool ({@code server_memory_limit}, see {@link
 * ServerMemory}): every byte a child reserves is reserved in the parent too, so queries share the
 * parent's budget first come, first served, and a refusal never takes bytes another query holds.
 * Thread-safe; locks are taken child first, then parent.
 */
public final class MemoryPool {
    /** The setting that bounds a query's pool, named in limit errors. */
    public static final String QUERY_LIMIT = "memory_limit";

    private final String limitName;

    /** The limit the pool was made with; {@link #adjustLimit} never goes above it. */
    private final long initialLimit;

    private volatile long limit;
    private final MemoryPool parent;
    private long reserved;
    private long peak;
    private MemoryPool refusedBy;

    /** Children holding some bytes now (for the fair share of a server pool). */
    private int holders;

    /** Children waiting for bytes to be released (see {@link #othersWaiting()}). */
    private int waiters;

    /** Creates a query pool admitting at most {@code limitBytes} reserved bytes at any time. */
    public MemoryPool(long limitBytes) {
        this(QUERY_LIMIT, limitBytes, null);
    }

    /**
     * Creates a pool bounded by {@code limitBytes} (the value of the setting {@code limitName})
     * whose reservations are also taken from {@code parent} when that is not null.
     */
    public MemoryPool(String limitName, long limitBytes, MemoryPool parent) {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException(limitName + " must be positive, got " + limitBytes);
        }
        this.limitName = limitName;
        this.initialLimit = limitBytes;
        this.limit = limitBytes;
        this.parent = parent;
    }

    /**
     * Reserves {@code bytes} here and in every ancestor if they fit under all their limits; returns
     * whether they were reserved (all or nothing). After a refusal {@link #refusedBy()} names the
     * pool whose limit said no.
     */
    public synchronized boolean tryReserve(long bytes) {
        checkNonNegative(bytes);
        long next = Math.addExact(reserved, bytes);
        if (next > limit) {
            refusedBy = this;
            return false;
        }
        if (parent != null && !parent.tryReserve(bytes)) {
            refusedBy = parent.refusedBy();
            return false;
        }
        if (reserved == 0 && next > 0 && parent != null) {
            parent.holding(1);
        }
        reserved = next;
        peak = Math.max(peak, next);
        return true;
    }

    /**
     * Reserves {@code quarters}/4 of the bytes this pool could still reserve ({@link
     * #available()}), but at most {@code max}, here and in every ancestor in one step (no other
     * thread can take the bytes between the look and the reservation); returns the bytes reserved,
     * possibly 0.
     */
    public synchronized long reserveShare(long max, int quarters) {
        checkNonNegative(max);
        long take = Math.min(max, Math.max(0, limit - reserved) / 4 * quarters);
        if (parent != null && take > 0) {
            take = parent.reserveShare(take, quarters);
            if (reserved == 0 && take > 0) {
                parent.holding(1);
            }
        }
        reserved += take;
        peak = Math.max(peak, reserved);
        return take;
    }

    /**
     * Sets the limit to {@code bytes}, but never above the limit the pool was made with nor below 1
     * byte (a default limit following the table cache, see {@link MachineMemory#follow}). Bytes
     * already reserved stay; while they pass the new limit every reservation is refused, so
     * aggregates spill.
     */
    public synchronized void adjustLimit(long bytes) {
        limit = Math.max(1, Math.min(initialLimit, bytes));
    }

    /** Returns {@code bytes} previously reserved, here and in every ancestor. */
    public synchronized void release(long bytes) {
        checkNonNegative(bytes);
        if (bytes > reserved) {
            throw new IllegalStateException(
                    "releasing " + bytes + " bytes but only " + reserved + " reserved");
        }
        reserved -= bytes;
        if (parent != null) {
            parent.release(bytes);
            if (reserved == 0 && bytes > 0) {
                parent.holding(-1);
            }
        }
    }

    private synchronized void holding(int delta) {
        holders += delta;
    }

    /**
     * Bytes this pool could still reserve now: the room under its own limit and under every
     * ancestor's (a server pool's room is shared by all queries).
     */
    public synchronized long available() {
        long own = limit - reserved;
        return parent == null ? own : Math.min(own, parent.available());
    }

    /**
     * Whether this pool holds more than its fair share of its parent (the parent's limit divided
     * among the pools holding memory) while another pool waits for room: a query that can spill
     * should then give memory back.
     */
    public synchronized boolean overFairShare() {
        if (parent == null) {
            return false;
        }
        synchronized (parent) {
            return parent.waiters > 0 && reserved > parent.limit / Math.max(1, parent.holders);
        }
    }

    /** Marks (or unmarks) this pool as waiting for its ancestors to have room. */
    public void waiting(boolean waiting) {
        for (MemoryPool p = parent; p != null; p = p.parent) {
            synchronized (p) {
                p.waiters += waiting ? 1 : -1;
            }
        }
    }

    /**
     * The pool whose limit refused this pool's latest refused reservation (this one before any).
     */
    public synchronized MemoryPool refusedBy() {
        return refusedBy == null ? this : refusedBy;
    }

    /** The setting whose value is this pool's limit, e.g. {@code memory_limit}. */
    public String limitName() {
        return limitName;
    }

    /** The pool this one reserves from as well, or null. */
    public MemoryPool parent() {
        return parent;
    }

    public long limit() {
        return limit;
    }

    public synchronized long reserved() {
        return reserved;
    }

    /** The highest number of bytes reserved at once. */
    public synchronized long peak() {
        return peak;
    }

    /** Formats a byte count the way limit errors print it, e.g. {@code 256.0 MiB}. */
    public static String formatBytes(long bytes) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        double value = bytes;
        int unit = 0;
        while (Math.abs(value) >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    private static void checkNonNegative(long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException("negative byte count " + bytes);
        }
    }
}
