package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tests that the demo tables are written once and hold the documented rows. */
class DemoDataTest {
    @Test
    void writesOnceAndReuses(@TempDir Path cache) throws Exception {
        Path dir = DemoData.ensure(cache);
        Path h2o = dir.resolve("h2o.arrow");
        Path lineitem = dir.resolve("lineitem.csv.gz");
        assertTrue(Files.size(h2o) > 0);
        long modified = Files.getLastModifiedTime(h2o).toMillis();
        assertEquals(dir, DemoData.ensure(cache));
        assertEquals(modified, Files.getLastModifiedTime(h2o).toMillis());
        try (BufferedReader r =
                new BufferedReader(
                        new InputStreamReader(
                                new GZIPInputStream(Files.newInputStream(lineitem)),
                                StandardCharsets.UTF_8))) {
            assertTrue(r.readLine().startsWith("l_orderkey:BIGINT,"));
            assertEquals(DemoData.LINEITEM_SAMPLE_ROWS, r.lines().count());
        }
        try (var s = Files.list(cache)) {
            assertEquals(1, s.count(), "no temporary directories left behind");
        }
    }
}
