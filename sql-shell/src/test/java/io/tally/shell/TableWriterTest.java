package io.tally.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.tally.shell.format.Column;
import io.tally.shell.format.ListRows;
import io.tally.shell.format.Palette;
import io.tally.shell.format.RenderOptions;
import io.tally.shell.format.ResultWriter;
import io.tally.shell.format.TableWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Table layout details: fitting the terminal, NULL styling, one-line cells, the one-row-limit
 * notice.
 */
class TableWriterTest {
    private static final List<Column> COLUMNS =
            List.of(new Column("id", "INTEGER", Column.Kind.NUMBER), Column.text("note"));

    private static String render(RenderOptions options, List<String[]> rows) throws Exception {
        StringWriter s = new StringWriter();
        try (PrintWriter out = new PrintWriter(s)) {
            ResultWriter.Written w =
                    new TableWriter(options).write(new ListRows(COLUMNS, rows), out);
            out.print(w.rows() + "/" + w.shown());
        }
        return s.toString();
    }

    /** Cutting text to READABLE_WIDTH keeps every column: nothing is hidden. */
    @Test
    void wideColumnsAreCutToTheTerminalWidth() throws Exception {
        String out =
                render(
                        new RenderOptions(0, 24, Palette.PLAIN),
                        List.<String[]>of(
                                new String[] {"7", "a rather long note that will not fit"}));
        assertEquals(
                String.join(
                        "\n",
                        "┌─────────┬────────────┐",
                        "│   id    │    note    │",
                        "│ integer │  varchar   │",
                        "├─────────┼────────────┤",
                        "│       7 │ a rather … │",
                        "└─────────┴────────────┘",
                        "1/1"),
                out);
    }

    /** Text is cut only as far as the terminal needs. */
    @Test
    void textIsCutOnlyAsFarAsNeeded() throws Exception {
        String out =
                render(
                        new RenderOptions(0, 40, Palette.PLAIN),
                        List.<String[]>of(
                                new String[] {"7", "a rather long note that will not fit"}));
        assertEquals(
                String.join(
                        "\n",
                        "┌─────────┬────────────────────────────┐",
                        "│   id    │            note            │",
                        "│ integer │          varchar           │",
                        "├─────────┼────────────────────────────┤",
                        "│       7 │ a rather long note that w… │",
                        "└─────────┴────────────────────────────┘",
                        "1/1"),
                out);
    }

    /** A wide result keeps its outer columns and hides the middle ones; numbers are never cut. */
    @Test
    void wideResultsHideMiddleColumnsAndNeverCutNumbers() throws Exception {
        List<Column> columns = new ArrayList<>();
        String[] row = new String[12];
        for (int c = 0; c < 12; c++) {
            columns.add(new Column("amount_" + c, "DECIMAL", Column.Kind.NUMBER));
            row[c] = "24710.3" + c;
        }
        StringWriter s = new StringWriter();
        ResultWriter.Written w;
        try (PrintWriter out = new PrintWriter(s)) {
            w =
                    new TableWriter(new RenderOptions(0, 60, Palette.PLAIN))
                            .write(new ListRows(columns, List.<String[]>of(row)), out);
        }
        String[] lines = s.toString().split("\n");
        assertEquals("│ amount_0 │ amount_1 │ … │ amount_10 │ amount_11 │", lines[1]);
        assertEquals("│ 24710.30 │ 24710.31 │ … │ 24710.310 │ 24710.311 │", lines[4]);
        for (String line : lines) {
            assertEquals(true, line.length() <= 60, line);
        }
        assertEquals(12, w.columns());
        assertEquals(4, w.shownColumns());
    }

    /** A number wider than the terminal still prints whole (the table overflows instead). */
    @Test
    void aNumberWiderThanTheTerminalIsNotCut() throws Exception {
        String out =
                render(
                        new RenderOptions(0, 12, Palette.PLAIN),
                        List.<String[]>of(new String[] {"123456789012345", "x"}));
        assertEquals(true, out.contains("│ 123456789012345 │"), out);
    }

    @Test
    void nullIsDimmedWhenColored() throws Exception {
        String out =
                render(
                        new RenderOptions(0, 0, Palette.ANSI),
                        List.<String[]>of(new String[] {null, "x\ny"}));
        assertEquals(true, out.contains("\u001b[2mNULL\u001b[0m"), out);
        assertEquals(true, out.contains("x\\ny"), out);
    }

    @Test
    void oneRowLimitShowsHeadAndNotice() throws Exception {
        String out =
                render(
                        new RenderOptions(1, 0, Palette.PLAIN),
                        List.of(
                                new String[] {"1", "a"},
                                new String[] {"2", "b"},
                                new String[] {"3", "c"}));
        assertEquals(
                String.join(
                        "\n",
                        "┌─────────┬─────────┐",
                        "│   id    │  note   │",
                        "│ integer │ varchar │",
                        "├─────────┼─────────┤",
                        "│       1 │ a       │",
                        "├─────────┴─────────┤",
                        "│ … 2 rows hidden … │",
                        "└───────────────────┘",
                        "3/1"),
                out);
    }
}
