package io.tally.datasets;

/**
 * A seeded pseudo-random stream using the SplitMix64 algorithm (Steele, Lea, Flood 2014), written
 * out here so the byte sequence is fixed by this file and not by a JDK implementation.
 *
 * <p>State advances by the odd constant {@link #GAMMA}; each output is the state passed through the
 * variant-13 mixing function. Bounded integers use Lemire's multiply-shift with rejection, so they
 * are exactly uniform.
 */
final class SplitMix64 {
    /** Golden-ratio increment (2^64 / phi, odd). */
    static final long GAMMA = 0x9E3779B97F4A7C15L;

    /** Scale turning the top 53 bits of a long into a double in [0, 1). */
    private static final double DOUBLE_UNIT = 0x1.0p-53;

    private long state;

    SplitMix64(long seed) {
        this.state = seed;
    }

    /** A stream for the given seed and stream number; distinct streams start far apart. */
    static SplitMix64 stream(long seed, int streamNumber) {
        return new SplitMix64(mix(seed + mix((streamNumber + 1L) * GAMMA)));
    }

    /** The SplitMix64 finalizer (Stafford variant 13). */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long nextLong() {
        state += GAMMA;
        return mix(state);
    }

    /** A uniform double in [0, 1). */
    double nextDouble() {
        return (nextLong() >>> 11) * DOUBLE_UNIT;
    }

    /** A uniform int in [0, bound), bound &gt; 0. */
    int nextInt(int bound) {
        return (int) nextLong(bound);
    }

    /** A uniform long in [0, bound), bound &gt; 0 (Lemire's nearly-divisionless method). */
    long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound must be positive: " + bound);
        }
        long x = nextLong();
        long low = x * bound;
        long high = unsignedMultiplyHigh(x, bound);
        if (Long.compareUnsigned(low, bound) < 0) {
            long threshold = Long.remainderUnsigned(-bound, bound);
            while (Long.compareUnsigned(low, threshold) < 0) {
                x = nextLong();
                low = x * bound;
                high = unsignedMultiplyHigh(x, bound);
            }
        }
        return high;
    }

    /**
     * High 64 bits of the unsigned 128-bit product (Math.unsignedMultiplyHigh arrives in Java 18).
     */
    private static long unsignedMultiplyHigh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }
}
