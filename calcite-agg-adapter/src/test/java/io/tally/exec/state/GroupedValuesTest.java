package io.tally.exec.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/**
 * {@link GroupedValues} regroups a value log into each slot's values in arrival order, against a
 * per-slot list model: small scratch (many slices), a group larger than the scratch, empty slots.
 */
class GroupedValuesTest {
    @Test
    void slicesMatchThePerSlotModel() {
        Random r = new Random(4);
        for (int scratch : new int[] {1, 7, 64, 1 << 20}) {
            int rows = 50;
            int values = 3000;
            List<List<Long>> model = new ArrayList<>();
            for (int s = 0; s < rows; s++) {
                model.add(new ArrayList<>());
            }
            int[] slots = new int[values];
            long[] keys = new long[values];
            for (int i = 0; i < values; i++) {
                int slot = r.nextInt(4) == 0 ? 13 : r.nextInt(rows);
                slots[i] = slot % 5 == 4 ? 13 : slot;
                keys[i] = r.nextLong();
                model.get(slots[i]).add(keys[i]);
            }
            assertEquals(List.of(), model.get(4));
            assertEquals(model, gather(slots, keys, rows, scratch), "scratch " + scratch);
        }
    }

    private static List<List<Long>> gather(int[] slots, long[] keys, int rows, int scratch) {
        try (BufferAllocator root = new RootAllocator();
                ArrowBuf log = root.buffer((long) slots.length * GroupedValues.RECORD)) {
            int[] counts = new int[rows];
            for (int i = 0; i < slots.length; i++) {
                log.setInt((long) i * GroupedValues.RECORD, slots[i]);
                log.setLong((long) i * GroupedValues.RECORD + Integer.BYTES, keys[i]);
                counts[slots[i]]++;
            }
            GroupedValues grouped = new GroupedValues(scratch);
            grouped.begin(
                    log.memoryAddress(), (long) slots.length * GroupedValues.RECORD, counts, rows);
            List<List<Long>> out = new ArrayList<>();
            int slices = 0;
            while (grouped.next()) {
                slices++;
                assertEquals(out.size(), grouped.from());
                for (int s = grouped.from(); s < grouped.to(); s++) {
                    List<Long> run = new ArrayList<>();
                    for (int k = 0; k < counts[s]; k++) {
                        run.add(grouped.keys()[grouped.start(s) + k]);
                    }
                    out.add(run);
                }
            }
            assertTrue(scratch >= slots.length ? slices == 1 : slices > 1, "slices " + slices);
            return out;
        }
    }
}
