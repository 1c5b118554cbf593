package io.tally.bench.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Where a benchmark's tables go: always aligned text on stdout, and with {@code --out FILE} also
 * appended to that file as CSV, Markdown or text (chosen by the file's extension).
 */
public final class Reporter {
    private final PrintStream console;
    private final Path out;
    private final String machine = MachineInfo.describe();
    private boolean truncated;

    public Reporter(PrintStream console, Path out) {
        this.console = console;
        this.out = out;
    }

    /** Prints {@code table} and writes it to the {@code --out} file, if any. */
    public void emit(ResultTable table) {
        console.println(TableFormat.TEXT.render(table, machine));
        console.flush();
        if (out == null) {
            return;
        }
        String text =
                TableFormat.forFile(out.getFileName().toString()).render(table, machine) + "\n";
        try {
            if (out.toAbsolutePath().getParent() != null) {
                Files.createDirectories(out.toAbsolutePath().getParent());
            }
            StandardOpenOption mode =
                    truncated ? StandardOpenOption.APPEND : StandardOpenOption.TRUNCATE_EXISTING;
            Files.writeString(
                    out,
                    text,
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    mode);
            truncated = true;
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot write --out file " + out + ": " + e.getMessage(), e);
        }
    }

    /** A progress line on stderr, so stdout stays the tables. */
    public void progress(String line) {
        System.err.println(line);
        System.err.flush();
    }
}
