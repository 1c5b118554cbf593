package io.tally.exec;

import io.tally.spill.SpillOptions;
import java.io.Serializable;
import java.util.Locale;

/**
 * Runtime knobs of one aggregation: groups per block ({@code block_size}, a power of two), how
 * results are emitted, and how it spills ({@link SpillOptions}). The memory limit is the query's
 * {@link io.tally.memory.MemoryPool}.
 */
public final class AggregateConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Default groups per block: 8192 keeps a block of 8-byte states at 64 KiB, L2-sized. */
    public static final int DEFAULT_BLOCK_SIZE = 8192;

    /** Most groups per block: 2^20 keeps one block of a 16-byte state column at 16 MiB. */
    public static final int MAX_BLOCK_SIZE = 1 << 20;

    /** How the result leaves the operator. */
    public enum EmitMode {
        /** One block per output batch; each block's memory is freed as its batch is handed on. */
        BLOCKED,
        /**
         * Legacy baseline: every block is materialized into output batches before the first one is
         * returned.
         */
        ALL
    }

    private final int blockSize;
    private final EmitMode emit;
    private final long hashMask;
    private final SpillOptions spill;

    public AggregateConfig(int blockSize, EmitMode emit) {
        this(blockSize, emit, SpillOptions.defaults());
    }

    public AggregateConfig(int blockSize, EmitMode emit, SpillOptions spill) {
        this(blockSize, emit, -1L, spill);
    }

    private AggregateConfig(int blockSize, EmitMode emit, long hashMask, SpillOptions spill) {
        checkBlockSize(blockSize);
        if (emit == null) {
            throw new IllegalArgumentException("emit mode is required");
        }
        this.blockSize = blockSize;
        this.emit = emit;
        this.hashMask = hashMask;
        if (spill == null) {
            throw new IllegalArgumentException("spill options are required");
        }
        this.spill = spill;
    }

    /**
     * Checks a {@code block_size}: a power of two from 1 to {@link #MAX_BLOCK_SIZE}; returns it.
     *
     * @throws IllegalArgumentException naming the rule
     */
    public static int checkBlockSize(int blockSize) {
        if (blockSize < 1 || Integer.bitCount(blockSize) != 1 || blockSize > MAX_BLOCK_SIZE) {
            throw new IllegalArgumentException(
                    "'"
                            + blockSize
                            + "' (must be a power of two from 1 to "
                            + MAX_BLOCK_SIZE
                            + ")");
        }
        return blockSize;
    }

    public SpillOptions spill() {
        return spill;
    }

    /** A copy spilling as {@code options} say. */
    public AggregateConfig withSpill(SpillOptions options) {
        return new AggregateConfig(blockSize, emit, hashMask, options);
    }

    public static AggregateConfig defaults() {
        return new AggregateConfig(DEFAULT_BLOCK_SIZE, EmitMode.BLOCKED);
    }

    public int blockSize() {
        return blockSize;
    }

    public EmitMode emit() {
        return emit;
    }

    /** Test hook: a copy whose row hashes are ANDed with {@code mask} to force collisions. */
    AggregateConfig withHashMaskForTesting(long mask) {
        return new AggregateConfig(blockSize, emit, mask, spill);
    }

    long hashMask() {
        return hashMask;
    }

    @Override
    public String toString() {
        return "block_size="
                + blockSize
                + ", emit="
                + emit.name().toLowerCase(Locale.ROOT)
                + ", "
                + spill;
    }
}
