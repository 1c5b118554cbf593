package io.tally.exec.hash;

import io.tally.batch.DataType;
import io.tally.memory.OperatorMemory;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * Computes the hash table's own 64-bit row hash (before {@link Hashing#mix}) for the key columns
 * that lead a batch, so spill and exchange partitioners route rows by the same hash the table
 * probes with.
 */
public final class BatchKeyHasher {
    private final KeyColumn[] hashers;
    private final DecodedColumn[] decoded;
    private long[] hashes = new long[0];

    /** {@code what} names the keys in decoding errors (e.g. "spilled key"). */
    public BatchKeyHasher(
            List<DataType> keyTypes, BlockLayout layout, OperatorMemory memory, String what) {
        hashers = new KeyColumn[keyTypes.size()];
        decoded = new DecodedColumn[keyTypes.size()];
        for (int k = 0; k < hashers.length; k++) {
            hashers[k] = KeyColumn.create(keyTypes.get(k), layout, memory);
            decoded[k] = new DecodedColumn(keyTypes.get(k), what + " " + k);
        }
    }

    /** The unmixed hash of each row of {@code root} (keys first); valid until the next call. */
    public long[] hash(VectorSchemaRoot root) {
        int n = root.getRowCount();
        if (hashes.length < n) {
            hashes = new long[n];
        }
        Arrays.fill(hashes, 0, n, Hashing.SEED);
        for (int k = 0; k < hashers.length; k++) {
            decoded[k].decode(root.getVector(k), n);
            hashers[k].bind(decoded[k]);
            hashers[k].hash(hashes, n);
        }
        return hashes;
    }

    /**
     * The probe hash a table of {@code hashMask} gives each of rows {@code 0..n-1} of the decoded
     * key columns {@code keys} (in key order), as {@link GroupHashTable#resolveHashed} takes it:
     * the 32 bits in the low half of each word; valid until the next call.
     */
    public long[] probeHashes(DecodedColumn[] keys, int n, long hashMask) {
        if (hashes.length < n) {
            hashes = new long[n];
        }
        Arrays.fill(hashes, 0, n, Hashing.SEED);
        for (int k = 0; k < hashers.length; k++) {
            hashers[k].bind(keys[k]);
            hashers[k].hash(hashes, n);
        }
        for (int i = 0; i < n; i++) {
            hashes[i] = (Hashing.mix(hashes[i]) & hashMask) >>> 32;
        }
        return hashes;
    }
}
