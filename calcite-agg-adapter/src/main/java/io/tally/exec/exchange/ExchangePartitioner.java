package io.tally.exec.exchange;

import io.tally.batch.DataType;
import io.tally.exec.hash.BatchKeyHasher;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.Hashing;
import io.tally.memory.OperatorMemory;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Assigns the rows of partial batches (keys first) to the final partitions of a parallel aggregate.
 * The partition is {@link Hashing#partition} of the row's probe hash in the tables (the high 32
 * bits of the mixed row hash under the tables' hash mask), so a partial table can hand its groups
 * to the same final tables by the hashes it stores ({@link io.tally.exec.hash.GroupHashTable
 * #storedHashes}); spill partitions use the low 32 bits.
 */
public final class ExchangePartitioner {
    private final int partitions;
    private final long hashMask;
    private final BatchKeyHasher hasher;
    private int[] parts = new int[0];

    public ExchangePartitioner(
            List<DataType> keyTypes,
            int partitions,
            long hashMask,
            BlockLayout layout,
            OperatorMemory memory) {
        this.partitions = partitions;
        this.hashMask = hashMask;
        hasher = new BatchKeyHasher(keyTypes, layout, memory, "exchanged key");
    }

    /** The final partition of each row of {@code root}; valid until the next call. */
    int[] partitions(VectorSchemaRoot root) {
        int n = root.getRowCount();
        long[] hashes = hasher.hash(root);
        if (parts.length < n) {
            parts = new int[n];
        }
        for (int i = 0; i < n; i++) {
            int hash32 = (int) ((Hashing.mix(hashes[i]) & hashMask) >>> 32);
            parts[i] = Hashing.partition(hash32, partitions);
        }
        return parts;
    }
}
