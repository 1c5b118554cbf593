package io.tally.exec.exchange;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Splits a batch into one batch per partition (rows copied, order kept); empty ones are null. Lists
 * of fixed-width items (MEDIAN states) are copied in bulk by {@link FixedListCopier}.
 */
final class BatchSplitter {
    private BatchSplitter() {}

    static VectorSchemaRoot[] split(
            VectorSchemaRoot root, int[] parts, int fanout, BufferAllocator allocator) {
        int n = root.getRowCount();
        int[] counts = new int[fanout];
        for (int i = 0; i < n; i++) {
            counts[parts[i]]++;
        }
        VectorSchemaRoot[] out = new VectorSchemaRoot[fanout];
        try {
            for (int p = 0; p < fanout; p++) {
                if (counts[p] > 0) {
                    out[p] = VectorSchemaRoot.create(root.getSchema(), allocator);
                    for (FieldVector v : out[p].getFieldVectors()) {
                        v.setInitialCapacity(counts[p]);
                        v.allocateNew();
                    }
                }
            }
            List<FieldVector> sources = root.getFieldVectors();
            int[] at = new int[fanout];
            FieldVector[] targets = new FieldVector[fanout];
            for (int c = 0; c < sources.size(); c++) {
                FieldVector source = sources.get(c);
                for (int p = 0; p < fanout; p++) {
                    targets[p] = out[p] == null ? null : out[p].getVector(c);
                }
                Arrays.fill(at, 0);
                boolean fixedList = FixedListCopier.handles(source);
                for (int i = 0; i < n; i++) {
                    int p = parts[i];
                    if (fixedList) {
                        FixedListCopier.copy(
                                (ListVector) source, i, (ListVector) targets[p], at[p]++);
                    } else {
                        targets[p].copyFromSafe(i, at[p]++, source);
                    }
                }
            }
            for (int p = 0; p < fanout; p++) {
                if (out[p] != null) {
                    out[p].setRowCount(counts[p]);
                }
            }
            return out;
        } catch (RuntimeException e) {
            for (VectorSchemaRoot r : out) {
                if (r != null) {
                    r.close();
                }
            }
            throw e;
        }
    }
}
