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
import java.util.List;
import org.junit.jupiter.api.Test;

/** Table layout details: width fitting, NULL styling, one-line cells, the one-row-limit notice. */
class TableWriterTest {
  private static final List<Column> COLUMNS =
      List.of(new Column("id", "INTEGER", Column.Kind.NUMBER), Column.text("note"));

  private static String render(RenderOptions options, List<String[]> rows) throws Exception {
    StringWriter s = new StringWriter();
    try (PrintWriter out = new PrintWriter(s)) {
      ResultWriter.Written w = new TableWriter(options).write(new ListRows(COLUMNS, rows), out);
      out.print(w.rows() + "/" + w.shown());
    }
    return s.toString();
  }

  @Test void wideColumnsAreCutToTheTerminalWidth() throws Exception {
    String out = render(new RenderOptions(0, 24, Palette.PLAIN),
        List.<String[]>of(new String[] {"7", "a rather long note that will not fit"}));
    assertEquals(String.join("\n",
        "┌─────────┬────────────┐",
        "│   id    │    note    │",
        "│ integer │  varchar   │",
        "├─────────┼────────────┤",
        "│       7 │ a rather … │",
        "└─────────┴────────────┘",
        "1/1"), out);
  }

  @Test void nullIsDimmedWhenColored() throws Exception {
    String out = render(new RenderOptions(0, 0, Palette.ANSI), List.<String[]>of(new String[] {null, "x\ny"}));
    assertEquals(true, out.contains("\u001b[2mNULL\u001b[0m"), out);
    assertEquals(true, out.contains("x\\ny"), out);
  }

  @Test void oneRowLimitShowsHeadAndNotice() throws Exception {
    String out = render(new RenderOptions(1, 0, Palette.PLAIN),
        List.of(new String[] {"1", "a"}, new String[] {"2", "b"}, new String[] {"3", "c"}));
    assertEquals(String.join("\n",
        "┌─────────┬─────────┐",
        "│   id    │  note   │",
        "│ integer │ varchar │",
        "├─────────┼─────────┤",
        "│       1 │ a       │",
        "├─────────┴─────────┤",
        "│ … 2 rows hidden … │",
        "└───────────────────┘",
        "3/1"), out);
  }
}
