package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spill frames written behind the caller ({@link SpillWriter}, {@link WriteBehind}) and read ahead
 * of it ({@link SpillReader}) come back complete and in order, per file, with every buffer freed
 * and the waiting bytes bounded.
 */
class SpillWriteBehindTest {
    private static final Schema SCHEMA =
            new Schema(List.of(Field.nullable("k", new ArrowType.Int(64, true))));

    /**
     * Interleaved appends to several files, frames of mixed sizes; each file reads back in order.
     */
    @Test
    void framesOfEveryFileComeBackInTheOrderAppended(@TempDir Path base) {
        int files = 6;
        int frames = 40;
        Random random = new Random(7);
        int[][] rows = new int[files][frames];
        QuerySpillDirectory query = new QuerySpillDirectory(base);
        SpillDirectory directory = directory(query, base);
        try (BufferAllocator allocator = new RootAllocator()) {
            List<SpillWriter> writers = new ArrayList<>();
            for (int f = 0; f < files; f++) {
                writers.add(directory.newFile("p" + f, SCHEMA, allocator));
            }
            for (int b = 0; b < frames; b++) {
                for (int f = 0; f < files; f++) {
                    rows[f][b] = 1 + random.nextInt(b % 5 == 0 ? 60_000 : 3_000);
                    try (VectorSchemaRoot root = batch(allocator, f, b, rows[f][b])) {
                        writers.get(f).append(root);
                    }
                }
            }
            List<Path> paths = new ArrayList<>();
            for (SpillWriter w : writers) {
                paths.add(w.file());
                w.close();
            }
            assertEquals(0, directory.writeBehind().pending(), "every frame written at close");
            assertEquals(0, allocator.getAllocatedMemory(), "no aligned buffer left behind");
            for (int f = 0; f < files; f++) {
                try (SpillReader r =
                        new SpillReader(paths.get(f), SCHEMA, new SpillCounters(), allocator)) {
                    for (int b = 0; b < frames; b++) {
                        try (VectorSchemaRoot back = r.next()) {
                            assertEquals(
                                    rows[f][b], back.getRowCount(), "file " + f + " frame " + b);
                            BigIntVector k = (BigIntVector) back.getVector(0);
                            for (int i = 0; i < back.getRowCount(); i += 97) {
                                assertEquals(value(f, b, i), k.get(i));
                            }
                        }
                    }
                    assertNull(r.next());
                    assertNull(r.next(), "the end stays the end");
                }
            }
            assertEquals(0, allocator.getAllocatedMemory());
            directory.close();
            query.close();
            paths.forEach(p -> assertFalse(Files.exists(p)));
        }
    }

    /** A reader closed with a frame still being read ahead frees its window and the file. */
    @Test
    void aReaderClosedBeforeItsEndFreesEverything(@TempDir Path base) {
        QuerySpillDirectory query = new QuerySpillDirectory(base);
        SpillDirectory directory = directory(query, base);
        try (BufferAllocator allocator = new RootAllocator()) {
            Path file;
            try (SpillWriter w = directory.newFile("p0", SCHEMA, allocator)) {
                for (int b = 0; b < 5; b++) {
                    try (VectorSchemaRoot root = batch(allocator, 0, b, 50_000)) {
                        w.append(root);
                    }
                }
                file = w.file();
            }
            SpillCounters counters = new SpillCounters();
            try (SpillReader r = new SpillReader(file, SCHEMA, counters, allocator)) {
                try (VectorSchemaRoot first = r.next()) {
                    assertEquals(
                            value(0, 0, 49_999), ((BigIntVector) first.getVector(0)).get(49_999));
                }
            }
            assertEquals(1, counters.readCount);
            assertEquals(0, allocator.getAllocatedMemory());
            directory.close();
            query.close();
        }
    }

    /**
     * A finished file handed to deleteLater goes on an I/O thread; the directory keeps the rest.
     */
    @Test
    void deleteLaterRemovesOnlyThatFile(@TempDir Path base) throws Exception {
        QuerySpillDirectory query = new QuerySpillDirectory(base);
        SpillDirectory directory = directory(query, base);
        try (BufferAllocator allocator = new RootAllocator()) {
            List<Path> paths = new ArrayList<>();
            for (int f = 0; f < 2; f++) {
                try (SpillWriter w = directory.newFile("p" + f, SCHEMA, allocator);
                        VectorSchemaRoot root = batch(allocator, f, 0, 10_000)) {
                    w.append(root);
                    paths.add(w.file());
                }
            }
            directory.deleteLater(paths.get(0));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (Files.exists(paths.get(0)) && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertFalse(Files.exists(paths.get(0)), "deleted before the directory closes");
            assertTrue(Files.exists(paths.get(1)));
            directory.close();
            query.close();
            assertFalse(Files.exists(paths.get(1)));
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    /** Waiting bytes stay under the bound; one frame larger than it still goes alone. */
    @Test
    void theWaitingBytesAreBounded() throws Exception {
        WriteBehind behind = new WriteBehind(100);
        behind.acquire(60);
        CountDownLatch started = new CountDownLatch(1);
        CompletableFuture<Void> second =
                CompletableFuture.runAsync(
                        () -> {
                            started.countDown();
                            behind.acquire(60);
                        });
        started.await();
        assertThrows(
                java.util.concurrent.TimeoutException.class,
                () -> second.get(200, TimeUnit.MILLISECONDS),
                "60 more bytes would pass the bound of 100");
        behind.release(60);
        second.get(10, TimeUnit.SECONDS);
        assertEquals(60, behind.pending());
        behind.release(60);
        behind.acquire(500);
        assertEquals(500, behind.pending(), "a frame past the bound goes when nothing waits");
        behind.release(500);
        assertTrue(behind.pending() == 0);
    }

    private static SpillDirectory directory(QuerySpillDirectory query, Path base) {
        SpillOptions options = SpillOptions.defaults().withDir(base.toString());
        return new SpillDirectory(query, options, "agg#1", new SpillCounters());
    }

    private static VectorSchemaRoot batch(
            BufferAllocator allocator, int file, int frame, int rows) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        BigIntVector k = (BigIntVector) root.getVector(0);
        k.allocateNew(rows);
        for (int i = 0; i < rows; i++) {
            k.set(i, value(file, frame, i));
        }
        root.setRowCount(rows);
        return root;
    }

    /** Values spread wide enough that frame-of-reference narrowing keeps 64 bits. */
    private static long value(int file, int frame, int row) {
        return (long) file << 56 ^ (long) frame << 40 ^ row * 1_000_003L;
    }
}
