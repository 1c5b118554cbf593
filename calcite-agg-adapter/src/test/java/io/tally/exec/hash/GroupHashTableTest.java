package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchRows;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.RowBatcher;
import io.tally.exec.TestValues;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The blocked hash table against a {@link LinkedHashMap} model of group ids and keys. */
class GroupHashTableTest {
    /** Leaves 2 bits of hash: every probe collides, so only key comparison separates groups. */
    private static final long WEAK_HASH = 0x0000_0003_0000_0000L;

    /**
     * 16-slot index segments: probes cross segment boundaries and the index has hundreds of them.
     */
    private static final int TINY_SEGMENT_SHIFT = 4;

    static Stream<Arguments> cases() {
        List<List<DataType>> schemas =
                List.of(
                        List.of(DataType.of(ColumnType.BIGINT)),
                        List.of(DataType.of(ColumnType.VARCHAR)),
                        List.of(DataType.array(DataType.of(ColumnType.VARCHAR))),
                        List.of(DataType.of(ColumnType.DOUBLE)),
                        List.of(DataType.of(ColumnType.REAL), DataType.of(ColumnType.VARBINARY)),
                        List.of(DataType.decimal(30, 2)),
                        List.of(
                                DataType.of(ColumnType.INTEGER),
                                DataType.of(ColumnType.VARCHAR),
                                DataType.of(ColumnType.DOUBLE),
                                DataType.of(ColumnType.BOOLEAN)),
                        List.of(
                                DataType.of(ColumnType.DATE),
                                DataType.of(ColumnType.TIMESTAMP),
                                DataType.of(ColumnType.TINYINT),
                                DataType.of(ColumnType.SMALLINT),
                                DataType.of(ColumnType.TIME)));
        List<Arguments> out = new ArrayList<>();
        for (List<DataType> schema : schemas) {
            for (int blockSize : new int[] {2, 8192}) {
                out.add(
                        Arguments.of(
                                schema,
                                blockSize,
                                -1L,
                                3000,
                                blockSize == 2
                                        ? TINY_SEGMENT_SHIFT
                                        : GroupHashTable.SEGMENT_SHIFT));
            }
            out.add(Arguments.of(schema, 4, WEAK_HASH, 300, TINY_SEGMENT_SHIFT));
        }
        // enough groups that the index passes TOUCH_MIN_CAPACITY (home slots touched before
        // probing)
        int large = GroupHashTable.TOUCH_MIN_CAPACITY;
        out.add(
                Arguments.of(
                        List.of(DataType.of(ColumnType.VARCHAR), DataType.of(ColumnType.BIGINT)),
                        8192,
                        -1L,
                        large,
                        GroupHashTable.SEGMENT_SHIFT));
        out.add(
                Arguments.of(
                        List.of(DataType.of(ColumnType.BIGINT)),
                        1024,
                        -1L,
                        large,
                        TINY_SEGMENT_SHIFT));
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void matchesHashMapModel(
            List<DataType> types, int blockSize, long hashMask, int domain, int segmentShift) {
        Random random = new Random(types.hashCode() * 31L + blockSize);
        int rowCount = domain * 4;
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < rowCount; i++) {
            Object[] row = new Object[types.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(random, types.get(c), c == 0 ? domain : 3, 0.05);
            }
            rows.add(row);
        }
        assertMatchesModel(types, rows, blockSize, hashMask, segmentShift, false);
    }

