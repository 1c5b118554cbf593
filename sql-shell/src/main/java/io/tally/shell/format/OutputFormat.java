package io.tally.shell.format;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The shell's output formats and the writer each uses. */
public enum OutputFormat {
    TABLE,
    CSV,
    TSV,
    JSON,
    VERTICAL,
    MARKDOWN;

    /** A writer for this format; a {@code PLAN} result always prints raw. */
    public ResultWriter writer(RenderOptions options, RowSource rows) {
        if (PlanWriter.isPlan(rows)) {
            return new PlanWriter();
        }
        switch (this) {
            case TABLE:
                return new TableWriter(options);
            case CSV:
                return DelimitedWriter.csv();
            case TSV:
                return DelimitedWriter.tsv();
            case JSON:
                return new JsonWriter();
            case VERTICAL:
                return new VerticalWriter(options.palette());
            case MARKDOWN:
                return new MarkdownWriter();
            default:
                throw new AssertionError(this);
        }
    }

    /** Lower-case name as users type it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Parses a format name (any case; {@code box}, {@code line}, {@code tabs} and {@code md}
     * accepted as aliases).
     */
    public static OutputFormat parse(String s) {
        String k = s.trim().toLowerCase(Locale.ROOT);
        switch (k) {
            case "box":
            case "duckbox":
            case "aligned":
                return TABLE;
            case "line":
            case "expanded":
                return VERTICAL;
            case "tabs":
                return TSV;
            case "md":
                return MARKDOWN;
            default:
                for (OutputFormat f : values()) {
                    if (f.label().equals(k)) {
                        return f;
                    }
                }
                throw new IllegalArgumentException(
                        "Unknown format '" + s + "'; expected one of " + names());
        }
    }

    /** The format names, comma separated. */
    public static String names() {
        return Arrays.stream(values()).map(OutputFormat::label).collect(Collectors.joining(", "));
    }
}
