package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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

    /** The runs of a query at threads=1,2 with --runs 3: run by run, each thread count in turn. */
    private static final List<String> INTERLEAVED_T1_T2_3_RUNS =
            List.of(
                    "threads=1 run 1",
                    "threads=2 run 1",
                    "threads=1 run 2",
                    "threads=2 run 2",
                    "threads=1 run 3",
                    "threads=2 run 3");

    @Test
    void threadCountsOfOneSettingRunInterleavedInOneSession(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("h2o.md");
        List<String> progress = new ArrayList<>();
        int rc =
                runCapturingProgress(
                        progress,
                        "--rows",
                        "2000",
                        "--engines",
                        "tally,duckdb,h2",
                        "--queries",
                        "q1,q3",
                        "--runs",
                        "3",
                        "--threads",
                        "1,2",
                        "--data-dir",
                        dir.toString(),
                        "--out",
                        out.toString(),
                        "--timeout",
                        "120");
        String text = Files.readString(out);
        String log = String.join("\n", progress);
        assertEquals(0, rc, text);
        // one session per engine: Tally and DuckDB take both thread counts, H2 has no thread
        // setting and runs once
        assertEquals(
                List.of(
                        "h2o: tally [threads=1,2, cache=true, memory_limit=default]: connecting / loading ...",
                        "h2o: duckdb [threads=1,2, cache=true, memory_limit=default]: connecting / loading ...",
                        "h2o: h2 [threads=1, cache=true, memory_limit=default]: connecting / loading ..."),
                progress.stream().filter(l -> l.endsWith("connecting / loading ...")).toList(),
                log);
        for (String q : List.of("q1", "q3")) {
            assertEquals(INTERLEAVED_T1_T2_3_RUNS, runsOf(progress, "tally", "cache=true", q), log);
            assertEquals(
                    INTERLEAVED_T1_T2_3_RUNS, runsOf(progress, "duckdb", "cache=true", q), log);
            assertEquals(
                    List.of("threads=1 run 1", "threads=1 run 2", "threads=1 run 3"),
                    runsOf(progress, "h2", "cache=true", q),
                    log);
        }
        for (String threads : List.of("threads=1", "threads=2")) {
            String table = settingTable(text, threads + ", cache=true, memory_limit=default");
            for (String q : List.of("q1", "q3")) {
                List<String> row = row(table, q);
                // query, question, then tally/duckdb/h2 1st and 2nd, two ratio pairs, rows, check
                assertEquals(14, row.size(), table);
                for (int col = 2; col < 8; col++) {
                    assertTrue(
                            row.get(col).matches("[0-9]+\\.[0-9]+"),
                            threads + " " + q + " column " + col + ": " + table);
                }
                assertEquals("ok", row.get(13), table);
            }
            assertTrue(
                    table.contains(
                            "the thread counts of one setting (threads=1,2) ran interleaved run by run in one "
                                    + "session per engine"),
                    table);
            assertTrue(
                    table.contains("the connect/load seconds are that session's one load"), table);
        }
        String headline = text.substring(text.indexOf(": Tally/DuckDB, engine-side seconds**"));
        assertTrue(headline.contains("so speedups between them are paired"), headline);
    }

    /**
     * Runs {@code bench h2o} with {@code args}, adding its progress lines (stderr) to {@code
     * lines}; its exit code.
     */
    private static int runCapturingProgress(List<String> lines, String... args) {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            return new CommandLine(new H2oCommand()).execute(args);
        } finally {
            System.setErr(err);
            String text = captured.toString(StandardCharsets.UTF_8);
            err.print(text);
            lines.addAll(text.lines().toList());
        }
    }

    /**
     * The checksum runs of {@code query} on {@code engine} in the group with {@code cache} as the
     * progress lines show them, in order, e.g. {@code threads=2 run 1}.
     */
    private static List<String> runsOf(
            List<String> progress, String engine, String cache, String query) {
        Pattern line =
                Pattern.compile(
                        "h2o: "
                                + engine
                                + " \\[(threads=\\d+), "
                                + cache
                                + ", memory_limit=default\\] "
                                + query
                                + " (run \\d+): .*");
        List<String> out = new ArrayList<>();
        for (String l : progress) {
            Matcher m = line.matcher(l);
            if (m.matches()) {
                out.add(m.group(1) + " " + m.group(2));
            }
        }
        return out;
    }

    /** The Markdown per-setting table of {@code setting}, up to the next table. */
    private static String settingTable(String text, String setting) {
        int start = text.indexOf("seconds of the 1st and 2nd run [" + setting + "]**");
        assertTrue(start >= 0, setting + " table missing:\n" + text);
        int end = text.indexOf("**h2o groupby", start);
        return text.substring(start, end < 0 ? text.length() : end);
    }

    /** The cells of {@code query}'s row in a Markdown table. */
    private static List<String> row(String table, String query) {
        String line =
                table.lines()
                        .filter(l -> l.startsWith("| " + query + " |"))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(query + " row missing:\n" + table));
        return Arrays.stream(line.substring(2, line.length() - 2).split(" \\| ")).toList();
    }

    @Test
    void threadsAndCacheSettingsGiveOneTablePerPairAndASummary(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("h2o.txt");
        List<String> progress = new ArrayList<>();
        int rc =
                runCapturingProgress(
                        progress,
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
        // two groups (cache=true, cache=false), each one Tally session with both thread counts;
        // DuckDB does not depend on cache: one session
        assertEquals(
                List.of(
                        "h2o: tally [threads=1,2, cache=true, memory_limit=default]: connecting / loading ...",
                        "h2o: duckdb [threads=1,2, cache=true, memory_limit=default]: connecting / loading ...",
                        "h2o: tally [threads=1,2, cache=false, memory_limit=default]: connecting / loading ..."),
                progress.stream().filter(l -> l.endsWith("connecting / loading ...")).toList(),
                String.join("\n", progress));
        assertEquals(
                INTERLEAVED_T1_T2_3_RUNS,
                runsOf(progress, "tally", "cache=false", "q3"),
                String.join("\n", progress));
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