    /**
     * The same rows resolved as a worker passes them on ({@link DecodedColumn#appendRows} of each
     * batch's even rows, then its odd rows; {@link BatchKeyHasher#probeHashes}; {@link
     * GroupHashTable#resolveHashed}): the ids of the model fed in that order.
     */
    @ParameterizedTest
    @MethodSource("cases")
    void gatheredRowsResolvedByTheirHashesMatchHashMapModel(
            List<DataType> types, int blockSize, long hashMask, int domain, int segmentShift) {
        Random random = new Random(types.hashCode() * 37L + blockSize);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < domain * 3; i++) {
            Object[] row = new Object[types.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(random, types.get(c), c == 0 ? domain : 3, 0.05);
            }
            rows.add(row);
        }
        assertMatchesModel(types, rows, blockSize, hashMask, segmentShift, true);
    }

    /**
     * Strings around the inline limit of {@link VarKeyColumn} (12 bytes inline, 13 in the region):
     * keys that share their first 4, 8 or 12 bytes, differ only in length or in a trailing zero
     * byte, the empty string next to NULL, multi-byte UTF-8 cut at the boundary. With a 2-bit hash
     * every probe compares keys, so inline-vs-inline, region-vs-region and inline-vs-region
     * comparisons all decide group ids.
     */
    @ParameterizedTest
    @ValueSource(longs = {-1L, WEAK_HASH})
    void keysAroundTheInlineLimit(long hashMask) {
        List<String> strings = new ArrayList<>();
        String base = "abcdefghijklmnopqrstu";
        for (int len = 0; len <= base.length(); len++) {
            strings.add(base.substring(0, len));
            strings.add(base.substring(0, len) + "\0");
            if (len > 0) {
                strings.add(base.substring(0, len - 1) + "Z");
            }
        }
        strings.add("abcdefghij\u00e9"); // 12 UTF-8 bytes: inline
        strings.add("abcdefghijk\u00e9"); // 13 UTF-8 bytes: the region
        strings.add("abcdefghijkl\u00e9");
        strings.add("id0000012345");
        strings.add("id0000012346");
        strings.add("id00000123456");
        strings.add(null);
        List<Object[]> rows = new ArrayList<>();
        Random random = new Random(12);
        for (int i = 0; i < strings.size() * 20; i++) {
            String s = strings.get(random.nextInt(strings.size()));
            byte[] bytes = s == null ? null : s.getBytes(StandardCharsets.UTF_8);
            rows.add(new Object[] {s, bytes});
        }
        List<DataType> types =
                List.of(DataType.of(ColumnType.VARCHAR), DataType.of(ColumnType.VARBINARY));
        assertMatchesModel(types, rows, 4, hashMask, TINY_SEGMENT_SHIFT, false);
        assertMatchesModel(types, rows, 4, hashMask, TINY_SEGMENT_SHIFT, true);
        List<Object[]> single = new ArrayList<>();
        for (Object[] row : rows) {
            single.add(new Object[] {row[0]});
        }
        assertMatchesModel(
                List.of(DataType.of(ColumnType.VARCHAR)),
                single,
                8192,
                hashMask,
                GroupHashTable.SEGMENT_SHIFT,
                false);
    }

    /**
     * Resolves {@code rows} in batches and checks ids, group count, written keys and memory; {@code
     * hashed}: each batch's even rows, then its odd rows, gathered and resolved by their hashes.
     */
    private static void assertMatchesModel(
            List<DataType> types,
            List<Object[]> rows,
            int blockSize,
            long hashMask,
            int segmentShift,
            boolean hashed) {
        Map<List<Object>, Integer> model = new LinkedHashMap<>();
        List<Object[]> firstRows = new ArrayList<>();
        try (BufferAllocator root = new RootAllocator()) {
            BlockLayout layout = BlockLayout.of(blockSize);
            try (OperatorMemory memory =
                            new OperatorMemory("test", root, new MemoryPool(1L << 32));
                    RowBatcher batcher = new RowBatcher(types, root, 1000)) {
                List<KeyColumn> keys = new ArrayList<>();
                DecodedColumn[] decoded = new DecodedColumn[types.size()];
                DecodedColumn[] gathered = new DecodedColumn[types.size()];
                for (int c = 0; c < types.size(); c++) {
                    keys.add(KeyColumn.create(types.get(c), layout, memory));
                    decoded[c] = new DecodedColumn(types.get(c), "column " + c);
                    gathered[c] = new DecodedColumn(types.get(c), "gathered " + c);
                }
                BatchKeyHasher hasher = new BatchKeyHasher(types, layout, memory, "test key");
                try (GroupHashTable table =
                        new GroupHashTable(keys, layout, memory, hashMask, segmentShift)) {
                    Iterator<Object[]> it = rows.iterator();
                    int rowIndex = 0;
                    VectorSchemaRoot batch;
                    while ((batch = batcher.fill(it)) != null) {
                        int n = batch.getRowCount();
                        for (int c = 0; c < types.size(); c++) {
                            decoded[c].decode(batch.getVector(c), n);
                        }
                        int[] gids = new int[n];
                        int[] order = new int[n];
                        for (int i = 0; i < n; i++) {
                            order[i] = !hashed ? i : 2 * i < n ? 2 * i : 2 * i - n + (1 - n % 2);
                        }
                        if (hashed) {
                            for (int c = 0; c < types.size(); c++) {
                                gathered[c].clear();
                                gathered[c].appendRows(decoded[c], order, 0, n / 2);
                                gathered[c].appendRows(decoded[c], order, n / 2, n);
                                assertEquals(n, gathered[c].rows);
                            }
                            long[] h = hasher.probeHashes(gathered, n, hashMask);
                            table.resolveHashed(gathered, n, h, gids);
                        } else {
                            table.resolve(decoded, n, null, gids);
                        }
                        for (int i = 0; i < n; i++) {
                            Object[] row = rows.get(rowIndex + order[i]);
                            List<Object> key = new ArrayList<>();
                            for (Object v : row) {
                                key.add(TestValues.groupingKey(v));
                            }
                            Integer expected = model.get(key);
                            if (expected == null) {
                                expected = model.size();
                                model.put(key, expected);
                                firstRows.add(row);
                            }
                            assertEquals(expected, gids[i], "row " + (rowIndex + order[i]));
                        }
                        rowIndex += n;
                    }
                    assertEquals(model.size(), table.groupCount());
                    assertEquals(layout.blocksFor(model.size()), table.blockCount());
                    if (model.size() > GroupHashTable.INITIAL_CAPACITY) {
                        assertTrue(table.indexCapacity() > GroupHashTable.INITIAL_CAPACITY);
                    }
                    retireAndFreeInSteps(table, memory, decoded, segmentShift);
                    assertKeysWritten(table, types, layout, model, root);
                    assertTrue(memory.live() <= memory.reserved());
                }
                assertEquals(0, memory.live());
                assertEquals(0, memory.reserved());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    /** Retires the index, then frees it 3 segments at a time: live memory falls with every step. */
    private static void retireAndFreeInSteps(
            GroupHashTable table,
            OperatorMemory memory,
            DecodedColumn[] decoded,
            int segmentShift) {
        table.retireIndex();
        assertThrows(
                IllegalStateException.class, () -> table.resolve(decoded, 0, null, new int[0]));
        int held = table.retiredSegments();
        assertEquals(Math.max(1, table.indexCapacity() >> segmentShift), held);
        long live = memory.live();
        while (held > 0) {
            int left = table.freeIndexSegments(3);
            assertEquals(Math.max(0, held - 3), left);
            assertTrue(
                    memory.live() < live,
                    "live " + memory.live() + " after freeing segments, was " + live);
            live = memory.live();
            held = left;
        }
        table.freeIndex();
        assertEquals(live, memory.live());
    }

    /** Checks every block's keys against the model's keys in group-id order, freeing each. */
    static void assertKeysWritten(
            GroupHashTable table,
            List<DataType> types,
            BlockLayout layout,
            Map<List<Object>, Integer> model,
            BufferAllocator root) {
        List<List<Object>> expected = new ArrayList<>(model.keySet());
        for (int b = 0; b < table.blockCount(); b++) {
            int rows = layout.rowsIn(b, table.groupCount());
            for (int c = 0; c < types.size(); c++) {
                try (FieldVector out = types.get(c).toField("k").createVector(root)) {
                    out.allocateNew();
                    table.key(c).write(b, rows, out);
                    out.setValueCount(rows);
                    for (int i = 0; i < rows; i++) {
                        Object got = TestValues.groupingKey(BatchRows.value(out, i));
                        assertEquals(
                                expected.get((b << layout.shift()) + i).get(c),
                                got,
                                "block " + b + " row " + i);
                    }
                }
            }
            table.releaseBlock(b);
        }
    }
}
