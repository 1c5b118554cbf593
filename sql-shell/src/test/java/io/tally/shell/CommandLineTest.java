package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code -e}, {@code -f}, piped stdin: results, exit codes, one-line errors. */
class CommandLineTest {
    static final String CALCITE = "jdbc:calcite:";

    @TempDir Path dir;

    @Test
    void stdinRunsMultiLineStatementsInOrder() {
        ShellRun r =
                ShellRun.run(
                        "select\n  1 + 1\n  as two;\n-- a comment; not a statement\nselect 'x;y' as s;\nselect 3 as three",
                        "--url",
                        CALCITE,
                        "--format",
                        "csv");
        assertEquals(0, r.exit, r::toString);
        assertEquals("TWO\n2\nS\nx;y\nTHREE\n3\n", r.out);
    }

    @Test
    void errorInStdinStopsWithOneLineAndExitOne() {
        ShellRun r =
                ShellRun.run(
                        "select 1 as a;\nselect nope from (values (1)) as t(x);\nselect 2 as b;\n",
                        "--url",
                        CALCITE,
                        "--format",
                        "csv");
        assertEquals(1, r.exit, r::toString);
        assertEquals("A\n1\n", r.out);
        assertEquals(
                "Error: From line 1, column 8 to line 1, column 11: Column 'NOPE' not found in any table\n"
                        + "LINE 1: select nope from (values (1)) as t(x)\n"
                        + "               ^\n",
                r.err);
    }

    @Test
    void parseErrorNamesThePosition() {
        ShellRun r = ShellRun.run("", "--url", CALCITE, "-e", "select 1 frm x");
        assertEquals(1, r.exit);
        assertEquals(
                "Error: Encountered \"x\" at line 1, column 14.\n"
                        + "LINE 1: select 1 frm x\n"
                        + "                     ^\n",
                r.err);
        ShellRun bad = ShellRun.run("", "--url", CALCITE, "-e", "selec 1");
        assertEquals(
                "Error: Non-query expression encountered in illegal context (at line 1, column 1)\n"
                        + "LINE 1: selec 1\n"
                        + "        ^\n",
                bad.err);
    }

    @Test
    void verboseAddsTheStackTrace() {
        ShellRun r = ShellRun.run("", "--url", CALCITE, "--verbose", "-e", "select nope");
        assertEquals(1, r.exit);
        String[] lines = r.err.split("\n");
        assertTrue(lines[0].startsWith("Error: "), r.err);
        assertTrue(lines.length > 5 && r.err.contains("\tat org.apache.calcite"), r.err);
    }

    @Test
    void fileErrorsNameFileAndLine() throws Exception {
        Path f = dir.resolve("q.sql");
        Files.writeString(
                f, "select 1 as a;\n\n-- boom next\nselect\n  nope;\n", StandardCharsets.UTF_8);
        ShellRun r = ShellRun.run("", "--url", CALCITE, "--format", "csv", "-f", f.toString());
        assertEquals(1, r.exit, r::toString);
        assertEquals("A\n1\n", r.out);
        assertEquals(
                "Error: "
                        + f
                        + ":4: From line 2, column 3 to line 2, column 6: Column 'NOPE' not found in any table\n"
                        + "LINE 2:   nope\n"
                        + "          ^\n",
                r.err);
    }

    @Test
    void missingFileIsOneLine() {
        ShellRun r = ShellRun.run("", "--url", CALCITE, "-f", dir.resolve("absent.sql").toString());
        assertEquals(1, r.exit);
        assertEquals("Error: No such file: " + dir.resolve("absent.sql") + "\n", r.err);
    }

    @Test
    void executeOptionsRunInOrderThenExit() {
        ShellRun r =
                ShellRun.run(
                        "select 99;",
                        "--url",
                        CALCITE,
                        "--format",
                        "csv",
                        "-e",
                        "select 1 as a",
                        "-e",
                        "select 2 as b; select 3 as c");
        assertEquals(0, r.exit, r::toString);
        assertEquals("A\n1\nB\n2\nC\n3\n", r.out);
    }

    @Test
    void unreachableUrlFailsCleanly() {
        ShellRun r = ShellRun.run("", "--url", "jdbc:nosuch:", "-e", "select 1");
        assertEquals(1, r.exit);
        assertEquals(
                "Error: cannot connect to 'jdbc:nosuch:': No suitable driver found for jdbc:nosuch:\n",
                r.err);
    }

    @Test
    void badFormatIsAUsageError() {
        ShellRun r = ShellRun.run("", "--format", "xml", "-e", "select 1");
        assertEquals(2, r.exit);
        assertTrue(
                r.err.contains(
                        "Unknown format 'xml'; expected one of table, csv, tsv, json, vertical"),
                r.err);
    }

    @Test
    void subcommandsJoinOnlyWhenTheArgumentsMayNameOne() {
        CommandLine.Model.CommandSpec spec =
                new CommandLine(new TallyCommand(null)).getCommandSpec();
        for (String[] plain :
                new String[][] {
                    {"-e", "select 1"},
                    {"--url", "serve", "-f", "a.sql", "--format", "csv"},
                    {"--format=csv", "-e", "gen"},
                    {"--version"},
                    {}
                }) {
            assertFalse(TallyCommand.mayNameSubcommand(spec, plain), String.join(" ", plain));
        }
        for (String[] sub :
                new String[][] {
                    {"serve"},
                    {"--url", "jdbc:tally:", "serve"},
                    {"--help"},
                    {"-h"},
                    {"gen", "h2o"},
                    {"-e", "select 1", "extra"},
                    {"--bogus"}
                }) {
            assertTrue(TallyCommand.mayNameSubcommand(spec, sub), String.join(" ", sub));
        }
    }

    @Test
    void subcommandsStillRunAndMisspellingsGetASuggestion() {
        ShellRun serve = ShellRun.run("", "serve", "--help");
        assertEquals(0, serve.exit, serve::toString);
        assertTrue(serve.out.contains("Usage: tally serve"), serve.out);
        ShellRun gen = ShellRun.run("", "help", "gen");
        assertEquals(0, gen.exit, gen::toString);
        assertTrue(gen.out.contains("Usage: tally gen"), gen.out);
        ShellRun typo = ShellRun.run("", "serv");
        assertEquals(2, typo.exit, typo::toString);
        assertTrue(typo.err.contains("serve"), "picocli suggests the subcommand: " + typo.err);
    }

    @Test
    void versionAndHelp() {
        ShellRun v = ShellRun.run("", "--version");
        assertEquals(0, v.exit);
        assertTrue(v.out.startsWith("tally 0."), v.out);
        ShellRun h = ShellRun.run("", "--help");
        assertEquals(0, h.exit);
        assertTrue(h.out.contains("--format=FMT") && h.out.contains("serve"), h.out);
    }
}
