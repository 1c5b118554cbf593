package io.tally.memory;

import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;

/**
 * Owns the process-wide root of Tally's Arrow allocator tree; every query, operator and scan
 * allocates from a named child of it, so "live" memory can be read anywhere in the tree.
 */
public final class EngineMemory {
    /** Name prefix of the table cache's allocators (children of the root), one per cached file. */
    public static final String TABLE_CACHE_PREFIX = "table-cache:";

    private static final BufferAllocator ROOT = new RootAllocator(Long.MAX_VALUE);

    private EngineMemory() {}

    /** The engine's root allocator. Never close it; close the children you create. */
    public static BufferAllocator root() {
        return ROOT;
    }

    /** Creates a named child of the root with no limit of its own. */
    public static BufferAllocator newChild(String name) {
        return ROOT.newChildAllocator(name, 0, Long.MAX_VALUE);
    }

    /** Bytes the table cache's allocators ({@link #TABLE_CACHE_PREFIX}) hold now. */
    public static long cachedBytes() {
        long bytes = 0;
        for (BufferAllocator child : ROOT.getChildAllocators()) {
            if (child.getName().startsWith(TABLE_CACHE_PREFIX)) {
                bytes += child.getAllocatedMemory();
            }
        }
        return bytes;
    }
}
