package io.tally.exec.spill;

import io.tally.batch.DataType;
import io.tally.exec.hash.BatchKeyHasher;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.Hashing;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Radix partitioning of spilled groups by the same 64-bit key hash the hash table uses: level
 * {@code L} takes hash bits {@code [L × RADIX_BITS, (L + 1) × RADIX_BITS)} from the low end (the
 * table's index uses the high 32 bits, so a partition still spreads evenly over its index). {@link
 * #MAX_LEVELS} levels use up the low 32 bits; a partition that still does not fit then holds groups
 * the hash cannot split, and the query fails.
 */
public final class Partitioner {
    static final int RADIX_BITS = 4;

    /**
     * Partitions per level: 16 files, so one block's groups land ~512 per file at block_size 8192.
     */
    public static final int FANOUT = 1 << RADIX_BITS;

    static final int FANOUT_MASK = FANOUT - 1;
    public static final int MAX_LEVELS = 32 / RADIX_BITS;

    private final BatchKeyHasher hasher;
    private int[] parts = new int[0];

    public Partitioner(List<DataType> keyTypes, BlockLayout layout, OperatorMemory memory) {
        hasher = new BatchKeyHasher(keyTypes, layout, memory, "spilled key");
    }

    /**
     * The partition (0..FANOUT-1) of each row of {@code root} at {@code level}; keys come first.
     */
    public int[] partitions(VectorSchemaRoot root, int level) {
        int n = root.getRowCount();
        long[] hashes = hasher.hash(root);
        if (parts.length < n) {
            parts = new int[n];
        }
        int shift = level * RADIX_BITS;
        for (int i = 0; i < n; i++) {
            parts[i] = (int) (Hashing.mix(hashes[i]) >>> shift) & FANOUT_MASK;
        }
        return parts;
    }
}
