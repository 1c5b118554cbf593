package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSplit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Splits of every format, read on concurrent threads, give each row of a plain scan once. */
class ScanSplitsTest {
    @TempDir Path dir;

    /** Every row of {@code data}'s {@code fields} as text, in scan order. */
    private static List<String> scan(ScanData data, int[] fields, BufferAllocator root) {
        try (BatchCursor cursor = data.open(root, fields)) {
            return drain(cursor);
        }
    }

    private static List<String> drain(BatchCursor cursor) {
        List<String> rows = new ArrayList<>();
        VectorSchemaRoot batch;
        while ((batch = cursor.next()) != null) {
            for (int r = 0; r < batch.getRowCount(); r++) {
                StringBuilder row = new StringBuilder();
                for (int c = 0; c < batch.getFieldVectors().size(); c++) {
                    row.append(batch.getVector(c).getObject(r)).append('|');
                }
                rows.add(row.toString());
            }
        }
        return rows;
    }

    /** Reads all splits at once, each on its own thread with its own child allocator. */
    private static List<String> readSplits(
            ScanData data, int[] fields, int count, BufferAllocator root) throws Exception {
        List<BatchSplit> splits = data.splits(fields, count);
        assertEquals(count, splits.size());
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<List<String>>> parts = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                BatchSplit split = splits.get(i);
                int index = i;
                parts.add(
                        pool.submit(
                                () -> {
                                    try (BufferAllocator own =
                                                    root.newChildAllocator(
                                                            "split" + index, 0, Long.MAX_VALUE);
                                            BatchCursor cursor = split.open(own)) {
                                        return drain(cursor);
                                    }
                                }));
            }
            List<String> rows = new ArrayList<>();
            for (Future<List<String>> part : parts) {
                rows.addAll(part.get());
            }
            return rows;
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertSameRows(List<String> expected, List<String> actual) {
        List<String> e = new ArrayList<>(expected);
        List<String> a = new ArrayList<>(actual);
        e.sort(null);
        a.sort(null);
        assertEquals(e, a);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void numbersSplitIntoRangesCoveringEveryNumberOnce(int count) throws Exception {
        try (BufferAllocator root = new RootAllocator()) {
            for (long n : new long[] {0, 1, 7, ScanData.BATCH_ROWS + 1, 100_003}) {
                NumbersData data = new NumbersData(n);
                assertSameRows(
                        scan(data, new int[] {0}, root),
                        readSplits(data, new int[] {0}, count, root));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 8})
    void arrowRecordBatchesAreClaimedOnce(int count) throws Exception {
        Path file = dir.resolve("t.arrow");
        ArrowFiles.write(file, 5, 0, 7, 3000, 1, 900, 12);
        ArrowFileData data = new ArrowFileData("t", file);
        int[] fields = new int[data.schema().getFields().size()];
        for (int i = 0; i < fields.length; i++) {
            fields[i] = i;
        }
        try (BufferAllocator root = new RootAllocator()) {
            List<String> expected = scan(data, fields, root);
            assertEquals(5 + 7 + 3000 + 1 + 900 + 12, expected.size());
            assertSameRows(expected, readSplits(data, fields, count, root));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void csvBatchesFromTheSharedReaderAreCopiedOnce(int count) throws Exception {
        StringBuilder csv = new StringBuilder("id,name,amount\n");
        for (int i = 0; i < 3 * ScanData.BATCH_ROWS + 17; i++) {
            csv.append(i)
                    .append(",\"n")
                    .append(i % 97)
                    .append(i % 5 == 0 ? "\nline" : "")
                    .append("\",")
                    .append(i % 3 == 0 ? "" : Double.toString(i / 4.0))
                    .append('\n');
        }
        Path file = dir.resolve("c.csv");
        Files.writeString(file, csv);
        CsvData data = new CsvData("c", file);
        try (BufferAllocator root = new RootAllocator()) {
            List<String> expected = scan(data, new int[] {2, 0, 1}, root);
            assertEquals(3 * ScanData.BATCH_ROWS + 17, expected.size());
            assertSameRows(expected, readSplits(data, new int[] {2, 0, 1}, count, root));
        }
    }
}
