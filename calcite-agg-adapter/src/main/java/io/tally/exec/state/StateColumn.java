package io.tally.exec.state;

import io.tally.exec.hash.BlockLayout;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import org.apache.arrow.memory.ArrowBuf;

/**
 * One fixed-width column of aggregate state, {@code width} bytes per group, in blocks of {@link
 * BlockLayout#size()} groups; group g lives in {@code blocks[g >>> shift]} at byte {@code (g &
 * mask) * width}. New blocks are zero-filled (the empty state of every function). Block 0 starts at
 * {@link BlockLayout#FIRST_BLOCK_GROUPS} and doubles (copying) up to a full block; it is full
 * before block 1 exists, so later blocks never move.
 */
public final class StateColumn implements AutoCloseable {
    final int width;
    private final BlockLayout layout;
    private final OperatorMemory memory;
    public ArrowBuf[] blocks = new ArrowBuf[4];
    public int blockCount;
    private int firstCapacity;

    StateColumn(int width, BlockLayout layout, OperatorMemory memory) {
        this.width = width;
        this.layout = layout;
        this.memory = memory;
    }

    /** Makes room for groups {@code 0..groups-1}. */
    void ensureGroups(int groups) {
        if (blockCount > 0 && groups > firstCapacity && firstCapacity < layout.size()) {
            int capacity = layout.firstBlockCapacity(groups);
            ArrowBuf grown = memory.allocate((long) capacity * width);
            grown.setBytes(0, blocks[0], 0, (long) firstCapacity * width);
            memory.free(blocks[0]);
            blocks[0] = grown;
            firstCapacity = capacity;
        }
        int needed = layout.blocksFor(groups);
        while (blockCount < needed) {
            if (blockCount == blocks.length) {
                blocks = Arrays.copyOf(blocks, blockCount * 2);
            }
            int capacity = blockCount == 0 ? layout.firstBlockCapacity(groups) : layout.size();
            blocks[blockCount] = memory.allocate((long) capacity * width);
            if (blockCount == 0) {
                firstCapacity = capacity;
            }
            blockCount++;
        }
    }

    /**
     * Upper bound of the bytes {@link #ensureGroups}{@code (groups)} would newly allocate (a grown
     * block 0 is counted whole, as old and new briefly coexist).
     */
    long growthBound(int groups) {
        long bytes = 0;
        if (blockCount > 0 && groups > firstCapacity && firstCapacity < layout.size()) {
            bytes += memory.rounded((long) layout.firstBlockCapacity(groups) * width);
        }
        int needed = layout.blocksFor(groups);
        for (int b = blockCount; b < needed; b++) {
            int capacity = b == 0 ? layout.firstBlockCapacity(groups) : layout.size();
            bytes += memory.rounded((long) capacity * width);
        }
        return bytes;
    }

    /** Groups block {@code block} has room for. */
    public int capacity(int block) {
        return block == 0 ? firstCapacity : layout.size();
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
