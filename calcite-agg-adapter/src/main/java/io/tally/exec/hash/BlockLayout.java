package io.tally.exec.hash;

/**
 * Splits a dense group id into (block, slot): {@code block = id >>> shift}, {@code slot = id &
 * mask}, with {@code size = 1 << shift} groups per block and {@code mask = size - 1}. Keys and
 * states share one layout.
 */
public record BlockLayout(int shift, int size, int mask) {
    /**
     * Groups the first block is allocated for; it doubles up to {@code size} as groups arrive, so a
     * small result costs kilobytes, not a full block per column. Later blocks are full-size.
     */
    public static final int FIRST_BLOCK_GROUPS = 256;

    public static BlockLayout of(int blockSize) {
        if (blockSize < 1 || Integer.bitCount(blockSize) != 1) {
            throw new IllegalArgumentException(
                    "block_size must be a power of two, got " + blockSize);
        }
        int shift = Integer.numberOfTrailingZeros(blockSize);
        return new BlockLayout(shift, 1 << shift, (1 << shift) - 1);
    }

    /**
     * Capacity (in groups) block 0 needs to hold {@code groups} groups: a power of two up to size.
     */
    public int firstBlockCapacity(int groups) {
        long want = Math.max(FIRST_BLOCK_GROUPS, Long.highestOneBit(Math.max(1, groups - 1)) << 1);
        return (int) Math.min(size, want);
    }

    /** Number of blocks needed for {@code groups} groups. */
    public int blocksFor(int groups) {
        return (int) (((long) groups + size - 1) >>> shift);
    }

    /** Groups held in block {@code block} when {@code groups} exist. */
    public int rowsIn(int block, int groups) {
        return Math.min(size, groups - (block << shift));
    }
}
