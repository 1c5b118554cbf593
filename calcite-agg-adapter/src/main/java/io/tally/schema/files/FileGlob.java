package io.tally.schema.files;

import io.tally.schema.DataFileException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Expands a path that may hold glob characters ({@code *} within a name, {@code **} across
 * directories, {@code ?}, {@code [abc]}, {@code {a,b}}) into the files it names, sorted, each
 * checked by the connection's file access policy ({@code readCheck}); and reads hive-style {@code
 * key=value} directory names between the glob's base directory and each file. Relative paths
 * resolve against the working directory.
 */
public final class FileGlob {
    private static final String GLOB_CHARS = "*?[{";

    private FileGlob() {}

    /** {@code path} made absolute against the working directory and normalized. */
    public static Path absolute(Path path) {
        return path.toAbsolutePath().normalize();
    }

    /** Whether {@code pattern} holds glob characters. */
    static boolean isGlob(String pattern) {
        return pattern.chars().anyMatch(c -> GLOB_CHARS.indexOf(c) >= 0);
    }

    /**
     * The files {@code pattern} names: the file itself, or every regular file a glob matches, each
     * passed through {@code readCheck} (which returns it absolute or throws).
     *
     * @throws DataFileException if there is none
     */
    static List<Path> expand(String pattern, UnaryOperator<Path> readCheck) {
        if (!isGlob(pattern)) {
            Path file = readCheck.apply(Path.of(pattern));
            if (!Files.exists(file)) {
                throw new DataFileException("File " + file + " does not exist");
            }
            if (!Files.isRegularFile(file)) {
                throw new DataFileException(file + " is not a file");
            }
            return List.of(file);
        }
        int slash = baseEnd(pattern);
        Path absoluteBase = absolute(base(pattern));
        String rest = pattern.substring(slash + 1);
        PathMatcher matcher =
                FileSystems.getDefault().getPathMatcher("glob:" + absoluteBase.resolve(rest));
        int depth =
                rest.contains("**")
                        ? Integer.MAX_VALUE
                        : 1 + (int) rest.chars().filter(c -> c == '/').count();
        List<Path> files = new ArrayList<>();
        if (Files.isDirectory(absoluteBase)) {
            try (Stream<Path> walk = Files.walk(absoluteBase, depth)) {
                walk.filter(
                                p ->
                                        matcher.matches(p)
                                                && Files.isRegularFile(p)
                                                && !p.getFileName().toString().startsWith("."))
                        .sorted()
                        .forEach(files::add);
            } catch (IOException | UncheckedIOException e) {
                throw new DataFileException(
                        "Cannot list " + absoluteBase + ": " + e.getMessage(), e);
            }
        }
        if (files.isEmpty()) {
            throw new DataFileException(
                    "No file matches '" + pattern + "' (in " + absoluteBase + ")");
        }
        List<Path> checked = new ArrayList<>(files.size());
        for (Path file : files) {
            checked.add(readCheck.apply(file));
        }
        return checked;
    }

    /** The directories before the first glob character (the working directory if none). */
    static Path base(String pattern) {
        int slash = baseEnd(pattern);
        return slash < 0 ? Path.of("") : Path.of(slash == 0 ? "/" : pattern.substring(0, slash));
    }

    /** Index of the last {@code /} before the first glob character, -1 if none. */
    private static int baseEnd(String pattern) {
        int glob = 0;
        while (glob < pattern.length() && GLOB_CHARS.indexOf(pattern.charAt(glob)) < 0) {
            glob++;
        }
        return pattern.lastIndexOf('/', glob);
    }

    /**
     * The {@code key=value} directory names between {@code base} and {@code file}, in path order
     * ({@code dt=2024-01-01/part-0.parquet} → {@code dt → 2024-01-01}).
     */
    static Map<String, String> partitions(Path base, Path file) {
        Map<String, String> values = new LinkedHashMap<>();
        Path relative = absolute(base).relativize(file);
        for (int i = 0; i < relative.getNameCount() - 1; i++) {
            String name = relative.getName(i).toString();
            int eq = name.indexOf('=');
            if (eq > 0) {
                values.put(name.substring(0, eq), name.substring(eq + 1));
            }
        }
        return values;
    }
}
