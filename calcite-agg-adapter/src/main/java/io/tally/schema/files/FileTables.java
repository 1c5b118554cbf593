package io.tally.schema.files;

import io.tally.schema.CsvOptions;
import io.tally.schema.DataFileException;
import io.tally.schema.PlanDependencies;
import io.tally.schema.ScanData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.UnaryOperator;

/**
 * The tables a connection reads by path ({@code FROM 'x.parquet'}, {@code read_csv('logs/*.csv')}):
 * expands globs, checks each file with the connection's file access policy (a read check such as
 * {@code io.tally.session.FileAccess#checkRead}), picks the reader, and keeps the table (and what
 * its sniffing or footer reading learned) while none of its files changes size or modification
 * time, so planning a statement twice reads each file's metadata once. Each lookup is a {@link
 * PlanDependencies} check of the statement being prepared.
 */
public final class FileTables {
    private final UnaryOperator<Path> readCheck;
    private final Map<Key, Entry> cache = new ConcurrentHashMap<>();

    /**
     * @param readCheck returns a path allowed to be read made absolute, or throws naming it
     */
    public FileTables(UnaryOperator<Path> readCheck) {
        this.readCheck = readCheck;
    }

    /** What a table was built from. */
    private record Key(String pattern, FileFormat format, CsvOptions options, boolean hive) {}

    /** A table and the size and modification time of each of its files. */
    private record Entry(List<Path> files, List<Long> stamps, ScanData data) {}

    /**
     * The table of {@code pattern} (a path or glob).
     *
     * @param format the format to read, or {@code null} to go by each file's name
     * @param options CSV options
     * @param hive whether {@code key=value} directories become columns
     */
    public ScanData table(String pattern, FileFormat format, CsvOptions options, boolean hive) {
        Key key = new Key(pattern, format, options, hive);
        List<Path> files = FileGlob.expand(pattern, readCheck);
        List<Long> stamps = stamps(files);
        Entry entry = cache.get(key);
        if (entry == null || !entry.files.equals(files) || !entry.stamps.equals(stamps)) {
            entry = new Entry(files, stamps, build(pattern, files, format, options, hive));
            cache.put(key, entry);
        }
        ScanData data = entry.data;
        PlanDependencies.add(() -> table(pattern, format, options, hive) == data);
        return data;
    }

    private static ScanData build(
            String pattern, List<Path> files, FileFormat format, CsvOptions options, boolean hive) {
        List<ScanData> data = new ArrayList<>(files.size());
        for (Path file : files) {
            FileFormat f = format != null ? format : FileFormat.of(file);
            if (f == null) {
                throw new DataFileException(
                        file
                                + ": unknown file type; name it .parquet, .arrow, .csv,"
                                + " .csv.gz, .tsv or .txt, or read it with read_csv, read_parquet or read_arrow");
            }
            String stem = FileFormat.stem(file);
            data.add(f.open(stem != null ? stem : file.getFileName().toString(), file, options));
        }
        if (data.size() == 1 && !FileGlob.isGlob(pattern)) {
            return data.get(0);
        }
        Path base = FileGlob.base(pattern);
        List<Map<String, String>> partitions = new ArrayList<>(files.size());
        Set<String> keys = new LinkedHashSet<>();
        for (Path file : files) {
            Map<String, String> p = hive ? FileGlob.partitions(base, file) : Map.of();
            partitions.add(p);
            keys.addAll(p.keySet());
        }
        return new MultiFileData(pattern, data, new ArrayList<>(keys), partitions);
    }

    private static List<Long> stamps(List<Path> files) {
        List<Long> stamps = new ArrayList<>(files.size() * 2);
        for (Path file : files) {
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                stamps.add(a.size());
                stamps.add(a.lastModifiedTime().toMillis());
            } catch (IOException e) {
                throw new DataFileException("Cannot read " + file + ": " + e.getMessage(), e);
            }
        }
        return stamps;
    }
}
