package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupHashTable#presize}: the index is grown once for the groups announced (keeping the
 * groups already in it), not again while they arrive, and not at all when the pool cannot spare it.
 */
class GroupHashTablePresizeTest {
    private static final DataType BIG = DataType.of(ColumnType.BIGINT);
    private static final int CHUNK = 1000;

    @Test
    void presizedIndexHoldsTheAnnouncedGroupsWithoutGrowing() {
        try (BufferAllocator root = new RootAllocator()) {
            try (OperatorMemory memory = new OperatorMemory("t", root, new MemoryPool(1L << 30));
                    GroupHashTable table = table(memory)) {
                resolve(root, table, 0, 5_000, 0);
                table.presize(100_000);
                int capacity = table.indexCapacity();
                assertTrue(capacity * 3L / 4 > 100_000, "capacity " + capacity);
                // the groups made before keep their ids; the new ones follow in order
                resolve(root, table, 0, 100_000, 0);
                assertEquals(100_000, table.groupCount());
                assertEquals(capacity, table.indexCapacity());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void presizeBeyondTheSpareMemoryLeavesTheIndexToGrow() {
        try (BufferAllocator root = new RootAllocator()) {
            try (OperatorMemory memory = new OperatorMemory("t", root, new MemoryPool(4L << 20));
                    GroupHashTable table = table(memory)) {
                int before = table.indexCapacity();
                table.presize(1_000_000); // 16 MiB of index under a 4 MiB pool
                assertEquals(before, table.indexCapacity());
                resolve(root, table, 0, 20_000, 0);
                assertEquals(20_000, table.groupCount());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    private static GroupHashTable table(OperatorMemory memory) {
        BlockLayout layout = BlockLayout.of(1024);
        return new GroupHashTable(
                List.of(KeyColumn.create(BIG, layout, memory)), layout, memory, -1L);
    }

    /** Resolves keys {@code from..to-1} and asserts key {@code k} is group {@code k - base}. */
    private static void resolve(
            BufferAllocator root, GroupHashTable table, int from, int to, int base) {
        DecodedColumn keys = new DecodedColumn(BIG, "key");
        int[] gids = new int[CHUNK];
        for (int at = from; at < to; at += CHUNK) {
            int n = Math.min(CHUNK, to - at);
            try (BigIntVector v = new BigIntVector("key", root)) {
                v.allocateNew(n);
                for (int i = 0; i < n; i++) {
                    v.set(i, at + i);
                }
                v.setValueCount(n);
                keys.decode(v, n);
            }
            table.resolve(new DecodedColumn[] {keys}, n, null, gids);
            for (int i = 0; i < n; i++) {
                assertEquals(at + i - base, gids[i], "key " + (at + i));
            }
        }
    }
}
