package io.tally.session;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;

/**
 * One connection's prepared statements by what their plan depends on, so running a statement again
 * skips parsing, validation, optimization and code generation. The key holds everything the planner
 * reads besides the tables (the SQL text, the settings, the default schema); each entry holds a
 * check that its tables are unchanged, made on every hit: an entry whose check fails is dropped and
 * the statement prepared again. At most {@link #MAX_ENTRIES}, least recently used dropped first. A
 * plan holds no state of an execution (each gets its own data context, tables, filters and memory),
 * so a hit may run while the same plan runs elsewhere.
 */
public final class PlanCache {
    /**
     * Entries kept per connection: a plan with its generated code is tens of kilobytes; a session
     * re-running a script or a dashboard's few dozen statements fits.
     */
    public static final int MAX_ENTRIES = 128;

    private final Map<Object, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private long hits;
    private long misses;
    private long invalidations;

    /** A cached plan and the check that what it was built on is unchanged. */
    private record Entry(Object plan, BooleanSupplier current) {}

    /** Counters of lookups since the connection opened. */
    public record Stats(long hits, long misses, long invalidations, int entries) {}

    /**
     * The plan cached under {@code key} if what it was built on is unchanged, else {@code null}
     * (counted as a miss; a stale entry is dropped and counted as an invalidation).
     */
    public Object get(Object key) {
        Entry e;
        synchronized (this) {
            e = entries.get(key);
        }
        // the check reads file attributes: outside the lock
        boolean valid = e != null && e.current.getAsBoolean();
        synchronized (this) {
            if (valid) {
                hits++;
                return e.plan;
            }
            misses++;
            if (e != null && entries.remove(key, e)) {
                invalidations++;
            }
            return null;
        }
    }

    /** Caches {@code plan} under {@code key}, valid while {@code current} answers true. */
    public synchronized void put(Object key, Object plan, BooleanSupplier current) {
        entries.put(key, new Entry(plan, current));
        if (entries.size() > MAX_ENTRIES) {
            entries.remove(entries.keySet().iterator().next());
        }
    }

    /** Drops every entry (after a statement that changes the catalog). */
    public synchronized void clear() {
        invalidations += entries.size();
        entries.clear();
    }

    public synchronized Stats stats() {
        return new Stats(hits, misses, invalidations, entries.size());
    }
}
