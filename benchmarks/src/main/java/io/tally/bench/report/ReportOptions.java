package io.tally.bench.report;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The option every table-printing benchmark shares: {@code --out FILE}, where its tables also go.
 */
public final class ReportOptions {
    @Option(names = "--out", description = "also write the tables to FILE (.csv, .md, else text)")
    Path out;

    /** Prints to standard output and, with {@code --out}, to the file. */
    public Reporter reporter() {
        return new Reporter(System.out, out);
    }
}
