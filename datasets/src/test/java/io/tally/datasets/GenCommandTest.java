package io.tally.datasets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class GenCommandTest {
    @TempDir Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine command = new CommandLine(new GenCommand());
        command.setOut(new PrintWriter(out));
        command.setErr(new PrintWriter(err));
        return command.execute(args);
    }

    @Test
    void h2oWritesBothFormatsAndReportsEachFile() throws Exception {
        assertEquals(
                0,
                run(
                        "h2o",
                        "--rows",
                        "2e3",
                        "--k",
                        "1e1",
                        "--nas",
                        "5",
                        "--sorted",
                        "--format",
                        "both",
                        "--out",
                        dir.toString()),
                err.toString());
        Path csv = dir.resolve("G1_2e3_1e1_5_1.csv");
        Path arrow = dir.resolve("G1_2e3_1e1_5_1.arrow");
        assertTrue(Files.exists(csv) && Files.exists(arrow));
        String[] lines = out.toString().trim().split("\n");
        assertEquals(2, lines.length, out.toString());
        assertTrue(
                lines[1].startsWith(
                        arrow + "  rows=2000  bytes=" + Files.size(arrow) + "  seconds="),
                lines[1]);
        assertEquals(2000, TestTables.readArrow(arrow).rows().size());
    }

    @Test
    void drainAndLineitemFileNames() {
        assertEquals(
                0,
                run("drain", "--groups", "10k", "--key", "dict", "--out", dir.toString()),
                err.toString());
        assertTrue(Files.exists(dir.resolve("drain_dict_10000.arrow")));
        assertEquals(
                0,
                run(
                        "lineitem",
                        "--sf",
                        "0.01",
                        "--limit",
                        "10",
                        "--format",
                        "csv",
                        "--out",
                        dir.toString()),
                err.toString());
        assertTrue(Files.exists(dir.resolve("lineitem.csv")));
    }

    @Test
    void countsAcceptScientificSuffixAndPlainForms() {
        assertEquals(10_000_000L, GenConverters.Count.parse("1e7"));
        assertEquals(10_000_000L, GenConverters.Count.parse("10M"));
        assertEquals(10_000_000L, GenConverters.Count.parse("10000000"));
        assertEquals(1_500L, GenConverters.Count.parse("1.5k"));
        assertEquals(2_500_000L, GenConverters.Count.parse("2.5e6"));
    }

    @Test
    void badOptionsNameTheOption() {
        assertEquals(2, run("h2o", "--rows", "abc", "--out", dir.toString()));
        assertTrue(err.toString().contains("--rows"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("h2o", "--rows", "1.5", "--out", dir.toString()));
        assertTrue(err.toString().contains("--rows"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("h2o", "--rows", "100", "--k", "1000", "--out", dir.toString()));
        assertTrue(err.toString().contains("--k"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("h2o", "--rows", "1e8", "--sorted", "--out", dir.toString()));
        assertTrue(err.toString().contains("--sorted"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("drain", "--key", "blob", "--out", dir.toString()));
        assertTrue(err.toString().contains("--key"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run("drain", "--format", "parquet", "--out", dir.toString()));
        assertTrue(err.toString().contains("--format"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run());
        assertTrue(err.toString().contains("subcommand"), err.toString());
    }
}
