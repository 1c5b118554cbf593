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

    @Test
    void scratchIsASixteenthOfTheHeapWithinItsBounds() {
        assertEquals(GroupedValues.KEPT_SCRATCH_VALUES, GroupedValues.scratchFor(64L << 20));
        assertEquals(1 << 21, GroupedValues.scratchFor(256L << 20));
        assertEquals(GroupedValues.MAX_SCRATCH_VALUES, GroupedValues.scratchFor(32L << 30));
        assertEquals(GroupedValues.MAX_SCRATCH_VALUES, GroupedValues.scratchFor(Long.MAX_VALUE));
    }

    @Test
    void aLogPastTheKeptScratchIsOnePassAndTrimDropsItsScratch() {
        int values = GroupedValues.KEPT_SCRATCH_VALUES + 4096;
        int rows = 300;
        int[] slots = new int[values];
        long[] keys = new long[values];
        int[] counts = new int[rows];
        for (int i = 0; i < values; i++) {
            slots[i] = (int) ((i * 2654435761L) % rows);
            keys[i] = i;
            counts[slots[i]]++;
        }
        try (BufferAllocator root = new RootAllocator();
                ArrowBuf log = log(root, slots, keys)) {
            GroupedValues grouped = new GroupedValues(GroupedValues.scratchFor(1L << 31));
            grouped.begin(log.memoryAddress(), (long) values * GroupedValues.RECORD, counts, rows);
            assertTrue(grouped.next());
            assertEquals(0, grouped.from());
            assertEquals(rows, grouped.to(), "one slice");
            for (int s = 0; s < rows; s++) {
                long previous = -1;
                for (int k = 0; k < counts[s]; k++) {
                    long key = grouped.keys()[grouped.start(s) + k];
                    assertEquals(s, slots[(int) key], "slot of key " + key);
                    assertTrue(key > previous, "arrival order in slot " + s);
                    previous = key;
                }
            }
            assertTrue(!grouped.next());
            assertEquals(values, grouped.keys().length, "kept for the block's next log");
            grouped.trim();
            assertEquals(0, grouped.keys().length, "the large scratch is not kept");
        }
    }

    /** A value log of records {@code [slots[i], keys[i]]} in arrival order. */
    private static ArrowBuf log(BufferAllocator root, int[] slots, long[] keys) {
        ArrowBuf log = root.buffer((long) slots.length * GroupedValues.RECORD);
        for (int i = 0; i < slots.length; i++) {
            log.setInt((long) i * GroupedValues.RECORD, slots[i]);
            log.setLong((long) i * GroupedValues.RECORD + Integer.BYTES, keys[i]);
        }
        return log;
    }

    private static List<List<Long>> gather(int[] slots, long[] keys, int rows, int scratch) {
        try (BufferAllocator root = new RootAllocator();
                ArrowBuf log = log(root, slots, keys)) {
            int[] counts = new int[rows];
            for (int slot : slots) {
                counts[slot]++;
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
