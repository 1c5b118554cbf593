package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** Pool accounting, limit errors and allocator hygiene of {@link OperatorMemory}. */
class OperatorMemoryTest {
    @Test
    void poolTracksReservedAndPeak() {
        MemoryPool pool = new MemoryPool(100);
        assertTrue(pool.tryReserve(60));
        assertFalse(pool.tryReserve(41));
        assertTrue(pool.tryReserve(40));
        pool.release(70);
        assertEquals(30, pool.reserved());
        assertEquals(100, pool.peak());
        assertThrows(IllegalStateException.class, () -> pool.release(31));
    }

    @Test
    void formatsBytes() {
        assertEquals("256.0 MiB", MemoryPool.formatBytes(256L << 20));
        assertEquals("12 B", MemoryPool.formatBytes(12));
        assertEquals("1.5 KiB", MemoryPool.formatBytes(1536));
    }

    @Test
    void allocateReservesWhatLiveCounts() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1 << 20);
            try (OperatorMemory mem = new OperatorMemory("Agg#1", root, pool)) {
                ArrowBuf a = mem.allocate(1000);
                ArrowBuf b = mem.allocate(4096);
                assertEquals(mem.live(), mem.reserved());
                assertEquals(pool.reserved(), mem.reserved());
                assertEquals(0, a.getLong(992));
                mem.free(a);
                assertEquals(mem.live(), mem.reserved());
                mem.free(b);
                assertEquals(0, mem.live());
                assertEquals(0, pool.reserved());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void refusedReservationNamesOperatorAndLimit() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(256L << 20);
            assertTrue(pool.tryReserve(250L << 20));
            try (OperatorMemory mem =
                    new OperatorMemory("EnumerableBlockedAggregate#3", root, pool)) {
                MemoryLimitExceededException e =
                        assertThrows(
                                MemoryLimitExceededException.class, () -> mem.reserve(12L << 20));
                assertEquals(
                        "Operator EnumerableBlockedAggregate#3 exceeded memory_limit 256.0 MiB: "
                                + "needed 12.0 MiB more (reserved 250.0 MiB)",
                        e.getMessage());
                assertThrows(MemoryLimitExceededException.class, () -> mem.allocate(12L << 20));
                assertEquals(0, mem.live());
                assertEquals(0, mem.reserved());
            }
            assertEquals(250L << 20, pool.reserved());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void closeReturnsOutstandingReservation() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1 << 20);
            OperatorMemory mem = new OperatorMemory("Agg#2", root, pool);
            mem.reserve(5000);
            mem.close();
            assertEquals(0, pool.reserved());
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
