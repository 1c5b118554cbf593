package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The PRNG, selection sampler, seeded permutation and id formatting the generators build on. */
class StreamPrimitivesTest {
    @Test
    void permutationIsABijectionForAwkwardSizes() {
        for (long n : new long[] {1, 2, 3, 7, 1000, 4097, 65_537}) {
            SeededPermutation permutation = new SeededPermutation(n, 42);
            BitSet seen = new BitSet();
            for (long i = 0; i < n; i++) {
                long p = permutation.apply(i);
                assertTrue(p >= 0 && p < n, "out of range " + p);
                assertTrue(!seen.get((int) p), "repeated " + p);
                seen.set((int) p);
            }
            assertEquals(n, seen.cardinality());
        }
        assertNotEquals(
                order(new SeededPermutation(1000, 1)), order(new SeededPermutation(1000, 2)));
    }

    private static List<Long> order(SeededPermutation permutation) {
        List<Long> values = new ArrayList<>();
        for (long i = 0; i < 1000; i++) {
            values.add(permutation.apply(i));
        }
        return values;
    }

    @Test
    void selectionSamplerChoosesExactly() {
        for (long m : new long[] {0, 1, 137, 1000}) {
            SelectionSampler sampler = new SelectionSampler(new SplitMix64(m), 1000, m);
            int chosen = 0;
            for (int i = 0; i < 1000; i++) {
                chosen += sampler.next() ? 1 : 0;
            }
            assertEquals(m, chosen);
        }
    }

    @Test
    void boundedDrawsAreInRangeAndCoverIt() {
        SplitMix64 random = new SplitMix64(3);
        int[] counts = new int[15];
        for (int i = 0; i < 150_000; i++) {
            counts[random.nextInt(15)]++;
        }
        for (int count : counts) {
            assertTrue(count > 9_000 && count < 11_000, "count " + count);
        }
        assertEquals(new SplitMix64(5).nextLong(), new SplitMix64(5).nextLong());
    }

    @Test
    void paddedIdsMatchPrintf() {
        PaddedIds ids = new PaddedIds("id", 3);
        for (long v : new long[] {0, 7, 42, 999, 1000, 123_456_789L}) {
            assertEquals(String.format("id%03d", v), ids.toString(v));
        }
        assertEquals(String.format("key_%010d", 12345), new PaddedIds("key_", 10).toString(12345));
        assertEquals("0.000001", CsvCells.doubleText(1e-6));
        assertEquals("12.5", CsvCells.doubleText(12.5));
        assertEquals("12345678.0", CsvCells.doubleText(12_345_678.0));
        assertEquals("5.0", CsvCells.doubleText(5.0));
    }
}
