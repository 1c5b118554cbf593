package io.tally.exec;

/**
 * Splits a dense group id into (block, slot): {@code block = id >>> shift},
 * {@code slot = id & mask}, with {@code size = 1 << shift} groups per block and
 * {@code mask = size - 1}. Keys and states share one layout.
 */
record BlockLayout(int shift, int size, int mask) {
  static BlockLayout of(int blockSize) {
    if (blockSize < 1 || Integer.bitCount(blockSize) != 1) {
      throw new IllegalArgumentException("block_size must be a power of two, got " + blockSize);
    }
    int shift = Integer.numberOfTrailingZeros(blockSize);
    return new BlockLayout(shift, 1 << shift, (1 << shift) - 1);
  }

  /** Number of blocks needed for {@code groups} groups. */
  int blocksFor(int groups) {
    return (int) (((long) groups + size - 1) >>> shift);
  }

  /** Groups held in block {@code block} when {@code groups} exist. */
  int rowsIn(int block, int groups) {
    return Math.min(size, groups - (block << shift));
  }
}
