package io.tally.spark;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tally.schema.ArrowFileData;
import io.tally.schema.CsvData;
import io.tally.schema.ScanData;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.spark.sql.util.CaseInsensitiveStringMap;

/**
 * The files a {@code load(...)} names: each path is a file, a directory (its data files, not
 * recursing; names starting with {@code _} or {@code .} are skipped, as Spark's file sources do) or
 * a glob ({@code *}, {@code ?}, {@code [..]}, {@code {a,b}}), in sorted order. Paths are local or
 * {@code file:} URIs, readable at the same place on every executor.
 */
final class TallyFiles {
    /** One data file and the Tally reader for it. */
    record DataFile(String path, Format format) implements Serializable {
        /**
         * Tally's reader of the file (a cheap object; headers and footers are read on first use).
         */
        ScanData open() {
            Path p = Paths.get(path);
            String stem = format.stem(p.getFileName().toString());
            return format == Format.ARROW ? new ArrowFileData(stem, p) : new CsvData(stem, p);
        }

        long size() {
            try {
                return Files.size(Paths.get(path));
            } catch (IOException e) {
                throw new UncheckedIOException(
                        "tally: cannot read " + path + ": " + e.getMessage(), e);
            }
        }
    }

    /** The formats read, by file name ending. */
    enum Format {
        CSV(".csv"),
        CSV_GZ(".csv.gz"),
        ARROW(".arrow");

        private final String extension;

        Format(String extension) {
            this.extension = extension;
        }

        String stem(String name) {
            return name.substring(0, name.length() - extension.length());
        }

        static Format of(String name) {
            String lower = name.toLowerCase(Locale.ROOT);
            for (Format f : new Format[] {CSV_GZ, CSV, ARROW}) {
                if (lower.endsWith(f.extension)) {
                    return f;
                }
            }
            return null;
        }
    }

    static final String SUPPORTED = "*.csv, *.csv.gz, *.arrow";
    private static final String GLOB_CHARACTERS = "*?[{";

    private TallyFiles() {}

    /** The files of the {@code path} or {@code paths} option; fails naming a path with none. */
    static List<DataFile> resolve(CaseInsensitiveStringMap options) {
        List<String> paths = new ArrayList<>();
        if (options.containsKey("paths")) {
            try {
                for (String p :
                        new ObjectMapper().readValue(options.get("paths"), String[].class)) {
                    paths.add(p);
                }
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(
                        "tally: option 'paths' is not a JSON array of strings: "
                                + options.get("paths"),
                        e);
            }
        }
        if (options.containsKey("path")) {
            paths.add(options.get("path"));
        }
        if (paths.isEmpty()) {
            throw new IllegalArgumentException(
                    "tally: no path given: use load(\"path, folder or glob\")");
        }
        List<DataFile> files = new ArrayList<>();
        for (String p : paths) {
            List<DataFile> found = expand(p);
            if (found.isEmpty()) {
                throw new IllegalArgumentException(
                        "tally: no data files (" + SUPPORTED + ") at '" + p + "'");
            }
            files.addAll(found);
        }
        return files;
    }

    private static List<DataFile> expand(String text) {
        Path path = localPath(text);
        int globAt = -1;
        for (int i = 0; i < path.getNameCount() && globAt < 0; i++) {
            if (isGlob(path.getName(i).toString())) {
                globAt = i;
            }
        }
        if (globAt < 0) {
            if (Files.isDirectory(path)) {
                return list(path, 1, null);
            }
            if (!Files.isRegularFile(path)) {
                throw new IllegalArgumentException("tally: no such file or directory: " + path);
            }
            if (Format.of(path.getFileName().toString()) == null) {
                throw new IllegalArgumentException(
                        "tally: " + path + " is not a data file Tally reads (" + SUPPORTED + ")");
            }
            return List.of(new DataFile(path.toString(), Format.of(path.getFileName().toString())));
        }
        Path base = globAt == 0 ? path.getRoot() : path.getRoot().resolve(path.subpath(0, globAt));
        Path pattern = path.subpath(globAt, path.getNameCount());
        PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + pattern);
        return list(base, pattern.getNameCount(), matcher);
    }

    /** Data files {@code depth} levels below {@code dir} (matching {@code matcher} if given). */
    private static List<DataFile> list(Path dir, int depth, PathMatcher matcher) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(dir, depth)) {
            return walk.filter(p -> dir.relativize(p).getNameCount() == depth)
                    .filter(Files::isRegularFile)
                    .filter(p -> matcher == null || matcher.matches(dir.relativize(p)))
                    .filter(p -> !hidden(p.getFileName().toString()))
                    .filter(p -> Format.of(p.getFileName().toString()) != null)
                    .sorted()
                    .map(p -> new DataFile(p.toString(), Format.of(p.getFileName().toString())))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("tally: cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static Path localPath(String text) {
        if (text.startsWith("file:")) {
            return Paths.get(URI.create(text)).normalize();
        }
        int colon = text.indexOf("://");
        if (colon > 0) {
            throw new IllegalArgumentException(
                    "tally: reads local files only (a path every executor"
                            + " sees, e.g. a shared mount), not "
                            + text);
        }
        return Paths.get(text).toAbsolutePath().normalize();
    }

    private static boolean isGlob(String name) {
        return name.chars().anyMatch(c -> GLOB_CHARACTERS.indexOf(c) >= 0);
    }

    private static boolean hidden(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }
}
