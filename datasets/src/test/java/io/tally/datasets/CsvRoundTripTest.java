package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSV files parsed by commons-csv hold exactly the values of the Arrow files of the same dataset.
 */
class CsvRoundTripTest {
    @TempDir Path dir;

    @Test
    void h2oWithNulls() throws IOException {
        assertRoundTrip(new H2oGenerator(20_000, 100, 10, false, 4), ".csv");
    }

    @Test
    void h2oSortedGzipped() throws IOException {
        assertRoundTrip(new H2oGenerator(20_000, 10, 3, true, 4), ".csv.gz");
    }

    @Test
    void drainKinds() throws IOException {
        for (DrainGenerator.KeyKind kind : DrainGenerator.KeyKind.values()) {
            assertRoundTrip(new DrainGenerator(3_000, kind, true, 2), ".csv");
        }
    }

    @Test
    void lineitemSample() throws IOException {
        assertRoundTrip(new LineitemGenerator(0.01).limitRows(5_000), ".csv");
    }

    @Test
    void csvUsesNewlineRecordsAndEmptyNulls() throws IOException {
        Path csv = dir.resolve("nulls.csv");
        new H2oGenerator(1_000, 10, 50, false, 1).writeCsv(csv);
        String text = Files.readString(csv);
        assertTrue(text.startsWith("id1,id2,id3,id4,id5,id6,v1,v2,v3\n"), text.substring(0, 40));
        assertTrue(!text.contains("\r"), "no CR in records");
        assertTrue(text.contains(",,"), "NULL is an empty field");
    }

    private void assertRoundTrip(Dataset dataset, String csvExtension) throws IOException {
        Path arrow = dir.resolve(dataset.tableName() + ".arrow");
        Path csv = dir.resolve(dataset.tableName() + csvExtension);
        dataset.writeArrow(arrow);
        dataset.writeCsv(csv);
        TestTables.Table table = TestTables.readArrow(arrow);
        List<Object[]> parsed = TestTables.readCsv(csv, table.schema());
        TestTables.assertSameRows(table.rows(), parsed);
    }
}
