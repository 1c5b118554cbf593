package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
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

    @Test
    void heldBytesStayTheOperatorsUntilTheStepAllocatesOrReturnsThem() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1 << 20);
            try (OperatorMemory mem = new OperatorMemory("Agg#4", root, pool);
                    OperatorMemory other = new OperatorMemory("Agg#5", root, pool)) {
                assertTrue(mem.tryHold(600 << 10));
                // the held bytes are reserved in the pool: another operator cannot take them
                assertEquals(600 << 10, pool.reserved());
                assertEquals(0, mem.reserved());
                assertThrows(MemoryLimitExceededException.class, () -> other.reserve(500 << 10));
                other.reserve(424 << 10);
                // the step's allocation draws on the hold, not on the (now full) pool
                ArrowBuf buf = mem.allocate(512 << 10);
                assertEquals(mem.live(), mem.reserved());
                assertEquals(88 << 10, mem.held());
                assertEquals(1 << 20, pool.reserved());
                // beyond the hold, the rest comes from the pool (refused here: it is full)
                assertThrows(MemoryLimitExceededException.class, () -> mem.reserve(100 << 10));
                assertEquals(88 << 10, mem.held());
                // a smaller hold gives the difference back; a refused one leaves the hold as it was
                assertTrue(mem.tryHold(8 << 10));
                assertEquals((1 << 20) - (80 << 10), pool.reserved());
                assertFalse(mem.tryHold(100 << 10));
                assertEquals(8 << 10, mem.held());
                mem.releaseHold();
                assertEquals(0, mem.held());
                assertEquals(mem.reserved() + other.reserved(), pool.reserved());
                assertEquals(512 << 10, mem.reservedPeak());
                mem.free(buf);
                assertTrue(mem.tryHold(1000));
            }
            // close returns a hold left over by a failed step
            assertEquals(0, pool.reserved());
            assertEquals(1 << 20, pool.peak());
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void bytesReleasedToStartOverStayHeldForTheNextAllocation() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1 << 20);
            try (OperatorMemory mem = new OperatorMemory("Agg#7", root, pool)) {
                ArrowBuf old = mem.allocate(256 << 10);
                mem.keepReleased(Long.MAX_VALUE);
                mem.free(old);
                mem.keepReleased(0);
                // freed, but still reserved for this operator: another one cannot take it
                assertEquals(256 << 10, mem.held());
                assertEquals(256 << 10, pool.reserved());
                assertTrue(pool.tryReserve(768 << 10));
                ArrowBuf fresh = mem.allocate(64 << 10);
                assertEquals(192 << 10, mem.held());
                mem.releaseHold();
                assertEquals((768 << 10) + (64 << 10), pool.reserved());
                mem.free(fresh);
                pool.release(768 << 10);
            }
            assertEquals(0, pool.reserved());
        }
    }

    @Test
    void reserveShareTakesPartOfWhatIsFreeAtOnce() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool server = new MemoryPool("server_memory_limit", 1000, null);
            MemoryPool query = new MemoryPool(MemoryPool.QUERY_LIMIT, 600, server);
            assertTrue(server.tryReserve(200));
            try (OperatorMemory mem = new OperatorMemory("Agg#6", root, query)) {
                // 3/4 of the query's 600 free (the server has 800)
                assertEquals(450, mem.reserveShare(10_000, 3));
                assertEquals(450, mem.reserved());
                assertEquals(650, server.reserved());
                // capped by max; then by the server's room once it is the smaller
                assertEquals(10, mem.reserveShare(10, 3));
                assertTrue(server.tryReserve(300));
                assertEquals(30, mem.reserveShare(10_000, 3));
                assertEquals(0, new MemoryPool(100).reserveShare(10, 0));
            }
            assertEquals(500, server.reserved());
        }
    }

    /** A buffer a held step frees (grown by copying) stays the step's until the hold ends. */
    @Test
    void bytesFreedDuringAHeldStepStayInTheHold() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(8192);
            try (OperatorMemory mem = new OperatorMemory("Agg#1", root, pool);
                    OperatorMemory other = new OperatorMemory("Agg#2", root, pool)) {
                assertTrue(mem.tryHold(8192));
                ArrowBuf small = mem.allocate(2048);
                mem.free(small);
                assertEquals(8192, mem.held());
                assertThrows(MemoryLimitExceededException.class, () -> other.reserve(1));
                ArrowBuf big = mem.allocate(8192);
                mem.free(big);
                mem.releaseHold();
                assertEquals(0, pool.reserved());
                other.reserve(8192);
                other.release(8192);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** Under a server pool, a step that cannot free memory waits for another query's bytes. */
    @Test
    void reserveWaitingWaitsForAnotherQueryToRelease() throws Exception {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool server = new MemoryPool("server_memory_limit", 4096, null);
            MemoryPool mine = new MemoryPool(MemoryPool.QUERY_LIMIT, 1 << 20, server);
            MemoryPool theirs = new MemoryPool(MemoryPool.QUERY_LIMIT, 1 << 20, server);
            assertTrue(theirs.tryReserve(4096));
            Thread other =
                    new Thread(
                            () -> {
                                sleepQuietly(50);
                                theirs.release(4096);
                            });
            try (OperatorMemory mem = new OperatorMemory("Agg#1", root, mine)) {
                assertThrows(MemoryLimitExceededException.class, () -> mem.reserve(1024));
                other.start();
                mem.reserveWaiting(1024, 10_000, () -> false);
                assertEquals(1024, mem.reserved());
                mem.release(1024);
            } finally {
                other.join();
            }
            assertEquals(0, server.reserved());
        }
    }

    /** Without a server pool there is nobody to wait for: the limit error comes at once. */
    @Test
    void reserveWaitingFailsAtOnceWithinOneQuery() {
        try (BufferAllocator root = new RootAllocator()) {
            MemoryPool pool = new MemoryPool(1024);
            try (OperatorMemory mem = new OperatorMemory("Agg#1", root, pool)) {
                // the wait loop asks whether it is cancelled before each sleep: never asked = no
                // wait
                AtomicInteger asked = new AtomicInteger();
                assertThrows(
                        MemoryLimitExceededException.class,
                        () ->
                                mem.reserveWaiting(
                                        2048,
                                        60_000,
                                        () -> {
                                            asked.incrementAndGet();
                                            return false;
                                        }));
                assertEquals(0, asked.get(), "it waited");
            }
        }
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
