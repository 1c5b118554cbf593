package io.tally.exec;

import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * One fixed-width column of aggregate state, {@code width} bytes per group, in blocks of
 * {@link BlockLayout#size()} groups; group g lives in {@code blocks[g >>> shift]} at byte
 * {@code (g & mask) * width}. New blocks are zero-filled (the empty state of every function).
 */
final class StateColumn implements AutoCloseable {
  final int width;
  private final BlockLayout layout;
  private final OperatorMemory memory;
  ArrowBuf[] blocks = new ArrowBuf[4];
  int blockCount;

  StateColumn(int width, BlockLayout layout, OperatorMemory memory) {
    this.width = width;
    this.layout = layout;
    this.memory = memory;
  }

  void addBlock() {
    if (blockCount == blocks.length) {
      blocks = Arrays.copyOf(blocks, blockCount * 2);
    }
    blocks[blockCount] = memory.allocate((long) layout.size() * width);
    blockCount++;
  }

  void releaseBlock(int block) {
    if (block < blockCount && blocks[block] != null) {
      memory.free(blocks[block]);
      blocks[block] = null;
    }
  }

  @Override
  public void close() {
    for (int b = 0; b < blockCount; b++) {
      releaseBlock(b);
    }
  }
}
