package io.tally.memory;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * What the machine's physical memory leaves for Tally's Arrow data (the "room"), and the defaults
 * derived from it, so that the JVM heap, the table cache ({@code cache=true}) and one query's
 * default {@code memory_limit} together never exceed physical memory:
 *
 * <pre>
 *   room           = physical - JVM heap limit (-Xmx) - reserve (physical / 8)
 *   cache budget   = room * 3/4           (all cached tables together; a load beyond it fails)
 *   memory_limit   = min(physical / 2, (room - bytes cached now) * 3/4), at least 256 MiB  (the default)
 * </pre>
 *
 * The default {@code memory_limit} is taken when a query starts; a pool under it (and a server's
 * default budget) {@link #follow follows} the cache: when a table is loaded into the cache, the
 * limit is derived again (never above the one the pool started with), so the query that first loads
 * a table runs the rest of its work under the lower limit too.
 */
public final class MachineMemory {
    /**
     * Share of physical memory left out of the room: the OS, the JVM outside its heap (metaspace,
     * thread stacks, code cache) and the page cache that spill files pass through.
     */
    static final double RESERVE_FRACTION = 1.0 / 8;

    /** Share of the room cached tables may hold together; the rest stays for queries. */
    static final double CACHE_SHARE = 0.75;

    /** Share of physical memory one query may use by default when the room allows it. */
    static final double QUERY_FRACTION = 0.5;

    /**
     * Share of what the heap, the reserve and the cache leave that one query's pool may count by
     * default. A query's process grows beyond the bytes its pool counts (the JVM's native memory,
     * freed Arrow memory the C allocator keeps, batches in flight): at 1e8 rows the kernel killed
     * q10 when heap + cache + a limit of all that was left reached physical memory (about 1-2 GB
     * beyond the counted bytes, with a 1/16 reserve). Measured at 1e7 (h2o q10, threads=2, -Xmx4g,
     * cached table 0.65 GiB, the process's VmRSS sampled every 20 ms over 4 runs in one JVM): peak
     * RSS 2.1-3.0 GiB against heap committed 0.5-0.9 GiB + cache 0.65 + pool peak 1.03; the JVM's
     * native memory outside the heap was 0.25 GiB (NMT) and 0.2-0.5 GiB more was neither heap,
     * cache nor pool; under memory_limit=512MB the same query's RSS peaked at 3.3 GiB with 1.5 GiB
     * heap committed and a 0.5 GiB pool peak (0.7 GiB uncounted). That is a roughly fixed 0.5-0.7
     * GiB at 1e7 and 1-2 GB at 1e8, well inside what 3/4 leaves (a quarter of the free room plus
     * the reserve: 5.6 GiB at 1e8 with -Xmx4g), but no measurement of a pool near 8 GiB supports
     * taking more, on a machine other processes share: the share stays 3/4.
     */
    static final double FREE_SHARE = 0.75;

    /** The default {@code memory_limit} never goes below this (a query can still spill in it). */
    static final long MIN_QUERY_LIMIT = 256L << 20;

    /** Pools whose limit is the default and follows the cache, while they are reachable. */
    private static final Set<MemoryPool> FOLLOWERS =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private MachineMemory() {}

    /**
     * Makes {@code pool}'s limit (a default {@code memory_limit}, or a server's default budget)
     * follow {@link #defaultQueryLimit(long)} each time a table is loaded into the cache, for as
     * long as the pool is reachable (an eviction does not raise it again).
     */
    public static void follow(MemoryPool pool) {
        FOLLOWERS.add(pool);
    }

    /**
     * The table cache now holds {@code cachedBytes}: re-derives the default {@code memory_limit}
     * and sets it on every following pool (capped by each pool's own starting limit).
     */
    public static void cacheChanged(long cachedBytes) {
        long limit = defaultQueryLimit(cachedBytes);
        List<MemoryPool> pools;
        synchronized (FOLLOWERS) {
            pools = new ArrayList<>(FOLLOWERS);
        }
        for (MemoryPool pool : pools) {
            pool.adjustLimit(limit);
        }
    }

    /** The machine's physical memory, bytes (asked once per JVM: it does not change). */
    public static long physical() {
        return Physical.BYTES;
    }

    /**
     * Holds the physical memory size, read on first use: the operating system bean reads it from
     * the OS on each call, and the default {@code memory_limit} is derived for every query.
     */
    private static final class Physical {
        static final long BYTES =
                ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getTotalMemorySize();
    }

    /** The JVM's heap limit ({@code -Xmx}, or the JVM's own default), bytes. */
    public static long heapLimit() {
        return Runtime.getRuntime().maxMemory();
    }

    /** {@link #room(long, long)} on this machine and JVM. */
    public static long room() {
        return room(physical(), heapLimit());
    }

    /** Bytes left for Arrow data: physical memory less the heap limit and the reserve (≥ 0). */
    static long room(long physical, long heapLimit) {
        return Math.max(0, physical - heapLimit - (long) (physical * RESERVE_FRACTION));
    }

    /** {@link #cacheBudget(long, long)} on this machine and JVM. */
    public static long cacheBudget() {
        return cacheBudget(physical(), heapLimit());
    }

    /** Most bytes all cached tables together may hold. */
    static long cacheBudget(long physical, long heapLimit) {
        return (long) (room(physical, heapLimit) * CACHE_SHARE);
    }

    /** {@link #defaultQueryLimit(long, long, long)} on this machine and JVM. */
    public static long defaultQueryLimit(long cachedBytes) {
        return defaultQueryLimit(physical(), heapLimit(), cachedBytes);
    }

    /** The default {@code memory_limit} while {@code cachedBytes} are held by the table cache. */
    static long defaultQueryLimit(long physical, long heapLimit, long cachedBytes) {
        long free = (long) ((room(physical, heapLimit) - cachedBytes) * FREE_SHARE);
        return Math.max(MIN_QUERY_LIMIT, Math.min((long) (physical * QUERY_FRACTION), free));
    }

    /** One line saying how {@link #cacheBudget()} was derived, for errors naming it. */
    public static String describeCacheBudget() {
        long physical = physical();
        long heap = heapLimit();
        return MemoryPool.formatBytes(cacheBudget(physical, heap))
                + ": 3/4 of (physical memory "
                + MemoryPool.formatBytes(physical)
                + " less the JVM heap limit "
                + MemoryPool.formatBytes(heap)
                + " (-Xmx) and a "
                + MemoryPool.formatBytes((long) (physical * RESERVE_FRACTION))
                + " reserve)";
    }
}
