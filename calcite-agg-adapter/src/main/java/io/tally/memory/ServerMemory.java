package io.tally.memory;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;

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

    /** Share of the machine's physical memory a server budgets for all queries by default. */
    public static final double DEFAULT_FRACTION = 0.5;

    private static volatile MemoryPool pool = fromProperty();

    private ServerMemory() {}

    /** The server-wide pool new queries reserve from, or null when there is no global limit. */
    public static MemoryPool pool() {
        return pool;
    }

    /**
     * Sets the global limit for queries that start from now on (running queries keep the pool they
     * started with); {@code bytes <= 0} removes the limit. Returns the new pool (null without one).
     */
    public static synchronized MemoryPool setLimit(long bytes) {
        pool = bytes <= 0 ? null : new MemoryPool(SETTING, bytes, null);
        return pool;
    }

    /** The default budget for a server: {@link #DEFAULT_FRACTION} of the physical memory. */
    public static long defaultLimit() {
        long physical =
                ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                        .getTotalMemorySize();
        return (long) (physical * DEFAULT_FRACTION);
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
