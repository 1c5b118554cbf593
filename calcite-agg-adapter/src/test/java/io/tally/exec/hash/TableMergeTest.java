package io.tally.exec.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Table-to-table merge ({@link GroupHashTable#resolveStored}) against a {@link LinkedHashMap}
 * model: a source table's groups merged block by block (and hash partition by hash partition) into
 * a target that holds none, some or all of them; ids, keys, and that the merged groups are found
 * again by hashing their keys; memory within {@link GroupHashTable#growthBoundStored}.
 */
class TableMergeTest {
    /** Leaves 2 bits of hash: every probe collides, so only key comparison separates groups. */
    private static final long WEAK_HASH = 0x0000_0003_0000_0000L;

    private static final int PARTITIONS = 3;

    enum Overlap {
        NONE,
        SOME,
        ALL
    }

    static Stream<Arguments> cases() {
        List<List<DataType>> schemas =
                List.of(
                        List.of(DataType.of(ColumnType.BIGINT)),
                        List.of(DataType.of(ColumnType.VARCHAR)),
                        List.of(DataType.array(DataType.of(ColumnType.VARCHAR))),
                        List.of(DataType.of(ColumnType.DOUBLE)),
                        List.of(DataType.decimal(30, 2)),
                        List.of(
                                DataType.of(ColumnType.INTEGER),
                                DataType.of(ColumnType.VARCHAR),
                                DataType.of(ColumnType.DOUBLE),
                                DataType.of(ColumnType.BOOLEAN)),
                        List.of(
                                DataType.of(ColumnType.DATE),
                                DataType.of(ColumnType.TIMESTAMP),
                                DataType.of(ColumnType.VARBINARY)));
        List<Arguments> out = new ArrayList<>();
        for (List<DataType> schema : schemas) {
            for (Overlap overlap : Overlap.values()) {
                out.add(Arguments.of(schema, 4, -1L, 1024, overlap));
                out.add(Arguments.of(schema, 1024, -1L, 3000, overlap));
            }
            out.add(Arguments.of(schema, 2, WEAK_HASH, 200, Overlap.SOME));
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("cases")
    void mergesLikeTheModel(
            List<DataType> types, int blockSize, long hashMask, int domain, Overlap overlap) {
        Random random = new Random(types.hashCode() * 31L + blockSize + overlap.ordinal());
        List<Object[]> source = new ArrayList<>();
        for (int i = 0; i < domain * 3; i++) {
            Object[] row = new Object[types.size()];
            for (int c = 0; c < row.length; c++) {
                row[c] = TestValues.random(random, types.get(c), c == 0 ? domain : 3, 0.05);
            }
            source.add(row);
        }
        List<Object[]> target = new ArrayList<>();
        if (overlap == Overlap.ALL) {
            target.addAll(source);
        } else if (overlap == Overlap.SOME) {
            for (int i = 0; i < source.size(); i += 2) {
                target.add(source.get(i));
            }
            for (int i = 0; i < domain; i++) {
                Object[] row = new Object[types.size()];
                for (int c = 0; c < row.length; c++) {
                    row[c] = TestValues.random(random, types.get(c), domain * 4, 0.05);
                }
                target.add(row);
            }
        }
        assertMerge(types, source, target, blockSize, hashMask);
    }

    /**
     * Strings at the inline limit (12 bytes inline, 13 in the region), sharing prefixes, the empty
     * string and NULL, with a 2-bit hash so every probe compares stored keys of both kinds.
     */
    @ParameterizedTest
    @MethodSource("masks")
    void stringsAroundTheInlineLimit(long hashMask) {
        List<String> strings = new ArrayList<>();
        String base = "abcdefghijklmnopqrstu";
        for (int len = 0; len <= base.length(); len++) {
            strings.add(base.substring(0, len));
            strings.add(base.substring(0, len) + "\0");
        }
        strings.add("abcdefghij\u00e9");
        strings.add("abcdefghijk\u00e9");
        strings.add(null);
        List<Object[]> source = new ArrayList<>();
        List<Object[]> target = new ArrayList<>();
        for (int i = 0; i < strings.size(); i++) {
            String s = strings.get(i);
            Object[] row = {s, s == null ? null : s.getBytes(StandardCharsets.UTF_8)};
            (i % 3 == 0 ? target : source).add(row);
            if (i % 3 == 1) {
                target.add(row);
            }
        }
        List<DataType> types =
                List.of(DataType.of(ColumnType.VARCHAR), DataType.of(ColumnType.VARBINARY));
        assertMerge(types, source, target, 4, hashMask);
        assertMerge(types, target, source, 8192, hashMask);
    }

    static Stream<Long> masks() {
        return Stream.of(-1L, WEAK_HASH);
    }

    @ParameterizedTest
    @MethodSource("masks")
    void refusesTablesOfAnotherHashMask(long hashMask) {
        List<DataType> types = List.of(DataType.of(ColumnType.BIGINT));
        try (BufferAllocator root = new RootAllocator();
                OperatorMemory memory =
                        new OperatorMemory("test", root, new MemoryPool(1L << 30))) {
            BlockLayout layout = BlockLayout.of(8);
            try (GroupHashTable a = table(types, layout, memory, hashMask);
                    GroupHashTable b = table(types, layout, memory, hashMask == -1 ? 7 : -1)) {
                assertThrows(
                        IllegalArgumentException.class,
                        () -> a.resolveStored(b, new int[0], new int[0], 0, new int[0]));
            }
        }
    }

    /**
     * Builds both tables from their rows, merges the source into the target partition by partition
     * within each block (as the parallel hand-off does) and checks the result against the model.
     */
    private static void assertMerge(
            List<DataType> types,
            List<Object[]> sourceRows,
            List<Object[]> targetRows,
            int blockSize,
            long hashMask) {
        BlockLayout layout = BlockLayout.of(blockSize);
        try (BufferAllocator root = new RootAllocator()) {
            try (OperatorMemory memory =
                    new OperatorMemory("test", root, new MemoryPool(1L << 32))) {
                try (GroupHashTable source = table(types, layout, memory, hashMask);
                        GroupHashTable target = table(types, layout, memory, hashMask)) {
                    Map<List<Object>, Integer> sourceModel = new LinkedHashMap<>();
                    Map<List<Object>, Integer> model = new LinkedHashMap<>();
                    resolveAll(source, types, sourceRows, sourceModel, root);
                    resolveAll(target, types, targetRows, model, root);
                    List<List<Object>> sourceKeys = new ArrayList<>(sourceModel.keySet());
                    int[] hashes = source.storedHashes();
                    assertEquals(source.groupCount(), hashes.length);
                    for (int b = 0; b < source.blockCount(); b++) {
                        int rows = source.layoutRows(b);
                        int first = b << layout.shift();
                        for (int p = 0; p < PARTITIONS; p++) {
                            int[] srcGids = new int[rows];
                            int n = 0;
                            for (int i = 0; i < rows; i++) {
                                if (Hashing.partition(hashes[first + i], PARTITIONS) == p) {
                                    srcGids[n++] = first + i;
                                }
                            }
                            long bound = target.growthBoundStored(source, b, n);
                            long before = memory.live();
                            int[] gids = new int[n];
                            target.resolveStored(source, srcGids, hashes, n, gids);
                            assertTrue(
                                    memory.live() - before <= bound,
                                    "grew " + (memory.live() - before) + " > bound " + bound);
                            for (int i = 0; i < n; i++) {
                                List<Object> key = sourceKeys.get(srcGids[i]);
                                Integer expected = model.get(key);
                                if (expected == null) {
                                    expected = model.size();
                                    model.put(key, expected);
                                }
                                assertEquals(expected, gids[i], "source group " + srcGids[i]);
                            }
                        }
                        source.releaseBlock(b);
                    }
                    assertEquals(model.size(), target.groupCount());
                    // merged groups are found again by hashing their keys: no new group
                    Map<List<Object>, Integer> again = new LinkedHashMap<>(model);
                    resolveAll(target, types, sourceRows, again, root);
                    assertEquals(model, again);
                    GroupHashTableTest.assertKeysWritten(target, types, layout, model, root);
                }
                assertEquals(0, memory.live());
            }
            assertEquals(0, root.getAllocatedMemory());
        }
    }

    private static GroupHashTable table(
            List<DataType> types, BlockLayout layout, OperatorMemory memory, long hashMask) {
        List<KeyColumn> keys = new ArrayList<>();
        for (DataType t : types) {
            keys.add(KeyColumn.create(t, layout, memory));
        }
        return new GroupHashTable(keys, layout, memory, hashMask);
    }

    /** Resolves {@code rows} into {@code table}, checking each id against {@code model}. */
    private static void resolveAll(
            GroupHashTable table,
            List<DataType> types,
            List<Object[]> rows,
            Map<List<Object>, Integer> model,
            BufferAllocator root) {
        DecodedColumn[] decoded = new DecodedColumn[types.size()];
        for (int c = 0; c < types.size(); c++) {
            decoded[c] = new DecodedColumn(types.get(c), "column " + c);
        }
        try (RowBatcher batcher = new RowBatcher(types, root, 500)) {
            Iterator<Object[]> it = rows.iterator();
            int rowIndex = 0;
            VectorSchemaRoot batch;
            while ((batch = batcher.fill(it)) != null) {
                int n = batch.getRowCount();
                for (int c = 0; c < types.size(); c++) {
                    decoded[c].decode(batch.getVector(c), n);
                }
                int[] gids = new int[n];
                table.resolve(decoded, n, null, gids);
                for (int i = 0; i < n; i++, rowIndex++) {
                    List<Object> key = key(rows.get(rowIndex));
                    Integer expected = model.get(key);
                    if (expected == null) {
                        expected = model.size();
                        model.put(key, expected);
                    }
                    assertEquals(expected, gids[i], "row " + rowIndex);
                }
            }
        }
    }

    private static List<Object> key(Object[] row) {
        List<Object> key = new ArrayList<>();
        for (Object v : row) {
            key.add(TestValues.groupingKey(v));
        }
        return key;
    }
}
