package io.tally.exec.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.exec.state.MedianAccumulator;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchSplitter} over MEDIAN's {@code List<Float64>} state ({@link FixedListCopier}'s bulk
 * path): every row, NULL and empty lists included, lands in its partition in order and unchanged.
 */
class FixedListCopierTest {
    @Test
    void splitKeepsEveryListRowAndItsOrder() {
        Random r = new Random(9);
        int rows = 3000;
        int fanout = 5;
        try (BufferAllocator root = new RootAllocator()) {
            Schema schema = new Schema(List.of(MedianAccumulator.stateField("m$values")));
            try (VectorSchemaRoot batch = VectorSchemaRoot.create(schema, root)) {
                ListVector list = (ListVector) batch.getVector(0);
                assertTrue(FixedListCopier.handles(list));
                list.allocateNew();
                Float8Vector items = (Float8Vector) list.getDataVector();
                int[] parts = new int[rows];
                for (int i = 0; i < rows; i++) {
                    parts[i] = r.nextInt(fanout);
                    if (r.nextInt(7) == 0) {
                        list.setNull(i);
                        continue;
                    }
                    int at = list.startNewValue(i);
                    int count = r.nextInt(4) == 0 ? 0 : r.nextInt(300);
                    for (int k = 0; k < count; k++) {
                        items.setSafe(at + k, r.nextInt(10) == 0 ? Double.NaN : r.nextGaussian());
                    }
                    list.endValue(i, count);
                }
                batch.setRowCount(rows);
                VectorSchemaRoot[] out = BatchSplitter.split(batch, parts, fanout, root);
                try {
                    List<List<Object>> expected = new ArrayList<>();
                    for (int p = 0; p < fanout; p++) {
                        expected.add(new ArrayList<>());
                    }
                    for (int i = 0; i < rows; i++) {
                        expected.get(parts[i]).add(list.getObject(i));
                    }
                    for (int p = 0; p < fanout; p++) {
                        List<Object> actual = new ArrayList<>();
                        for (int i = 0; i < out[p].getRowCount(); i++) {
                            actual.add(out[p].getVector(0).getObject(i));
                        }
                        assertEquals(expected.get(p), actual, "partition " + p);
                    }
                } finally {
                    for (VectorSchemaRoot o : out) {
                        if (o != null) {
                            o.close();
                        }
                    }
                }
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }
}
