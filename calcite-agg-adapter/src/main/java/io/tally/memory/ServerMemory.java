package io.tally.memory;

/**
 * The JVM-wide memory budget ({@code server_memory_limit}) that every query's {@link MemoryPool}
 * reserves from when it is set, so all connections of one process (e.g. {@code tally serve}) share
 * one budget. Unset by default; set it with the system property {@value #PROPERTY} (e.g. {@code
 * -Dtally.server_memory_limit=8GB}) or {@link #setLimit}.
 */
public final class ServerMemory {
    /** The setting's name, as limit errors and {@code tally serve} print it. */
    public static final String SETTING = "server_memory_limit";

    /** The system property read at startup. */
    public static final String PROPERTY = "tally." + SETTING;

    /** The value of {@link #setLimit} that sets the {@link #defaultLimit() default budget}. */
    public static final long MACHINE_DEFAULT = -1;

    private static volatile MemoryPool pool = fromProperty();

    private ServerMemory() {}

    /** The server-wide pool new queries reserve from, or null when there is no global limit. */
    public static MemoryPool pool() {
        return pool;
    }

    /**
     * Sets the global limit for queries that start from now on (running queries keep the pool they
     * started with); {@link #MACHINE_DEFAULT} sets the {@link #defaultLimit() default}, which then
     * follows the table cache as a query's default {@code memory_limit} does; other {@code bytes <=
     * 0} remove the limit. Returns the new pool (null without one).
     */
    public static synchronized MemoryPool setLimit(long bytes) {
        if (bytes == MACHINE_DEFAULT) {
            pool = new MemoryPool(SETTING, defaultLimit(), null);
            MachineMemory.follow(pool);
        } else {
            pool = bytes <= 0 ? null : new MemoryPool(SETTING, bytes, null);
        }
        return pool;
    }

    /**
     * The default budget for a server: what one query's default {@code memory_limit} would be now
     * ({@link MachineMemory#defaultQueryLimit(long)}), so the heap, the table cache and all the
     * server's queries together stay inside physical memory as they do for one embedded query.
     */
    public static long defaultLimit() {
        return MachineMemory.defaultQueryLimit(EngineMemory.cachedBytes());
    }

    private static MemoryPool fromProperty() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) {
            return null;
        }
        try {
            return new MemoryPool(SETTING, ByteSize.parse(v), null);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Invalid -D" + PROPERTY + ": " + e.getMessage(), e);
        }
    }
}
