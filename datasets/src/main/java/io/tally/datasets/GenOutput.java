package io.tally.datasets;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * The {@code --format} and {@code --out} options shared by every {@code gen} subcommand, and the
 * writing of a dataset into {@code <out>/<table><extension>} with one report line per file.
 */
final class GenOutput {
    /** Which files to write. */
    enum Formats {
        CSV(List.of(FileFormat.CSV)),
        ARROW(List.of(FileFormat.ARROW)),
        BOTH(List.of(FileFormat.CSV, FileFormat.ARROW));

        final List<FileFormat> formats;

        Formats(List<FileFormat> formats) {
            this.formats = formats;
        }
    }

    /** Nanoseconds per second, for the report line. */
    private static final double NANOS_PER_SECOND = 1e9;

    @Option(
            names = "--format",
            paramLabel = "csv|arrow|both",
            defaultValue = "arrow",
            converter = GenConverters.Formats.class,
            description = "Files to write (default: ${DEFAULT-VALUE}).")
    Formats format;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            defaultValue = "./data",
            description = "Output directory, created if missing (default: ${DEFAULT-VALUE}).")
    Path out;

    /**
     * Writes every requested format of {@code dataset}, printing {@code path rows=.. bytes=..
     * seconds=..}.
     */
    void write(Dataset dataset, PrintWriter report) throws IOException {
        for (FileFormat fileFormat : format.formats) {
            Path path = out.resolve(dataset.tableName() + fileFormat.extension());
            long start = System.nanoTime();
            long rows = DatasetWriter.write(dataset, path, fileFormat);
            double seconds = (System.nanoTime() - start) / NANOS_PER_SECOND;
            report.println(
                    String.format(
                            Locale.ROOT,
                            "%s  rows=%d  bytes=%d  seconds=%.3f",
                            path,
                            rows,
                            Files.size(path),
                            seconds));
            report.flush();
        }
    }
}
