package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The memory defaults: heap, cached tables and one query's default limit fit in physical memory.
 */
class MachineMemoryTest {
    private static final long GIB = 1L << 30;

    @Test
    void roomIsPhysicalLessHeapAndReserve() {
        assertEquals(16 * GIB - 4 * GIB - 2 * GIB, MachineMemory.room(16 * GIB, 4 * GIB));
        assertEquals(0, MachineMemory.room(4 * GIB, 8 * GIB), "never negative");
        assertEquals(
                (long) ((16 * GIB - 4 * GIB - 2 * GIB) * 0.75),
                MachineMemory.cacheBudget(16 * GIB, 4 * GIB));
    }

    @Test
    void defaultLimitIsHalfThePhysicalMemoryWhenTheRoomAllowsIt() {
        assertEquals(32 * GIB, MachineMemory.defaultQueryLimit(64 * GIB, 8 * GIB, 0));
        assertEquals(32 * GIB, MachineMemory.defaultQueryLimit(64 * GIB, 8 * GIB, 2 * GIB));
    }

    @Test
    void theCacheAndTheHeapComeOutOfTheDefaultLimit() {
        // this machine at 1e8 rows: 23.5 GiB, the shell's 40% heap, the h2o table cached
        long physical = 23 * GIB + GIB / 2;
        long heap = (long) (physical * 0.4);
        long cached = 6 * GIB + 3 * GIB / 10;
        long limit = MachineMemory.defaultQueryLimit(physical, heap, cached);
        assertEquals((long) ((physical - heap - physical / 8 - cached) * 0.75), limit);
        assertTrue(
                heap + cached + limit + physical / 8 <= physical - limit / 4,
                "heap + cache + default limit + reserve leave room for what the pool does not count");
        assertTrue(cached <= MachineMemory.cacheBudget(physical, heap), "the table fits the cache");
    }

    @Test
    void defaultLimitHasAFloor() {
        assertEquals(
                MachineMemory.MIN_QUERY_LIMIT,
                MachineMemory.defaultQueryLimit(8 * GIB, 6 * GIB, 2 * GIB));
        assertEquals(
                MachineMemory.MIN_QUERY_LIMIT, MachineMemory.defaultQueryLimit(GIB, 2 * GIB, 0));
    }

    @Test
    void aCacheAtItsBudgetLeavesQueriesThreeQuartersOfTheRest() {
        long physical = 32 * GIB;
        long heap = 8 * GIB;
        long budget = MachineMemory.cacheBudget(physical, heap);
        long room = MachineMemory.room(physical, heap);
        assertEquals(
                (long) ((room - budget) * 0.75),
                MachineMemory.defaultQueryLimit(physical, heap, budget));
        assertTrue(room - budget >= room / 4 - 1);
    }

    @Test
    void aPoolUnderTheDefaultLimitFollowsTheCache() {
        long room = MachineMemory.room();
        long cached = EngineMemory.cachedBytes();
        long start = MachineMemory.defaultQueryLimit(cached);
        MemoryPool followed = new MemoryPool(start);
        MemoryPool fixed = new MemoryPool(start);
        MachineMemory.follow(followed);
        try {
            long held = start - start / 8;
            assertTrue(followed.tryReserve(held));
            // the query loads a table of half the room into the cache: its default limit shrinks
            MachineMemory.cacheChanged(cached + room / 2);
            long lower = MachineMemory.defaultQueryLimit(cached + room / 2);
            assertTrue(lower < held, lower + " / " + held);
            assertEquals(lower, followed.limit());
            assertEquals(start, fixed.limit(), "a limit that was set stays");
            // what it holds stays reserved, but nothing more is granted until it is under again
            assertFalse(followed.tryReserve(1));
            followed.release(held);
            assertTrue(followed.tryReserve(lower));
            followed.release(lower);
            // the cache shrinks: never above the limit the query started with
            MachineMemory.cacheChanged(0);
            assertEquals(start, followed.limit());
            followed.adjustLimit(-5);
            assertEquals(1, followed.limit());
        } finally {
            MachineMemory.cacheChanged(EngineMemory.cachedBytes());
        }
    }
}
