package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Each output format's exact text for a small VALUES query, through the command line. */
class OutputFormatsTest {
    static final String CALCITE = "jdbc:calcite:";
    static final String QUERY = "SELECT * FROM (VALUES (1,'a'),(2,NULL)) AS t(x,y)";

    private static String output(String format, String sql) {
        ShellRun r = ShellRun.run("", "--url", CALCITE, "--format", format, "-e", sql);
        assertEquals(0, r.exit, r::toString);
        assertEquals("", r.err, r::toString);
        return r.out;
    }

    @Test
    void table() {
        assertEquals(
                String.join(
                        "\n",
                        "┌─────────┬──────┐",
                        "│    X    │  Y   │",
                        "│ integer │ char │",
                        "├─────────┼──────┤",
                        "│       1 │ a    │",
                        "│       2 │ NULL │",
                        "└─────────┴──────┘",
                        "2 rows",
                        ""),
                output("table", QUERY));
    }

    @Test
    void csvDistinguishesNullFromEmptyString() {
        assertEquals("X,Y\n1,a\n2,\n", output("csv", QUERY));
        assertEquals(
                "S,N\n\"\",\n\"a,\"\"b\"\"\",\n",
                output(
                        "csv",
                        "SELECT * FROM (VALUES (CAST('' AS VARCHAR(9)), CAST(NULL AS INT)), ('a,\"b\"', NULL)) AS t(s,n)"));
    }

    @Test
    void tsv() {
        assertEquals("X\tY\n1\ta\n2\t\n", output("tsv", QUERY));
    }

    @Test
    void jsonWritesNumbersAsNumbers() {
        assertEquals("[{\"X\":1,\"Y\":\"a\"},\n{\"X\":2,\"Y\":null}]\n", output("json", QUERY));
        assertEquals(
                "[{\"D\":1.5,\"B\":true,\"S\":\"q\\\"\"}]\n",
                output("json", "SELECT CAST(1.5 AS DOUBLE) AS d, TRUE AS b, 'q\"' AS s"));
        assertEquals("[]\n", output("json", QUERY + " WHERE x > 5"));
    }

    @Test
    void jsonWritesArraysAsArrays() {
        // (Calcite's literals: CHAR(3) elements padded, DECIMAL(2, 1) elements with one decimal)
        assertEquals(
                "[{\"A\":[\"a  \",\"b,c\",null],\"N\":[1.0,2.5],\"NN\":[[1],[2,3]]}]\n",
                output(
                        "json",
                        "SELECT ARRAY['a', 'b,c', NULL] AS a, ARRAY[1, 2.5] AS n,"
                                + " ARRAY[ARRAY[1], ARRAY[2, 3]] AS nn"));
    }

    @Test
    void arraysPrintAsJsonInEveryFormat() {
        assertEquals(
                "A\n\"[\"\"a\"\",\"\"b\"\"]\"\n", output("csv", "SELECT ARRAY['a', 'b'] AS a"));
    }

    @Test
    void markdown() {
        assertEquals(
                String.join("\n", "| X | Y |", "| ---: | --- |", "| 1 | a |", "| 2 |  |", ""),
                output("markdown", QUERY));
        assertEquals("| S |\n| --- |\n| a\\|b<br>c |\n", output("md", "SELECT 'a|b\nc' AS s"));
    }

    @Test
    void vertical() {
        assertEquals(
                "-[ RECORD 1 ]-\nX | 1\nY | a\n-[ RECORD 2 ]-\nX | 2\nY | NULL\n",
                output("vertical", QUERY));
    }

    @Test
    void explainPrintsPlanLinesRaw() {
        String out = output("table", "EXPLAIN PLAN FOR SELECT x + 1 FROM (VALUES (1),(2)) AS t(x)");
        assertEquals(false, out.contains("│"), out);
        assertEquals(true, out.startsWith("Enumerable"), out);
    }

    @Test
    void doublesPrintWithoutExponentInOrdinaryRange() {
        assertEquals(
                "A,B,C\n12345678.0,1.0E-7,0.25\n",
                output(
                        "csv",
                        "SELECT CAST(12345678 AS DOUBLE) AS a, CAST(1e-7 AS DOUBLE) AS b, CAST(0.25 AS DOUBLE) AS c"));
    }

    @Test
    void longTablesAreTruncatedWithANotice() {
        ShellRun r =
                ShellRun.run(
                        "",
                        "--url",
                        CALCITE,
                        "--max-rows",
                        "4",
                        "-e",
                        "SELECT * FROM (VALUES (1),(2),(3),(4),(5),(6),(7),(8),(9),(10)) AS t(n)");
        assertEquals(0, r.exit, r::toString);
        assertEquals(
                String.join(
                        "\n",
                        "┌───────────────────┐",
                        "│         N         │",
                        "│      integer      │",
                        "├───────────────────┤",
                        "│                 1 │",
                        "│                 2 │",
                        "├───────────────────┤",
                        "│ … 6 rows hidden … │",
                        "├───────────────────┤",
                        "│                 9 │",
                        "│                10 │",
                        "└───────────────────┘",
                        "10 rows (4 shown)",
                        ""),
                r.out);
    }

    @Test
    void csvIsNeverTruncated() {
        ShellRun r =
                ShellRun.run(
                        "",
                        "--url",
                        CALCITE,
                        "--max-rows",
                        "2",
                        "--format",
                        "csv",
                        "-e",
                        "SELECT * FROM (VALUES (1),(2),(3)) AS t(n)");
        assertEquals("N\n1\n2\n3\n", r.out);
    }
}
