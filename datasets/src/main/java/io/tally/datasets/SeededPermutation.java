package io.tally.datasets;

/**
 * A seeded bijection of {@code [0, n)} computed per index in O(1) memory, so a shuffled row order
 * of any length can be streamed without materializing a permutation array.
 *
 * <p>Construction: a balanced Feistel network of {@link #ROUNDS} rounds over {@code 2 * halfBits}
 * bits, the smallest even bit width whose domain {@code 2^(2*halfBits) >= n}; values that land
 * outside {@code [0, n)} are re-encrypted ("cycle walking"), which stays a bijection on {@code [0,
 * n)}. The domain is less than {@code 4n}, so the expected walk is under four steps.
 */
final class SeededPermutation {
    /** Feistel rounds; four rounds of a good round function give a well-mixed permutation. */
    static final int ROUNDS = 4;

    /**
     * Largest size: keeps the Feistel domain within 62 bits, so every value is a non-negative long.
     */
    static final long MAX_SIZE = 1L << 62;

    private final long size;
    private final int halfBits;
    private final long halfMask;
    private final long[] roundKeys = new long[ROUNDS];

    SeededPermutation(long size, long seed) {
        if (size <= 0 || size > MAX_SIZE) {
            throw new IllegalArgumentException(
                    "permutation size must be in 1.." + MAX_SIZE + ": " + size);
        }
        this.size = size;
        int bits = Math.max(2, 64 - Long.numberOfLeadingZeros(size - 1));
        this.halfBits = (bits + 1) / 2;
        this.halfMask = (1L << halfBits) - 1;
        SplitMix64 random = new SplitMix64(seed);
        for (int r = 0; r < ROUNDS; r++) {
            roundKeys[r] = random.nextLong();
        }
    }

    /** The position that index {@code i} maps to, in {@code [0, n)}. */
    long apply(long i) {
        if (i < 0 || i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " outside [0, " + size + ")");
        }
        long x = encrypt(i);
        while (x >= size) {
            x = encrypt(x);
        }
        return x;
    }

    private long encrypt(long x) {
        long left = x >>> halfBits;
        long right = x & halfMask;
        for (int r = 0; r < ROUNDS; r++) {
            long next = left ^ (SplitMix64.mix(right ^ roundKeys[r]) & halfMask);
            left = right;
            right = next;
        }
        return (left << halfBits) | right;
    }
}
