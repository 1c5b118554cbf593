package io.tally.exec.holistic;

import io.tally.exec.topk.TopKRowCodec;
import java.util.Arrays;

/**
 * Sorts gathered {@link TopKRowCodec} entries by their key bytes (unsigned, byte by byte: the
 * codec's order), stably, so entries with equal keys keep their arrival order. A merge sort of the
 * entries' start offsets, with insertion sort for short runs; keys are compared with {@link
 * Arrays#compareUnsigned(byte[], int, int, byte[], int, int)}.
 */
final class EntrySort {
    /** Runs up to this long are sorted by insertion. */
    static final int INSERTION_LIMIT = 16;

    private int[] scratch = new int[16];

    /** Sorts {@code starts[0, n)}, entry offsets into {@code bytes}, by their keys. */
    void sort(byte[] bytes, int[] starts, int n) {
        if (scratch.length < n) {
            scratch = new int[Math.max(n, 2 * scratch.length)];
        }
        mergeSort(bytes, starts, scratch, 0, n);
    }

    private static void mergeSort(byte[] b, int[] a, int[] tmp, int from, int to) {
        if (to - from <= INSERTION_LIMIT) {
            for (int i = from + 1; i < to; i++) {
                int v = a[i];
                int j = i - 1;
                while (j >= from && compare(b, a[j], v) > 0) {
                    a[j + 1] = a[j];
                    j--;
                }
                a[j + 1] = v;
            }
            return;
        }
        int mid = (from + to) >>> 1;
        mergeSort(b, a, tmp, from, mid);
        mergeSort(b, a, tmp, mid, to);
        if (compare(b, a[mid - 1], a[mid]) <= 0) {
            return;
        }
        System.arraycopy(a, from, tmp, from, to - from);
        int i = from;
        int j = mid;
        for (int k = from; k < to; k++) {
            a[k] = j >= to || (i < mid && compare(b, tmp[i], tmp[j]) <= 0) ? tmp[i++] : tmp[j++];
        }
    }

    /** Compares the keys of the entries starting at {@code x} and {@code y}. */
    static int compare(byte[] b, int x, int y) {
        int kx = TopKRowCodec.intAt(b, x + 4);
        int ky = TopKRowCodec.intAt(b, y + 4);
        int h = TopKRowCodec.HEADER;
        return Arrays.compareUnsigned(b, x + h, x + h + kx, b, y + h, y + h + ky);
    }
}
