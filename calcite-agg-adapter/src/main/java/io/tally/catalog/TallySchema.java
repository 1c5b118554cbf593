package io.tally.catalog;

import com.google.common.collect.ImmutableMultimap;
import com.google.common.collect.Multimap;
import io.tally.schema.CsvOptions;
import io.tally.schema.DataFileException;
import io.tally.schema.PlanDependencies;
import io.tally.schema.ScanData;
import io.tally.schema.files.FileFormat;
import io.tally.schema.files.FileGlob;
import io.tally.schema.files.FileTables;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.CompatibilityLookup;
import org.apache.calcite.schema.lookup.Lookup;

/**
 * A schema over a data directory: every {@code *.parquet}, {@code *.arrow} (Arrow IPC file), {@code
 * *.csv}, {@code *.tsv} and {@code *.txt} (each maybe {@code .gz}) file in it is a table named
 * after its file stem, with the case kept. When several files share a stem (ignoring case), the
 * table reads the first in that order (Parquet, Arrow, CSV, gzip CSV, TSV, text): the fastest to
 * read, so {@code gen --format both} output and a converted copy next to its CSV just work; the
 * others stay readable by path ({@code FROM 'dir/x.csv'}). The directory is listed again whenever
 * the planner asks for tables, so files added later become visible (register the schema with
 * caching disabled, {@code SchemaPlus.setCacheEnabled(false)}, for Calcite to ask). A file's table
 * (and its inferred types) is reused while the file's size and modification time stay the same. The
 * schema also holds Tally's table functions, including the file readers ({@link
 * FileTableFunctions}) bound to the connection's file access policy.
 */
public final class TallySchema extends AbstractSchema {
    private final Path directory;
    private final FileTables files;
    private final Map<Path, CachedTable> cache = new ConcurrentHashMap<>();

    private TallySchema(Path directory, UnaryOperator<Path> readCheck) {
        this.directory = directory;
        this.files = new FileTables(readCheck);
    }

    /**
     * A schema over {@code directory}. Throws {@link DataFileException} naming the path if it does
     * not exist, is not a directory, or holds two table files with the same stem and format. Files
     * by path may be anything the process can read.
     */
    public static TallySchema forDirectory(Path directory) {
        return forDirectory(directory, FileGlob::absolute);
    }

    /**
     * As {@link #forDirectory(Path)}, reading files by path only where {@code readCheck} allows: it
     * returns an allowed path made absolute, or throws naming it (a connection passes its {@code
     * io.tally.session.FileAccess#checkRead}).
     */
    public static TallySchema forDirectory(Path directory, UnaryOperator<Path> readCheck) {
        Path dir = directory.toAbsolutePath().normalize();
        if (!Files.exists(dir)) {
            throw new DataFileException("Data directory " + dir + " does not exist");
        }
        if (!Files.isDirectory(dir)) {
            throw new DataFileException("Data path " + dir + " is not a directory");
        }
        TallySchema schema = new TallySchema(dir, readCheck);
        schema.listFiles();
        return schema;
    }

    /** Adds Tally's table functions ({@code numbers(n)}) to {@code schema}. */
    public static void addFunctions(SchemaPlus schema) {
        TallyFunctions.all().forEach(schema::add);
    }

    public Path directory() {
        return directory;
    }

    @Override
    protected Map<String, Table> getTableMap() {
        Map<String, Table> tables = new TreeMap<>();
        listFiles().forEach((name, file) -> tables.put(name, table(name, file)));
        return tables;
    }

    /**
     * The tables; one asked for by name is found without opening the directory's other files, and
     * the lookup is a {@link PlanDependencies} check of the statement being prepared.
     */
    @Override
    public Lookup<Table> tables() {
        return new CompatibilityLookup<>(this::recordedLookup, this::getTableNames);
    }

    private Table recordedLookup(String name) {
        Table found = lookup(name);
        PlanDependencies.add(() -> lookup(name) == found);
        return found;
    }

    private Table lookup(String name) {
        Path file = listFiles().get(name);
        return file == null ? null : table(name, file);
    }

    @Override
    protected Multimap<String, Function> getFunctionMultimap() {
        return ImmutableMultimap.<String, Function>builder()
                .putAll(TallyFunctions.all().entrySet())
                .putAll(FileTableFunctions.all(files).entrySet())
                .build();
    }

    /**
     * Table name to file: per stem (ignoring case) the file of the most preferred suffix ({@link
     * FileFormat#TABLE_SUFFIXES}); two files of one suffix whose stems differ only in case are an
     * error.
     */
    private Map<String, Path> listFiles() {
        Map<String, Path> byLowerName = new HashMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                String name = tableName(file);
                if (name == null || !Files.isRegularFile(file)) {
                    continue;
                }
                String lower = name.toLowerCase(Locale.ROOT);
                Path other = byLowerName.get(lower);
                if (other != null && rank(other) == rank(file)) {
                    throw new DataFileException(
                            "Files "
                                    + other
                                    + " and "
                                    + file
                                    + " both define table '"
                                    + name
                                    + "'; rename or remove one of them");
                }
                if (other == null || rank(file) < rank(other)) {
                    byLowerName.put(lower, file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list data directory " + directory, e);
        }
        Map<String, Path> byName = new TreeMap<>();
        byLowerName.values().forEach(file -> byName.put(tableName(file), file));
        return byName;
    }

    /** Preference of a table file's suffix: lower wins. */
    private static int rank(Path file) {
        String lower = file.getFileName().toString().toLowerCase(Locale.ROOT);
        String stem = FileFormat.stem(file);
        return FileFormat.TABLE_SUFFIXES.indexOf(lower.substring(stem.length()));
    }

    /** The table a file defines, or {@code null} if its name is not a table file's. */
    static String tableName(Path file) {
        String fileName = file.getFileName().toString();
        return fileName.startsWith(".") ? null : FileFormat.stem(file);
    }

    private Table table(String name, Path file) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file, e);
        }
        long size = attributes.size();
        long modified = attributes.lastModifiedTime().toMillis();
        CachedTable cached = cache.get(file);
        if (cached == null || cached.size != size || cached.modified != modified) {
            ScanData data = FileFormat.of(file).open(name, file, CsvOptions.AUTO);
            cached = new CachedTable(size, modified, new TallyTable(data));
            cache.put(file, cached);
        }
        return cached.table;
    }

    /** A table with the file size and modification time it was built for. */
    private record CachedTable(long size, long modified, TallyTable table) {}
}
