package io.tally.datasets;

/**
 * Chooses exactly {@code m} of {@code n} positions uniformly at random while streaming over them in
 * order (Knuth's Algorithm S, selection sampling), in O(1) memory.
 *
 * <p>Position {@code t} (0-based, {@code c} already chosen) is chosen with probability {@code (m -
 * c) / (n - t)}, which is exact because the draw is an unbiased bounded integer.
 */
final class SelectionSampler {
    private final SplitMix64 random;
    private final long total;
    private long remainingToChoose;
    private long seen;

    SelectionSampler(SplitMix64 random, long total, long chosen) {
        if (chosen < 0 || chosen > total) {
            throw new IllegalArgumentException(
                    "cannot choose " + chosen + " of " + total + " positions");
        }
        this.random = random;
        this.total = total;
        this.remainingToChoose = chosen;
    }

    /** Whether the next position is chosen; call at most {@code n} times. */
    boolean next() {
        if (seen >= total) {
            throw new IllegalStateException("all " + total + " positions already visited");
        }
        long left = total - seen++;
        if (remainingToChoose == 0) {
            return false;
        }
        if (random.nextLong(left) < remainingToChoose) {
            remainingToChoose--;
            return true;
        }
        return false;
    }
}
