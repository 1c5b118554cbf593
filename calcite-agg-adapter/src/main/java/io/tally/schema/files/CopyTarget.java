package io.tally.schema.files;

import io.tally.datasets.ArrowFileSink;
import io.tally.datasets.BatchSink;
import io.tally.schema.DataFileException;
import io.tally.schema.parquet.ParquetSink;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.zip.GZIPOutputStream;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The file a {@code COPY ... TO 'path' (options)} statement writes, and how: the format (the {@code
 * FORMAT} option, else the file name's suffix), Parquet's codec and row-group size, CSV's header,
 * delimiter, quote and NULL text. {@link #write} streams batches into a hidden {@code
 * .name.partial} file beside the target and moves it into place only when complete, so a failed
 * statement never leaves a truncated file behind nor damages one that was there.
 */
public final class CopyTarget {
    /** Rows per Parquet row group by default (DuckDB's default). */
    public static final long DEFAULT_ROW_GROUP_ROWS = 122_880;

    /** Buffered bytes at which a Parquet row group is cut, at most. */
    public static final long MAX_ROW_GROUP_BYTES = 64L << 20;

    /** Output buffer size of CSV files. */
    private static final int BUFFER_BYTES = 1 << 16;

    /** The options COPY knows, for the message naming an unknown one. */
    private static final List<String> OPTIONS =
            List.of(
                    "FORMAT",
                    "COMPRESSION",
                    "CODEC",
                    "ROW_GROUP_SIZE",
                    "HEADER",
                    "DELIMITER",
                    "DELIM",
                    "SEP",
                    "QUOTE",
                    "NULL");

    private final Path file;
    private final FileFormat format;
    private final Map<String, String> options;

    private CopyTarget(Path file, FileFormat format, Map<String, String> options) {
        this.file = file;
        this.format = format;
        this.options = options;
    }

    /**
     * The target {@code file} (already checked by the connection's file access policy) written with
     * {@code options} (name to value text, names in any case; a bare flag has value {@code
     * "true"}).
     *
     * @throws DataFileException naming an unknown option, format or codec, or a bad value
     */
    public static CopyTarget of(Path file, Map<String, String> options) {
        Map<String, String> byName = new LinkedHashMap<>();
        options.forEach(
                (name, value) -> {
                    String key = name.toUpperCase(Locale.ROOT);
                    if (!OPTIONS.contains(key)) {
                        throw new DataFileException(
                                "COPY option "
                                        + name
                                        + " is not known (options: "
                                        + String.join(", ", OPTIONS)
                                        + ")");
                    }
                    byName.put(key, value);
                });
        String name = byName.get("FORMAT");
        FileFormat format = name != null ? format(name) : FileFormat.of(file);
        if (format == null) {
            throw new DataFileException(
                    "COPY cannot tell the format of "
                            + file
                            + " from its name;"
                            + " add (FORMAT parquet), (FORMAT arrow) or (FORMAT csv)");
        }
        CopyTarget target = new CopyTarget(file, format, byName);
        target.check();
        return target;
    }

    private static FileFormat format(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "parquet":
                return FileFormat.PARQUET;
            case "arrow":
            case "ipc":
            case "feather":
                return FileFormat.ARROW;
            case "csv":
                return FileFormat.CSV;
            default:
                throw new DataFileException(
                        "COPY format " + name + " is not known (formats: parquet, arrow, csv)");
        }
    }

    /** Parses every option now, so a bad value fails before the query runs. */
    private void check() {
        for (String key : options.keySet()) {
            boolean applies =
                    switch (key) {
                        case "FORMAT" -> true;
                        case "COMPRESSION", "CODEC" -> format != FileFormat.ARROW;
                        case "ROW_GROUP_SIZE" -> format == FileFormat.PARQUET;
                        default -> format == FileFormat.CSV;
                    };
            if (!applies) {
                throw new DataFileException(
                        "COPY option "
                                + key
                                + " does not apply to "
                                + format.name().toLowerCase(Locale.ROOT)
                                + " files");
            }
        }
        if (format == FileFormat.PARQUET) {
            codec();
            rowGroupRows();
        } else if (format == FileFormat.CSV) {
            gzip();
            oneChar("QUOTE", "\"");
            oneChar("DELIMITER", options.getOrDefault("DELIM", options.getOrDefault("SEP", ",")));
            flag("HEADER", true);
        }
    }

    public Path file() {
        return file;
    }

    public FileFormat format() {
        return format;
    }

    private CompressionCodecName codec() {
        String name = options.getOrDefault("COMPRESSION", options.getOrDefault("CODEC", "snappy"));
        String upper = name.toUpperCase(Locale.ROOT);
        if (upper.equals("NONE")) {
            upper = "UNCOMPRESSED";
        }
        for (CompressionCodecName codec :
                List.of(
                        CompressionCodecName.UNCOMPRESSED,
                        CompressionCodecName.SNAPPY,
                        CompressionCodecName.GZIP,
                        CompressionCodecName.ZSTD,
                        CompressionCodecName.LZ4_RAW)) {
            if (codec.name().equals(upper)) {
                return codec;
            }
        }
        throw new DataFileException(
                "COPY compression "
                        + name
                        + " is not known for Parquet (uncompressed, snappy, gzip, zstd, lz4_raw)");
    }

    private long rowGroupRows() {
        String text = options.get("ROW_GROUP_SIZE");
        if (text == null) {
            return DEFAULT_ROW_GROUP_ROWS;
        }
        try {
            long rows = Long.parseLong(text.trim());
            if (rows > 0) {
                return rows;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new DataFileException(
                "COPY option ROW_GROUP_SIZE must be a positive number of rows," + " not " + text);
    }

    private boolean gzip() {
        String name = options.getOrDefault("COMPRESSION", options.get("CODEC"));
        if (name == null) {
            return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz");
        }
        switch (name.toLowerCase(Locale.ROOT)) {
            case "gzip":
                return true;
            case "none":
            case "uncompressed":
                return false;
            default:
                throw new DataFileException(
                        "COPY compression " + name + " is not known for CSV (gzip, none)");
        }
    }

    private char oneChar(String option, String fallback) {
        String value = options.getOrDefault(option, fallback);
        if (value.length() != 1) {
            throw new DataFileException(
                    "COPY option " + option + " must be one character, not '" + value + "'");
        }
        return value.charAt(0);
    }

    private boolean flag(String option, boolean fallback) {
        String value = options.get(option);
        if (value == null) {
            return fallback;
        }
        switch (value.toLowerCase(Locale.ROOT)) {
            case "true":
            case "1":
            case "on":
                return true;
            case "false":
            case "0":
            case "off":
                return false;
            default:
                throw new DataFileException(
                        "COPY option " + option + " must be true or false, not " + value);
        }
    }

    /**
     * Writes the batches {@code next} returns (each in {@code root}, null after the last) to the
     * target; returns the rows written. Parquet row groups are cut at {@code rowGroupBytes}
     * buffered bytes at most.
     *
     * @throws DataFileException naming the file if it cannot be written
     */
    public long write(VectorSchemaRoot root, Supplier<VectorSchemaRoot> next, long rowGroupBytes) {
        Path dir = file.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            throw new DataFileException(
                    "Cannot write " + file + ": directory " + dir + " does not exist");
        }
        Path partial = dir.resolve("." + file.getFileName() + ".partial");
        boolean done = false;
        try {
            long rows = 0;
            try (BatchSink sink = open(partial, root, rowGroupBytes)) {
                for (VectorSchemaRoot batch = next.get(); batch != null; batch = next.get()) {
                    sink.write(batch);
                    rows += batch.getRowCount();
                }
                sink.finish();
            }
            Files.move(
                    partial,
                    file,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            done = true;
            return rows;
        } catch (IOException e) {
            throw new DataFileException("Cannot write " + file + ": " + e.getMessage(), e);
        } finally {
            if (!done) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException e) {
                    // the statement's own error is the one to report
                }
            }
        }
    }

    private BatchSink open(Path partial, VectorSchemaRoot root, long rowGroupBytes)
            throws IOException {
        if (format == FileFormat.PARQUET) {
            return new ParquetSink(
                    partial,
                    root.getSchema(),
                    codec(),
                    rowGroupRows(),
                    Math.min(rowGroupBytes, MAX_ROW_GROUP_BYTES));
        }
        FileChannel channel =
                FileChannel.open(
                        partial,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE,
                        StandardOpenOption.TRUNCATE_EXISTING);
        try {
            if (format == FileFormat.ARROW) {
                return new ArrowFileSink(
                        root, new DictionaryProvider.MapDictionaryProvider(), channel);
            }
            OutputStream out =
                    new BufferedOutputStream(Channels.newOutputStream(channel), BUFFER_BYTES);
            if (gzip()) {
                out = new GZIPOutputStream(out, BUFFER_BYTES);
            }
            char delimiter =
                    oneChar(
                            "DELIMITER",
                            options.getOrDefault("DELIM", options.getOrDefault("SEP", ",")));
            return new CsvFileSink(
                    out,
                    root.getSchema().getFields(),
                    flag("HEADER", true),
                    delimiter,
                    oneChar("QUOTE", "\""),
                    options.getOrDefault("NULL", ""));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }
}
