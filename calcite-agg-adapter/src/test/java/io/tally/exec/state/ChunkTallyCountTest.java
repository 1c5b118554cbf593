package io.tally.exec.state;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.exec.hash.BlockLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** {@link ChunkTally} counts a chunk's rows per group against a model, chunk after chunk. */
class ChunkTallyCountTest {
    private static final int BLOCK = 8;

    /**
     * Chunks in which every group of the table is touched and rows follow (the touched list is full
     * before the chunk ends), ids -1 skipped, and group counts that grow between chunks: the
     * touched groups in first-seen order and the rows added per group match a model.
     */
    @Test
    void touchedGroupsAndRowsMatchTheModel() {
        Random random = new Random(11);
        BlockLayout layout = BlockLayout.of(BLOCK);
        ChunkTally tally = new ChunkTally();
        int maxGroups = 40;
        long[] expectedTotals = new long[maxGroups];
        try (BufferAllocator root = new RootAllocator()) {
            ArrowBuf[] blocks = new ArrowBuf[maxGroups / BLOCK];
            for (int b = 0; b < blocks.length; b++) {
                blocks[b] = root.buffer(BLOCK * 8L);
                blocks[b].setZero(0, BLOCK * 8L);
            }
            try {
                for (int groups : new int[] {1, 5, 5, 16, 40, 3, 40}) {
                    int n = groups * ChunkTally.ROWS_PER_GROUP + random.nextInt(50);
                    int[] gids = new int[n];
                    for (int i = 0; i < n; i++) {
                        // every group first, in a shuffled order, then random ids and some -1
                        gids[i] = i < groups ? i : random.nextInt(groups + 1) - 1;
                    }
                    shuffle(gids, groups, random);
                    List<Integer> firstSeen = new ArrayList<>();
                    for (int g : gids) {
                        if (g >= 0 && !firstSeen.contains(g)) {
                            firstSeen.add(g);
                        }
                        if (g >= 0) {
                            expectedTotals[g]++;
                        }
                    }
                    tally.tally(gids, n, groups);
                    assertEquals(true, tally.active(), groups + " groups in " + n + " rows");
                    assertEquals(groups, tally.touchedCount(), "touched of " + groups);
                    int[] touched = new int[tally.touchedCount()];
                    for (int t = 0; t < touched.length; t++) {
                        touched[t] = tally.touched(t);
                    }
                    assertArrayEquals(
                            firstSeen.stream().mapToInt(Integer::intValue).toArray(),
                            touched,
                            "first-seen order of " + groups + " groups");
                    tally.addRowsTo(blocks, layout);
                    for (int g = 0; g < maxGroups; g++) {
                        long at = (long) (g % BLOCK) * 8;
                        assertEquals(
                                expectedTotals[g], blocks[g / BLOCK].getLong(at), "group " + g);
                    }
                }
            } finally {
                Arrays.stream(blocks).forEach(ArrowBuf::close);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** Shuffles the first {@code k} entries of {@code a} (the groups' first rows). */
    private static void shuffle(int[] a, int k, Random random) {
        for (int i = k - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int x = a[i];
            a[i] = a[j];
            a[j] = x;
        }
    }
}
