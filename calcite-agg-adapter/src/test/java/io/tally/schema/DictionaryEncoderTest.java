package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.CodedBatch;
import io.tally.batch.ColumnCodes;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/** The table cache's dictionary codes: one dictionary per column over all batches, bounded. */
class DictionaryEncoderTest {
    @Test
    void lowCardinalityColumnsGetCodesConsistentAcrossBatches() {
        try (BufferAllocator root = new RootAllocator()) {
            List<VectorSchemaRoot> batches = new ArrayList<>();
            // column 0: 300 values (2-byte codes) with NULLs; 1: unique per row; 2: an INTEGER
            for (int b = 0; b < 4; b++) {
                batches.add(
                        batch(
                                root,
                                b,
                                3000,
                                r -> r % 17 == 0 ? null : "v" + (r * 7 % 300),
                                r -> "u" + r));
            }
            long plain = root.getAllocatedMemory();
            List<VectorSchemaRoot> coded = DictionaryEncoder.encode(batches, root);
            try {
                assertTrue(
                        root.getAllocatedMemory() >= plain + 4 * 3000 * 2,
                        "2-byte codes come from the cache's allocator");
                Map<String, Integer> seen = new HashMap<>();
                ColumnCodes.Dictionary dictionary = null;
                int[] codes = new int[3000];
                for (int b = 0; b < coded.size(); b++) {
                    VectorSchemaRoot batch = coded.get(b);
                    assertTrue(batch instanceof CodedBatch);
                    assertSame(batches.get(b).getVector(0), batch.getVector(0));
                    ColumnCodes c = CodedBatch.codes(batch, 0);
                    assertNotNull(c);
                    assertNull(CodedBatch.codes(batch, 1), "unique strings get no codes");
                    assertNull(CodedBatch.codes(batch, 2), "only VARCHAR columns get codes");
                    dictionary = dictionary == null ? c.dictionary() : dictionary;
                    assertSame(dictionary, c.dictionary(), "one dictionary per column");
                    c.read(0, 3000, codes);
                    VarCharVector v = (VarCharVector) batch.getVector(0);
                    for (int i = 0; i < 3000; i++) {
                        if (v.isNull(i)) {
                            continue;
                        }
                        String s = new String(v.get(i), StandardCharsets.UTF_8);
                        Integer before = seen.putIfAbsent(s, codes[i]);
                        assertEquals(before == null ? codes[i] : before, codes[i], s);
                        assertTrue(codes[i] >= 0 && codes[i] < dictionary.size());
                    }
                }
                assertEquals(300, dictionary.size());
                assertEquals(300, seen.size());
                assertEquals(2, ColumnCodes.widthFor(dictionary.size()));
            } finally {
                DictionaryEncoder.free(coded);
                coded.forEach(VectorSchemaRoot::close);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void codesWidenInLaterBatchesAndKeepEarlierCodes() {
        try (BufferAllocator root = new RootAllocator()) {
            List<VectorSchemaRoot> batches = new ArrayList<>();
            // 20 values in batch 0 (1-byte codes), 70,000 from batch 2 on (2, then 4 bytes)
            int rows = 40_000;
            IntFunction<String> value =
                    r -> r % 11 == 0 ? null : r < 2 * rows ? "s" + (r % 20) : "w" + (r % 70_000);
            for (int b = 0; b < 16; b++) {
                batches.add(batch(root, b, rows, value, r -> "u" + r));
            }
            List<VectorSchemaRoot> coded = DictionaryEncoder.encode(batches, root);
            try {
                Map<String, Integer> seen = new HashMap<>();
                int[] codes = new int[rows];
                ColumnCodes.Dictionary dictionary = CodedBatch.codes(coded.get(0), 0).dictionary();
                assertEquals(20 + 70_000, dictionary.size());
                for (int b = 0; b < coded.size(); b++) {
                    ColumnCodes c = CodedBatch.codes(coded.get(b), 0);
                    assertTrue(c.buffer().capacity() >= 4L * rows, "every batch at 4 bytes");
                    c.read(0, rows, codes);
                    VarCharVector v = (VarCharVector) coded.get(b).getVector(0);
                    for (int i = 0; i < rows; i++) {
                        if (v.isNull(i)) {
                            assertEquals(0, codes[i], "NULL rows get 0");
                            continue;
                        }
                        String s = new String(v.get(i), StandardCharsets.UTF_8);
                        int expected = seen.computeIfAbsent(s, k -> seen.size());
                        assertEquals(expected, codes[i], "code of first appearance, " + s);
                    }
                }
            } finally {
                DictionaryEncoder.free(coded);
                coded.forEach(VectorSchemaRoot::close);
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    @Test
    void columnsOverTheBoundsStayUncoded() {
        try (BufferAllocator root = new RootAllocator()) {
            List<VectorSchemaRoot> batches = new ArrayList<>();
            // 1000 rows, 200 values: fewer than MIN_ROWS_PER_VALUE rows per value
            batches.add(batch(root, 0, 1000, r -> "x" + (r % 200), r -> null));
            long before = root.getAllocatedMemory();
            assertSame(batches, DictionaryEncoder.encode(batches, root));
            assertEquals(before, root.getAllocatedMemory());
            batches.forEach(VectorSchemaRoot::close);
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** A batch of {@code rows} rows: VARCHAR a, VARCHAR b, INTEGER row number (from batch b). */
    private static VectorSchemaRoot batch(
            BufferAllocator allocator,
            int b,
            int rows,
            IntFunction<String> a,
            IntFunction<String> other) {
        VarCharVector va = new VarCharVector("a", allocator);
        VarCharVector vb = new VarCharVector("b", allocator);
        IntVector vi = new IntVector("i", allocator);
        for (int i = 0; i < rows; i++) {
            int r = b * rows + i;
            set(va, i, a.apply(r));
            set(vb, i, other.apply(r));
            vi.setSafe(i, r);
        }
        List<FieldVector> vectors = List.of(va, vb, vi);
        for (FieldVector v : vectors) {
            v.setValueCount(rows);
        }
        VectorSchemaRoot root = new VectorSchemaRoot(vectors);
        root.setRowCount(rows);
        return root;
    }

    private static void set(VarCharVector v, int i, String s) {
        if (s == null) {
            v.setNull(i);
        } else {
            v.setSafe(i, s.getBytes(StandardCharsets.UTF_8));
        }
    }
}
