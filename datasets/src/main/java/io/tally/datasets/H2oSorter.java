package io.tally.datasets;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Computes the row order of the sorted h2o table: by id1, id2, id3, id4, id5, id6 ascending with
 * NULL first (data.table {@code setkeyv} order), strings compared as bytes (C locale).
 *
 * <p>Method: LSD radix sort, one stable counting-sort pass per id column from id6 to id1, over a
 * row permutation. id1/id2 are sorted by the rank of their {@code id%03d} text (which differs from
 * numeric order once K &gt;= 1000); id3's {@code id%010d} text orders as its number because every
 * value has at most 10 digits. Memory: two int arrays of N (permutation and scratch) plus counts.
 */
final class H2oSorter {
    private H2oSorter() {}

    /** Row indices of {@code rows[0 .. n)} in sorted order. */
    static int[] sortedOrder(H2oRows rows, int n, int k, int groupsPerK) {
        int[] textRank = textRanks(k);
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] scratch = new int[n];
        int[][] ids = rows.ids;
        int[] domains = {k, k, groupsPerK, k, k, groupsPerK};
        for (int c = H2oRows.ID_COLUMNS - 1; c >= 0; c--) {
            int[] rank = c < 2 ? textRank : null;
            countingPass(order, scratch, ids[c], rank, domains[c]);
            int[] swap = order;
            order = scratch;
            scratch = swap;
        }
        return order;
    }

    /** {@code rank[v]} for v in 1..k: position (1-based) of {@code id%03d}(v) in byte order. */
    static int[] textRanks(int k) {
        PaddedIds format = new PaddedIds("id", 3);
        Integer[] values = new Integer[k];
        String[] texts = new String[k + 1];
        for (int v = 1; v <= k; v++) {
            values[v - 1] = v;
            texts[v] = format.toString(v);
        }
        Arrays.sort(values, Comparator.comparing(v -> texts[v]));
        int[] rank = new int[k + 1];
        for (int i = 0; i < k; i++) {
            rank[values[i]] = i + 1;
        }
        return rank;
    }

    /** Stable counting sort of {@code in} into {@code out} by key (0 = NULL first, 1..domain). */
    private static void countingPass(int[] in, int[] out, int[] keys, int[] rank, int domain) {
        int[] starts = new int[domain + 2];
        for (int row : in) {
            starts[key(keys, rank, row) + 1]++;
        }
        for (int v = 1; v < starts.length; v++) {
            starts[v] += starts[v - 1];
        }
        for (int row : in) {
            out[starts[key(keys, rank, row)]++] = row;
        }
    }

    private static int key(int[] keys, int[] rank, int row) {
        int value = keys[row];
        return rank == null || value == 0 ? value : rank[value];
    }
}
