package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * q1–q10 on a tiny h2o table: Tally, DuckDB and H2 must give the same answers (aggregate=calcite is
 * left out to keep {@code mvn verify} short; GroupBySmokeTest compares it with Tally).
 */
class H2oSmokeTest {
    @Test
    void allEnginesAgreeOnATinyTable(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("h2o.md");
        int rc =
                new CommandLine(new H2oCommand())
                        .execute(
                                "--rows",
                                "2000",
                                "--engines",
                                "tally,duckdb,h2",
                                "--data-dir",
                                dir.toString(),
                                "--out",
                                out.toString(),
                                "--timeout",
                                "120");
        String table = Files.readString(out);
        assertEquals(0, rc, "a non-zero exit means some answers differ:\n" + table);
        assertTrue(table.contains("| q10 |"), table);
        assertFalse(
                table.contains("q6 tally: n/a"),
                "Tally answers q6 (MEDIAN) like the others:\n" + table);
    }

    @Test
    void threadsAndCacheSettingsGiveOneTablePerPairAndASummary(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("h2o.txt");
        int rc =
                new CommandLine(new H2oCommand())
                        .execute(
                                "--rows",
                                "2000",
                                "--engines",
                                "tally,duckdb",
                                "--queries",
                                "q1,q3,q10",
                                "--runs",
                                "3",
                                "--threads",
                                "1,2",
                                "--cache",
                                "true,false",
                                "--data-dir",
                                dir.toString(),
                                "--out",
                                out.toString(),
                                "--timeout",
                                "120");
        String text = Files.readString(out);
        assertEquals(0, rc, text);
        for (String setting :
                new String[] {
                    "threads=1, cache=true",
                    "threads=1, cache=false",
                    "threads=2, cache=true",
                    "threads=2, cache=false"
                }) {
            assertTrue(text.contains(setting), setting + " table missing:\n" + text);
        }
        for (String metric :
                new String[] {
                    "speedup q1 t2/t1",
                    "speedup q3 t2/t1",
                    "speedup q10 t2/t1",
                    "rows/s/core q1",
                    "rows/s/core q10",
                    "geomean tally/duckdb (3 queries)"
                }) {
            assertTrue(text.contains(metric), metric + " missing:\n" + text);
        }
        assertTrue(text.contains("2nd run = the median of runs 2-3"), text);
        // DuckDB does not depend on Tally's cache: one speedup row per query, not two
        assertEquals(
                1,
                text.lines()
                        .filter(l -> l.startsWith("speedup q1 t2/t1") && l.contains("duckdb"))
                        .count(),
                text);
        assertEquals(
                2,
                text.lines()
                        .filter(l -> l.startsWith("speedup q1 t2/t1") && l.contains("tally"))
                        .count(),
                text);
    }

    @Test
    void memoryLimitRunsBothEnginesUnderItAndCleansUp(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("h2o.md");
        Path temp = Files.createDirectories(dir.resolve("temp"));
        int rc =
                new CommandLine(new H2oCommand())
                        .execute(
                                "--rows",
                                "2000",
                                "--queries",
                                "q1,q10",
                                "--memory-limit",
                                "none,64MB",
                                "--to-client",
                                "--data-dir",
                                dir.toString(),
                                "--temp-dir",
                                temp.toString(),
                                "--out",
                                out.toString(),
                                "--timeout",
                                "120");
        String text = Files.readString(out);
        assertEquals(0, rc, text);
        assertTrue(text.contains("memory_limit=64.0MiB]"), text);
        assertTrue(text.contains("memory_limit=default]"), text);
        assertTrue(
                text.contains("tally_client"), "--to-client adds the to-client column:\n" + text);
        assertTrue(
                text.contains("| threads=2, memory_limit=64.0MiB | 2nd |"),
                "headline row:\n" + text);
        try (var left = Files.list(temp)) {
            assertEquals(
                    List.of(),
                    left.toList(),
                    "DuckDB's file database and the spill directory are deleted");
        }
    }

    @Test
    void badSettingsAreRejected(@TempDir Path dir) {
        assertEquals(
                2,
                new CommandLine(new H2oCommand())
                        .execute("--cache", "maybe", "--data-dir", dir.toString()));
        assertTrue(
                new CommandLine(new H2oCommand())
                                .execute(
                                        "--rows",
                                        "2000",
                                        "--threads",
                                        "0",
                                        "--engines",
                                        "tally",
                                        "--data-dir",
                                        dir.toString())
                        != 0);
        assertEquals(
                2,
                new CommandLine(new H2oCommand())
                        .execute("--memory-limit", "lots", "--data-dir", dir.toString()));
    }

    @Test
    void rowsAcceptScientificNotation() {
        assertEquals(10_000_000L, new H2oCommand.RowsConverter().convert("1e7"));
        assertEquals(1_000_000L, new H2oCommand.RowsConverter().convert("1_000_000"));
    }
}
