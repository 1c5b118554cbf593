package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.dictionary.Dictionary;
import org.apache.arrow.vector.ipc.ArrowFileReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DrainGeneratorTest {
    /** Not a multiple of the batch size, so the last batch is partial. */
    private static final int GROUPS = BatchGenerator.BATCH_ROWS + 4_321;

    @TempDir Path dir;

    @ParameterizedTest
    @EnumSource(DrainGenerator.KeyKind.class)
    void oneRowPerGroupWithUniqueKeys(DrainGenerator.KeyKind kind) throws IOException {
        for (boolean shuffled : new boolean[] {false, true}) {
            DrainGenerator generator = new DrainGenerator(GROUPS, kind, shuffled, 5);
            Path path = dir.resolve(generator.tableName() + ".arrow");
            assertEquals(GROUPS, generator.writeArrow(path));
            List<Object[]> rows = TestTables.readArrow(path).rows();
            assertEquals(GROUPS, rows.size());
            Map<Object, Integer> groupOfKey = new HashMap<>();
            boolean ascending = true;
            for (int r = 0; r < rows.size(); r++) {
                Object key = rows.get(r)[0];
                long i = groupOf(kind, key);
                assertTrue(i >= 0 && i < GROUPS, "group " + i);
                assertEquals((double) (i % 1024), rows.get(r)[1], "v of group " + i);
                assertEquals(null, groupOfKey.put(key, r), "duplicate key " + key);
                ascending &= i == r;
            }
            assertEquals(GROUPS, groupOfKey.size());
            assertEquals(!shuffled, ascending, "shuffled=" + shuffled);
        }
    }

    private static long groupOf(DrainGenerator.KeyKind kind, Object key) {
        switch (kind) {
            case INT64:
                return (Long) key;
            case UTF8:
            case DICT:
                assertTrue(((String) key).matches("key_\\d{10}"), (String) key);
                return Long.parseLong(((String) key).substring(4));
            default:
                List<?> items = (List<?>) key;
                assertEquals(4, items.size());
                long first = Long.parseLong(((String) items.get(0)).substring(5));
                for (int j = 0; j < 4; j++) {
                    assertEquals(String.format("item_%010d", first + j), items.get(j));
                }
                assertEquals(0, first % 4);
                return first / 4;
        }
    }

    @Test
    void dictFileIsReallyDictionaryEncoded() throws IOException {
        DrainGenerator generator = new DrainGenerator(1000, DrainGenerator.KeyKind.DICT, true, 1);
        Path path = dir.resolve("dict.arrow");
        generator.writeArrow(path);
        try (RootAllocator allocator = new RootAllocator()) {
            try (FileChannel channel = FileChannel.open(path);
                    ArrowFileReader reader = new ArrowFileReader(channel, allocator)) {
                Field k = reader.getVectorSchemaRoot().getSchema().findField("k");
                assertNotNull(k.getDictionary(), "k carries a dictionary encoding");
                assertEquals(new ArrowType.Int(32, true), k.getDictionary().getIndexType());
                assertTrue(reader.loadNextBatch());
                assertTrue(reader.getVectorSchemaRoot().getVector("k") instanceof IntVector);
                Dictionary dictionary =
                        reader.getDictionaryVectors().get(k.getDictionary().getId());
                assertEquals(ArrowType.Utf8.INSTANCE, dictionary.getVectorType());
                assertEquals(1000, dictionary.getVector().getValueCount());
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    @Test
    void shuffleIsSeededAndDeterministic() throws IOException {
        byte[] a = bytes(new DrainGenerator(5000, DrainGenerator.KeyKind.UTF8, true, 9), "a");
        byte[] b = bytes(new DrainGenerator(5000, DrainGenerator.KeyKind.UTF8, true, 9), "b");
        byte[] c = bytes(new DrainGenerator(5000, DrainGenerator.KeyKind.UTF8, true, 10), "c");
        assertArrayEquals(a, b);
        assertFalse(Arrays.equals(a, c));
        assertEquals(
                "drain_int64_10000",
                new DrainGenerator(10_000, DrainGenerator.KeyKind.INT64, false, 1).tableName());
    }

    private byte[] bytes(DrainGenerator generator, String name) throws IOException {
        Path path = dir.resolve(name + ".arrow");
        generator.writeArrow(path);
        return Files.readAllBytes(path);
    }
}
