package io.tally.schema;

import java.nio.file.Path;
import java.util.Locale;

/** File-name rules of CSV files. */
final class CsvFiles {
    private CsvFiles() {}

    /** Whether the file is gzip-compressed (its name ends in {@code .gz}). */
    static boolean isGzip(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
    }
}
