package io.tally.spark.bench;

import io.tally.datasets.DatasetWriter;
import io.tally.datasets.FileFormat;
import io.tally.datasets.H2oGenerator;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.function.Consumer;
import org.apache.spark.sql.SparkSession;

/**
 * The benchmark's inputs, made once and reused under the data directory: the h2o table as CSV
 * ({@code csv/<table>.csv}, shared with {@code bench h2o}), the same rows split into part files
 * ({@code spark/<table>.csv/part-NNNNN.csv}, what a Spark job reads: one task per file for the
 * tally source), as Arrow IPC ({@code arrow/<table>.arrow}) and as Parquet written by Spark ({@code
 * spark/<table>.parquet}). A present file or folder is complete (written aside, then renamed).
 */
final class BenchData {
    /**
     * Spark's CSV reader is given the types, as Tally's infers them from a sample (no extra pass).
     */
    static final String H2O_SCHEMA =
            "id1 STRING, id2 STRING, id3 STRING, id4 INT, id5 INT, id6 INT,"
                    + " v1 INT, v2 INT, v3 DOUBLE";

    private final Path dir;
    private final H2oGenerator h2o;
    private final Consumer<String> progress;

    BenchData(Path dir, long rows, Consumer<String> progress) {
        this.dir = dir;
        this.h2o = new H2oGenerator(rows, 100, 0, false, H2oGenerator.DEFAULT_SEED);
        this.progress = progress;
    }

    String table() {
        return h2o.tableName();
    }

    Path csv() throws IOException {
        return generated(FileFormat.CSV);
    }

    Path arrow() throws IOException {
        return generated(FileFormat.ARROW);
    }

    /** {@code <format>/<table><extension>}, generated if missing. */
    private Path generated(FileFormat format) throws IOException {
        Path file = dir.resolve(format.cliName()).resolve(table() + format.extension());
        if (!Files.exists(file)) {
            progress.accept("generating " + file + " ...");
            DatasetWriter.write(h2o, file, format);
        }
        return file;
    }

    /** The CSV rows in {@code parts} files of about equal size, each with the header. */
    Path csvParts(int parts) throws IOException {
        Path folder = dir.resolve("spark").resolve(table() + "." + parts + ".csv");
        if (Files.isDirectory(folder)) {
            return folder;
        }
        Path source = csv();
        progress.accept("splitting " + source + " into " + parts + " files in " + folder + " ...");
        Path partial = folder.resolveSibling(folder.getFileName() + ".partial");
        deleteTree(partial);
        Files.createDirectories(partial);
        long perPart = Files.size(source) / parts + 1;
        try (BufferedReader in = Files.newBufferedReader(source, StandardCharsets.UTF_8)) {
            String header = in.readLine();
            String line = in.readLine();
            for (int p = 0; p < parts && line != null; p++) {
                Path part = partial.resolve(String.format("part-%05d.csv", p));
                try (BufferedWriter out = Files.newBufferedWriter(part, StandardCharsets.UTF_8)) {
                    out.write(header);
                    out.write('\n');
                    long written = 0;
                    while (line != null && (written < perPart || p == parts - 1)) {
                        out.write(line);
                        out.write('\n');
                        written += line.length() + 1;
                        line = in.readLine();
                    }
                }
            }
        }
        Files.move(partial, folder, StandardCopyOption.ATOMIC_MOVE);
        return folder;
    }

    /** The table as Parquet, written by Spark from the CSV parts. */
    Path parquet(SparkSession spark, Path csvParts) throws IOException {
        Path folder = dir.resolve("spark").resolve(table() + ".parquet");
        if (Files.isDirectory(folder)) {
            return folder;
        }
        progress.accept("writing " + folder + " with Spark ...");
        Path partial = folder.resolveSibling(folder.getFileName() + ".partial");
        deleteTree(partial);
        spark.read()
                .option("header", "true")
                .schema(H2O_SCHEMA)
                .csv(csvParts.toString())
                .write()
                .parquet(partial.toString());
        Files.move(partial, folder, StandardCopyOption.ATOMIC_MOVE);
        return folder;
    }

    private static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var walk = Files.walk(path)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
