package io.tally.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.batch.BatchCursor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.calcite.linq4j.Enumerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The batches a scan hands to Tally operators hold the same values as its rows. */
class ScanBatchesTest {
    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        SqlFixture.assertNoArrowMemory();
    }

    private static List<List<Object>> rows(ScanEnumerable scan, int width) {
        List<List<Object>> rows = new ArrayList<>();
        try (Enumerator<Object> e = scan.enumerator()) {
            while (e.moveNext()) {
                rows.add(ArrowTableTest.rowValues(e.current(), width));
            }
        }
        return rows;
    }

    /** Reads every batch through a test-owned allocator, which must end empty. */
    private static List<List<Object>> batchRows(ScanEnumerable scan, int width) {
        List<List<Object>> rows = new ArrayList<>();
        try (BufferAllocator allocator = new RootAllocator();
                BatchCursor cursor = scan.openBatches(allocator)) {
            List<Field> expectedFields = scan.batchSchema().getFields();
            for (VectorSchemaRoot batch = cursor.next(); batch != null; batch = cursor.next()) {
                assertEquals(expectedFields, batch.getSchema().getFields());
                assertTrue(batch.getRowCount() > 0 && batch.getRowCount() <= ScanData.BATCH_ROWS);
                List<ColumnReader> readers = new ArrayList<>();
                for (FieldVector vector : batch.getFieldVectors()) {
                    assertEquals(batch.getRowCount(), vector.getValueCount());
                    readers.add(ColumnReader.of(vector));
                }
                for (int r = 0; r < batch.getRowCount(); r++) {
                    List<Object> row = new ArrayList<>(width);
                    for (ColumnReader reader : readers) {
                        row.add(reader.get(r));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    @Test
    void csvBatchesEqualRows() throws Exception {
        StringBuilder csv = new StringBuilder("id,name,score,day\n");
        int n = ScanData.BATCH_ROWS * 2 + 17;
        for (int i = 0; i < n; i++) {
            csv.append(i)
                    .append(",n")
                    .append(i % 13)
                    .append(',')
                    .append(i % 5 == 0 ? "" : String.valueOf(i * 0.5))
                    .append(",2024-01-0")
                    .append(1 + i % 9)
                    .append('\n');
        }
        Path file = Files.writeString(dir.resolve("t.csv"), csv);
        ScanEnumerable scan = new ScanEnumerable(new CsvData("t", file), new int[] {2, 0, 3}, null);
        List<List<Object>> rows = rows(scan, 3);
        assertEquals(n, rows.size());
        assertEquals(List.of(1.5, 3L, 19_726), rows.get(3));
        assertEquals(rows, batchRows(scan, 3));
    }

    @Test
    void arrowBatchesEqualRows() throws Exception {
        Path file = dir.resolve("t.arrow");
        ArrowFiles.write(file, 5, 0, 4);
        ScanEnumerable scan =
                new ScanEnumerable(
                        new ArrowFileData("t", file), new int[] {19, 18, 14, 7, 1}, null);
        List<List<Object>> rows = rows(scan, 5);
        assertEquals(9, rows.size());
        assertEquals(rows, batchRows(scan, 5));
    }

    @Test
    void numbersBatchesEqualRows() {
        long n = ScanData.BATCH_ROWS * 3L + 5;
        ScanEnumerable scan = new ScanEnumerable(new NumbersData(n), new int[] {0}, null);
        List<List<Object>> rows = rows(scan, 1);
        assertEquals(n, rows.size());
        for (int i = 0; i < n; i++) {
            assertEquals((long) i, rows.get(i).get(0));
        }
        assertEquals(rows, batchRows(scan, 1));
    }

    @Test
    void cancelStopsRowsAndBatches() {
        AtomicBoolean cancel = new AtomicBoolean();
        ScanEnumerable scan = new ScanEnumerable(new NumbersData(1_000_000), new int[] {0}, cancel);
        try (Enumerator<Object> e = scan.enumerator()) {
            assertTrue(e.moveNext());
            assertTrue(e.moveNext());
            cancel.set(true);
            assertFalse(e.moveNext());
        }
        try (BufferAllocator allocator = new RootAllocator();
                BatchCursor cursor = scan.openBatches(allocator)) {
            CancellationException e = assertThrows(CancellationException.class, cursor::next);
            assertTrue(e.getMessage().contains("numbers(1000000)"), e.getMessage());
        }
    }
}
