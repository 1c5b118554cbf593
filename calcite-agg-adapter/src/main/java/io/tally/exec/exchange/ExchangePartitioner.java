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
 * The row hash is the hash table's own; it is mixed again with {@link #SALT} and reduced to {@code
 * [0, partitions)} by a multiply-shift, so the partition is independent of the bits the final
 * tables use for their index (high 32) and for spill partitions (low 32).
 */
public final class ExchangePartitioner {
    /** Decorrelates the exchange from the index and spill bits of the same hash. */
    static final long SALT = 0x632BE59BD9B4E019L;

    private final int partitions;
    private final BatchKeyHasher hasher;
    private int[] parts = new int[0];

    public ExchangePartitioner(
            List<DataType> keyTypes, int partitions, BlockLayout layout, OperatorMemory memory) {
        this.partitions = partitions;
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
            long h = Hashing.mix(Hashing.mix(hashes[i]) ^ SALT) >>> 32;
            parts[i] = (int) ((h * partitions) >>> 32);
        }
        return parts;
    }
}
