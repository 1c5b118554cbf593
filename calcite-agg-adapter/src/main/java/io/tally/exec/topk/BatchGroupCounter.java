package io.tally.exec.topk;

import java.util.Arrays;

/**
 * Counts how often each group id occurs within one batch (an open-addressing table sized for the
 * batch, emptied by {@link #clear} in time proportional to the ids added), for memory bounds that
 * depend on how many rows a group receives.
 */
final class BatchGroupCounter {
    private int[] ids = new int[0];
    private int[] counts = new int[0];
    private int[] slots = new int[0];
    private int used;
    private int mask;

    /** Empties the counter and makes room for {@code n} distinct ids. */
    void clear(int n) {
        for (int u = 0; u < used; u++) {
            ids[slots[u]] = -1;
        }
        used = 0;
        int size = Integer.highestOneBit(Math.max(16, n * 2 - 1)) << 1;
        if (ids.length < size) {
            ids = new int[size];
            Arrays.fill(ids, -1);
            counts = new int[size];
            slots = new int[size];
            mask = size - 1;
        }
    }

    /** Returns how often {@code id} (≥ 0) was added before, and adds it once more. */
    int addAndGet(int id) {
        return addAndGet(id, 1);
    }

    /** Returns the sum of what was added for {@code id} (≥ 0) before, and adds {@code m}. */
    int addAndGet(int id, int m) {
        int s = (id * 0x9E3779B9 >>> 16) & mask;
        while (ids[s] != -1 && ids[s] != id) {
            s = (s + 1) & mask;
        }
        if (ids[s] == -1) {
            ids[s] = id;
            counts[s] = 0;
            slots[used++] = s;
        }
        int before = counts[s];
        counts[s] = before + m;
        return before;
    }
}
