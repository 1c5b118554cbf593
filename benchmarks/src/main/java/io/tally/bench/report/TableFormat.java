package io.tally.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * Renders {@link ResultTable}s as aligned text, CSV or Markdown. Every rendering starts with the
 * machine line, then the title, so a table pasted anywhere says where it was measured.
 */
public enum TableFormat {
    TEXT,
    CSV,
    MARKDOWN;

    /**
     * The format for an {@code --out} file: {@code .csv} → CSV, {@code .md} → Markdown, else text.
     */
    public static TableFormat forFile(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".csv")) {
            return CSV;
        }
        return lower.endsWith(".md") || lower.endsWith(".markdown") ? MARKDOWN : TEXT;
    }

    public String render(ResultTable table, String machine) {
        StringBuilder out = new StringBuilder();
        switch (this) {
            case TEXT -> text(table, machine, out);
            case CSV -> csv(table, machine, out);
            case MARKDOWN -> markdown(table, machine, out);
            default -> throw new AssertionError(this);
        }
        return out.toString();
    }

    private static void text(ResultTable t, String machine, StringBuilder out) {
        int[] widths = widths(t);
        out.append(machine).append('\n').append(t.title()).append('\n');
        line(t.columns(), widths, t, out);
        for (List<String> row : t.rows()) {
            line(row, widths, t, out);
        }
        t.notes().forEach(n -> out.append(n).append('\n'));
    }

    private static void line(List<String> cells, int[] widths, ResultTable t, StringBuilder out) {
        for (int c = 0; c < cells.size(); c++) {
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            out.append(c == 0 ? "" : "  ").append(numeric(t, c) ? pad + cell : cell + pad);
        }
        out.append('\n');
    }

    private static int[] widths(ResultTable t) {
        int[] widths = new int[t.columns().size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = t.columns().get(c).length();
            for (List<String> row : t.rows()) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        return widths;
    }

    /** A column is right-aligned when all its cells look like numbers (or are n/a / empty). */
    private static boolean numeric(ResultTable t, int c) {
        boolean any = false;
        for (List<String> row : t.rows()) {
            String cell = row.get(c);
            if (cell.isEmpty() || cell.startsWith("n/a")) {
                continue;
            }
            if (!cell.matches("[-+0-9.,%x× e]+(\\s?[KMGT]?i?B)?")) {
                return false;
            }
            any = true;
        }
        return any;
    }

    private static void csv(ResultTable t, String machine, StringBuilder out) {
        out.append("# ").append(machine).append('\n').append("# ").append(t.title()).append('\n');
        out.append(String.join(",", t.columns().stream().map(TableFormat::csvCell).toList()))
                .append('\n');
        for (List<String> row : t.rows()) {
            out.append(String.join(",", row.stream().map(TableFormat::csvCell).toList()))
                    .append('\n');
        }
        t.notes().forEach(n -> out.append("# ").append(n).append('\n'));
    }

    private static String csvCell(String cell) {
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
            return '"' + cell.replace("\"", "\"\"") + '"';
        }
        return cell;
    }

    private static void markdown(ResultTable t, String machine, StringBuilder out) {
        out.append('_').append(machine).append("_\n\n**").append(t.title()).append("**\n\n");
        out.append("| ").append(String.join(" | ", t.columns())).append(" |\n|");
        for (int c = 0; c < t.columns().size(); c++) {
            out.append(numeric(t, c) ? "---:|" : "---|");
        }
        out.append('\n');
        for (List<String> row : t.rows()) {
            out.append("| ")
                    .append(
                            String.join(
                                    " | ", row.stream().map(s -> s.replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        if (!t.notes().isEmpty()) {
            out.append('\n');
            t.notes().forEach(n -> out.append(n).append("  \n"));
        }
    }
}
