package io.tally.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Text, CSV and Markdown renderings of a result table. */
class TableFormatTest {
    private static ResultTable table() {
        ResultTable t = new ResultTable("title", List.of("key", "ms"));
        t.add(List.of("int64", "12.5"));
        t.add(List.of("a,b", "n/a"));
        t.note("a note");
        return t;
    }

    @Test
    void textAlignsNumbersRightAndTextLeft() {
        assertEquals(
                "machine: m\ntitle\nkey      ms\nint64  12.5\na,b     n/a\na note\n",
                TableFormat.TEXT.render(table(), "machine: m"));
    }

    @Test
    void csvQuotesCellsWithCommas() {
        assertEquals(
                "# machine: m\n# title\nkey,ms\nint64,12.5\n\"a,b\",n/a\n# a note\n",
                TableFormat.CSV.render(table(), "machine: m"));
    }

    @Test
    void markdownRightAlignsNumericColumns() {
        assertEquals(
                "_machine: m_\n\n**title**\n\n| key | ms |\n|---|---:|\n| int64 | 12.5 |\n| a,b | n/a |\n\na note  \n",
                TableFormat.MARKDOWN.render(table(), "machine: m"));
    }

    @Test
    void formatFollowsExtensionAndRowsMustFit() {
        assertEquals(TableFormat.CSV, TableFormat.forFile("x.CSV"));
        assertEquals(TableFormat.MARKDOWN, TableFormat.forFile("x.md"));
        assertEquals(TableFormat.TEXT, TableFormat.forFile("x.txt"));
        assertThrows(IllegalArgumentException.class, () -> table().add(List.of("one")));
    }
}
