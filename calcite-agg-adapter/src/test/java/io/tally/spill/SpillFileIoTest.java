package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SpillFileOutput} and {@link SpillFileInput} give back exactly the bytes appended, direct
 * or not, whatever the lengths are against the block size; spill files use direct I/O where the
 * file system allows it.
 */
class SpillFileIoTest {
    /** Appends that start, end and straddle blocks, windows and chunks in every way. */
    private static final int[] LENGTHS = {
        1, 11, 4084, 4096, 4097, 0, 8191, 300_000, 7, 65_536, 3, 262_144, 262_145, 12, 500_001, 5
    };

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void readsBackEveryByteAppended(boolean direct, @TempDir Path dir) throws IOException {
        Path file = dir.resolve("f.arrows");
        Random random = new Random(direct ? 1 : 2);
        int total = 0;
        for (int n : LENGTHS) {
            total += n;
        }
        byte[] expected = new byte[total];
        random.nextBytes(expected);
        try (BufferAllocator allocator = new RootAllocator()) {
            try (SpillFileOutput out = new SpillFileOutput(file, direct, allocator)) {
                int at = 0;
                for (int i = 0; i < LENGTHS.length; i += 2) {
                    int a = LENGTHS[i];
                    int b = i + 1 < LENGTHS.length ? LENGTHS[i + 1] : 0;
                    out.append(
                            ByteBuffer.wrap(expected, at, a), ByteBuffer.wrap(expected, at + a, b));
                    at += a + b;
                }
                assertEquals(direct && probeDirect(dir), out.direct());
                assertEquals(0, allocator.getAllocatedMemory(), "no buffer held between appends");
            }
            assertEquals(total, Files.size(file), "the padding of the last block is cut off");
            try (SpillFileInput in = new SpillFileInput(file, direct, allocator)) {
                assertEquals(total, in.size());
                byte[] all = new byte[total];
                assertEquals(total, in.read(ByteBuffer.wrap(all), 0));
                assertArrayEquals(expected, all);
                for (int k = 0; k < 200; k++) {
                    int from = random.nextInt(total);
                    int len = Math.min(random.nextInt(600_000), total - from);
                    byte[] part = new byte[len];
                    assertEquals(len, in.read(ByteBuffer.wrap(part), from));
                    for (int i = 0; i < len; i++) {
                        assertEquals(expected[from + i], part[i], "byte " + (from + i));
                    }
                }
                byte[] past = new byte[10];
                assertEquals(3, in.read(ByteBuffer.wrap(past), total - 3));
                assertEquals(-1, in.read(ByteBuffer.wrap(past), total));
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    @Test
    void aFileShorterThanABlockIsWrittenAtClose(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("short.arrows");
        try (BufferAllocator allocator = new RootAllocator()) {
            try (SpillFileOutput out = new SpillFileOutput(file, true, allocator)) {
                out.append(ByteBuffer.wrap(new byte[] {1, 2, 3}));
            }
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(file));
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    /** The behaviour this serves: spill batches skip the page cache where O_DIRECT works. */
    @Test
    void spillFilesAreWrittenAndReadDirectWhereTheFileSystemAllowsIt(@TempDir Path base)
            throws IOException {
        assumeTrue(probeDirect(base), "the temp directory's file system refuses O_DIRECT");
        Schema schema = new Schema(List.of(Field.nullable("k", new ArrowType.Int(64, true))));
        QuerySpillDirectory query = new QuerySpillDirectory(base);
        SpillOptions options = SpillOptions.defaults().withDir(base.toString());
        SpillDirectory directory = new SpillDirectory(query, options, "agg#1", new SpillCounters());
        try (BufferAllocator allocator = new RootAllocator()) {
            Path file;
            try (SpillWriter w = directory.newFile("p0", schema, allocator);
                    VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator)) {
                BigIntVector k = (BigIntVector) root.getVector(0);
                k.allocateNew(5000);
                for (int i = 0; i < 5000; i++) {
                    k.set(i, i * 1_000_003L);
                }
                root.setRowCount(5000);
                w.append(root);
                w.append(root);
                assertTrue(w.direct(), "written with O_DIRECT");
                file = w.file();
            }
            try (SpillReader r = new SpillReader(file, schema, new SpillCounters(), allocator)) {
                assertTrue(r.direct(), "read with O_DIRECT");
                for (int b = 0; b < 2; b++) {
                    try (VectorSchemaRoot back = r.next()) {
                        BigIntVector k = (BigIntVector) back.getVector(0);
                        assertEquals(5000, back.getRowCount());
                        assertEquals(4999 * 1_000_003L, k.get(4999));
                    }
                }
                assertEquals(null, r.next());
            }
            directory.close();
            query.close();
            assertFalse(Files.exists(file));
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    /** Whether {@code dir}'s file system accepts O_DIRECT (the test's own probe, not DirectIo). */
    private static boolean probeDirect(Path dir) {
        Path probe = dir.resolve("direct.probe");
        try (FileChannel c =
                FileChannel.open(
                        probe,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        ExtendedOpenOption.DIRECT)) {
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        } finally {
            try {
                Files.deleteIfExists(probe);
            } catch (IOException ignored) {
                // the temp directory goes anyway
            }
        }
    }
}
