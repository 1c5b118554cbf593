package io.tally.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
}
