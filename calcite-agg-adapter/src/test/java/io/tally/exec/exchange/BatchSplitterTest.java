package io.tally.exec.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;

/**
 * {@link BatchSplitter} over the column kinds of partial states (longs, ints, doubles, decimals,
 * booleans, strings up to a few hundred bytes), each with NULLs: every row lands in its partition,
 * in input order and unchanged, against a model built cell by cell; a partition with no rows is
 * null.
 */
class BatchSplitterTest {
    @Test
    void everyRowLandsInItsPartitionInOrder() {
        for (int fanout : new int[] {1, 2, 7}) {
            split(new Random(fanout), 5000, fanout);
        }
    }

    @Test
    void partitionWithoutRowsIsNull() {
        try (BufferAllocator root = new RootAllocator()) {
            try (VectorSchemaRoot batch = batch(new Random(3), 100, root)) {
                int[] parts = new int[100];
                java.util.Arrays.fill(parts, 2);
                VectorSchemaRoot[] out = BatchSplitter.split(batch, parts, 3, root);
                try {
                    assertNull(out[0]);
                    assertNull(out[1]);
                    assertEquals(rows(batch, 0, 100), rows(out[2], 0, 100));
                } finally {
                    out[2].close();
                }
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    private static void split(Random r, int rows, int fanout) {
        try (BufferAllocator root = new RootAllocator()) {
            try (VectorSchemaRoot batch = batch(r, rows, root)) {
                int[] parts = new int[rows];
                for (int i = 0; i < rows; i++) {
                    parts[i] = r.nextInt(fanout);
                }
                VectorSchemaRoot[] out = BatchSplitter.split(batch, parts, fanout, root);
                try {
                    List<List<List<Object>>> expected = new ArrayList<>();
                    for (int p = 0; p < fanout; p++) {
                        expected.add(new ArrayList<>());
                    }
                    for (int i = 0; i < rows; i++) {
                        expected.get(parts[i]).addAll(rows(batch, i, i + 1));
                    }
                    for (int p = 0; p < fanout; p++) {
                        List<List<Object>> actual =
                                out[p] == null ? List.of() : rows(out[p], 0, out[p].getRowCount());
                        assertEquals(expected.get(p), actual, "fanout " + fanout + " part " + p);
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

    private static List<List<Object>> rows(VectorSchemaRoot batch, int from, int to) {
        List<List<Object>> out = new ArrayList<>();
        for (int i = from; i < to; i++) {
            List<Object> row = new ArrayList<>();
            for (int c = 0; c < batch.getFieldVectors().size(); c++) {
                Object v = batch.getVector(c).getObject(i);
                row.add(v == null ? null : v.toString());
            }
            out.add(row);
        }
        return out;
    }

    private static VectorSchemaRoot batch(Random r, int rows, BufferAllocator allocator) {
        Schema schema =
                new Schema(
                        List.of(
                                Field.nullable("l", new ArrowType.Int(64, true)),
                                Field.nullable("i", new ArrowType.Int(32, true)),
                                Field.nullable(
                                        "d",
                                        new ArrowType.FloatingPoint(
                                                org.apache.arrow.vector.types.FloatingPointPrecision
                                                        .DOUBLE)),
                                new Field(
                                        "m",
                                        FieldType.nullable(new ArrowType.Decimal(38, 4, 128)),
                                        null),
                                Field.nullable("b", ArrowType.Bool.INSTANCE),
                                Field.nullable("s", ArrowType.Utf8.INSTANCE)));
        VectorSchemaRoot batch = VectorSchemaRoot.create(schema, allocator);
        batch.allocateNew();
        BigIntVector l = (BigIntVector) batch.getVector(0);
        IntVector in = (IntVector) batch.getVector(1);
        Float8Vector d = (Float8Vector) batch.getVector(2);
        DecimalVector m = (DecimalVector) batch.getVector(3);
        BitVector b = (BitVector) batch.getVector(4);
        VarCharVector s = (VarCharVector) batch.getVector(5);
        for (int i = 0; i < rows; i++) {
            if (r.nextInt(9) != 0) {
                l.setSafe(i, r.nextLong());
            }
            if (r.nextInt(9) != 0) {
                in.setSafe(i, r.nextInt());
            }
            if (r.nextInt(9) != 0) {
                d.setSafe(i, r.nextGaussian());
            }
            if (r.nextInt(9) != 0) {
                m.setSafe(i, BigDecimal.valueOf(r.nextLong(), 4));
            }
            if (r.nextInt(9) != 0) {
                b.setSafe(i, r.nextInt(2));
            }
            if (r.nextInt(9) != 0) {
                s.setSafe(i, "v".repeat(r.nextInt(300)).concat(Integer.toString(i)).getBytes());
            }
        }
        batch.setRowCount(rows);
        return batch;
    }
}
