package io.tally.schema.files;

import io.tally.schema.ArrowFileData;
import io.tally.schema.CsvData;
import io.tally.schema.CsvOptions;
import io.tally.schema.ScanData;
import io.tally.schema.parquet.ParquetFileData;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The file formats Tally reads, and which one a file name says. A data directory's tables and paths
 * in FROM use the name; {@code read_csv}, {@code read_parquet} and {@code read_arrow} fix the
 * format whatever the name.
 */
public enum FileFormat {
    PARQUET(".parquet"),
    ARROW(".arrow", ".ipc", ".feather"),
    CSV(".csv", ".csv.gz", ".tsv", ".tsv.gz", ".txt", ".txt.gz");

    /** Suffixes of table files, in the order a data directory prefers them for one stem. */
    public static final List<String> TABLE_SUFFIXES =
            List.of(".parquet", ".arrow", ".csv", ".csv.gz", ".tsv", ".tsv.gz", ".txt", ".txt.gz");

    private final List<String> suffixes;

    FileFormat(String... suffixes) {
        this.suffixes = List.of(suffixes);
    }

    /** The format a file's name says, or {@code null} if it names none. */
    public static FileFormat of(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (FileFormat format : values()) {
            for (String suffix : format.suffixes) {
                if (name.endsWith(suffix) && name.length() > suffix.length()) {
                    return format;
                }
            }
        }
        return null;
    }

    /** The table name of a file: its name less the longest known suffix; null if none matches. */
    public static String stem(Path file) {
        String name = file.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        String best = null;
        for (String suffix : TABLE_SUFFIXES) {
            if (lower.endsWith(suffix)
                    && lower.length() > suffix.length()
                    && (best == null || suffix.length() > best.length())) {
                best = suffix;
            }
        }
        return best == null ? null : name.substring(0, name.length() - best.length());
    }

    /** Table data over {@code file} in this format ({@code options} apply to CSV only). */
    public ScanData open(String name, Path file, CsvOptions options) {
        switch (this) {
            case PARQUET:
                return new ParquetFileData(name, file);
            case ARROW:
                return new ArrowFileData(name, file);
            default:
                {
                    String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
                    CsvOptions o =
                            options == CsvOptions.AUTO
                                            && (lower.endsWith(".tsv") || lower.endsWith(".tsv.gz"))
                                    ? CsvOptions.TSV
                                    : options;
                    return new CsvData(name, file, o);
                }
        }
    }
}
