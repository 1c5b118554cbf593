package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Meta commands run from scripts against a Calcite reflective schema. */
class MetaCommandsTest {
    @TempDir Path dir;

    private static ShellRun script(String stdin, String... extra) {
        String[] args = new String[extra.length + 2];
        args[0] = "--url";
        args[1] = HrSchema.URL;
        System.arraycopy(extra, 0, args, 2, extra.length);
        return ShellRun.run(stdin, args);
    }

    @Test
    void listsTablesAndDescribesOne() {
        ShellRun r = script("\\format csv\n\\dt\n\\d emps\n.schema DEPTS\n");
        assertEquals(0, r.exit, r::toString);
        assertEquals(
                String.join(
                        "\n",
                        "schema,name,type",
                        "adhoc,depts,TABLE",
                        "adhoc,emps,TABLE",
                        "column,type,nullable",
                        "empid,INTEGER,NO",
                        "name,VARCHAR,YES",
                        "deptno,INTEGER,YES",
                        "column,type,nullable",
                        "deptno,INTEGER,NO",
                        "dname,VARCHAR,YES",
                        ""),
                r.out);
    }

    @Test
    void describeUnknownTableListsTheKnownOnes() {
        ShellRun r = script("\\d nosuch\n");
        assertEquals(1, r.exit);
        assertEquals("Error: Table 'nosuch' not found; tables: adhoc.depts, adhoc.emps\n", r.err);
    }

    @Test
    void unknownCommandListsTheCommands() {
        ShellRun r = script("\\frobnicate\n");
        assertEquals(1, r.exit);
        assertTrue(
                r.err.startsWith(
                        "Error: Unknown command \\frobnicate. Commands: \\dt \\d \\format \\timing"),
                r.err);
        assertTrue(r.err.endsWith("(\\help for details)\n"), r.err);
    }

    @Test
    void expandedDisplayTogglesTablesToOneLinePerColumn() {
        ShellRun r =
                script(
                        "\\x\nselect empid, name from emps where empid = 1;\n\\x\n"
                                + "select empid from emps where empid = 1;\n\\x on\n\\format csv\nselect empid from emps where empid = 1;\n");
        assertEquals(0, r.exit, r::toString);
        assertEquals(
                String.join(
                        "\n",
                        "-[ RECORD 1 ]-",
                        "empid | 1",
                        "name  | Ann",
                        "┌─────────┐",
                        "│  empid  │",
                        "│ integer │",
                        "├─────────┤",
                        "│       1 │",
                        "└─────────┘",
                        "1 row",
                        "empid",
                        "1",
                        ""),
                r.out);
        assertEquals(
                "Expanded display is on.\nExpanded display is off.\nExpanded display is on.\n"
                        + "Output format is csv.\n",
                r.err);
    }

    @Test
    void expandedTakesOnOrOff() {
        ShellRun r = script("\\x sideways\n");
        assertEquals(1, r.exit);
        assertEquals("Error: \\x expects on or off, got 'sideways'\n", r.err);
    }

    @Test
    void timingAddsTheElapsedTimeToTheFooter() {
        ShellRun r = script("\\timing on\nselect empid from emps where empid = 1;\n");
        assertEquals(0, r.exit, r::toString);
        assertTrue(r.out.matches("(?s).*\n1 row \\(\\d+\\.\\d{3} s\\)\n"), r.out);
        assertEquals("Timing is on.\n", r.err);
    }

    @Test
    void outputGoesToAFileAndBack() throws Exception {
        Path file = dir.resolve("out.csv");
        ShellRun r =
                script(
                        ".mode csv\n\\o "
                                + file
                                + "\nselect name from emps order by empid;\n\\o\nselect 1 as back;\n");
        assertEquals(0, r.exit, r::toString);
        assertEquals("name\nAnn\nBob\nCy\n", Files.readString(file, StandardCharsets.UTF_8));
        assertEquals("back\n1\n", r.out);
    }

    @Test
    void includeRunsAFileAndQuitStops() throws Exception {
        Path inc = dir.resolve("inc.sql");
        Files.writeString(
                inc,
                "select count(*) as n from emps;\n\\q\nselect 'never' as x;\n",
                StandardCharsets.UTF_8);
        ShellRun r = script("\\format csv\n\\i " + inc + "\nselect 'after' as y;\n");
        assertEquals(0, r.exit, r::toString);
        assertEquals("n\n3\n", r.out);
    }

    @Test
    void setRunsASetStatementAndShowSaysWhenSettingsAreUnavailable() {
        ShellRun set = script("\\set memory_limit 512MB\n");
        assertEquals(1, set.exit);
        assertTrue(set.err.startsWith("Error: "), set.err);
        ShellRun show = script("\\show\n");
        assertEquals(1, show.exit);
        assertEquals(
                "Error: This connection (" + HrSchema.URL + ") does not list its settings\n",
                show.err);
    }

    @Test
    void setValueQuoting() {
        assertEquals("'512MB'", SessionCommands.literal("512MB"));
        assertEquals("8192", SessionCommands.literal("8192"));
        assertEquals("'it''s'", SessionCommands.literal("it's"));
        assertEquals("'blocked'", SessionCommands.literal("'blocked'"));
    }

    @Test
    void maxRowsAndFormatValidation() {
        ShellRun r = script("\\maxrows -3\n");
        assertEquals(
                "Error: \\maxrows expects a whole number >= 0 (0 = no limit), got '-3'\n", r.err);
        ShellRun f = script("\\format xml\n");
        assertEquals(
                "Error: Unknown format 'xml'; expected one of table, csv, tsv, json, vertical, markdown\n",
                f.err);
    }
}
