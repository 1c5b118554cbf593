package io.tally.catalog;

import com.google.common.collect.ImmutableMultimap;
import com.google.common.collect.Multimap;
import io.tally.schema.ArrowFileData;
import io.tally.schema.CsvData;
import io.tally.schema.DataFileException;
import io.tally.schema.ScanData;
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
import java.util.stream.Stream;
import org.apache.calcite.schema.Function;
import org.apache.calcite.schema.SchemaPlus;
import org.apache.calcite.schema.Table;
import org.apache.calcite.schema.impl.AbstractSchema;

/**
 * A schema over a data directory: every {@code *.csv}, {@code *.csv.gz} and {@code *.arrow}
 * (Arrow IPC file) file in it is a table named after its file stem, with the case kept. The
 * directory is listed again whenever the planner asks for tables, so files added later become
 * visible (register the schema with caching disabled, {@code SchemaPlus.setCacheEnabled(false)},
 * for Calcite to ask). A file's table (and its inferred types) is reused while the file's size and
 * modification time stay the same. The schema also holds Tally's table functions.
 */
public final class TallySchema extends AbstractSchema {
  private static final String[] SUFFIXES = {".csv.gz", ".csv", ".arrow"};

  private final Path directory;
  private final Map<Path, CachedTable> cache = new ConcurrentHashMap<>();

  private TallySchema(Path directory) {
    this.directory = directory;
  }

  /**
   * A schema over {@code directory}. Throws {@link DataFileException} naming the path if it does
   * not exist, is not a directory, or holds two table files with the same stem.
   */
  public static TallySchema forDirectory(Path directory) {
    Path dir = directory.toAbsolutePath().normalize();
    if (!Files.exists(dir)) {
      throw new DataFileException("Data directory " + dir + " does not exist");
    }
    if (!Files.isDirectory(dir)) {
      throw new DataFileException("Data path " + dir + " is not a directory");
    }
    TallySchema schema = new TallySchema(dir);
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

  @Override
  protected Multimap<String, Function> getFunctionMultimap() {
    return ImmutableMultimap.copyOf(TallyFunctions.all().entrySet());
  }

  /** Table name to file, checking that no two files share a stem (ignoring case). */
  private Map<String, Path> listFiles() {
    Map<String, Path> byName = new TreeMap<>();
    Map<String, Path> byLowerName = new HashMap<>();
    try (Stream<Path> files = Files.list(directory)) {
      for (Path file : (Iterable<Path>) files.sorted()::iterator) {
        String name = tableName(file);
        if (name == null || !Files.isRegularFile(file)) {
          continue;
        }
        Path other = byLowerName.put(name.toLowerCase(Locale.ROOT), file);
        if (other != null) {
          throw new DataFileException("Files " + other + " and " + file
              + " both define table '" + name + "'; rename or remove one of them");
        }
        byName.put(name, file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list data directory " + directory, e);
    }
    return byName;
  }

  /** The table a file defines, or {@code null} if its name is not a table file's. */
  static String tableName(Path file) {
    String fileName = file.getFileName().toString();
    if (fileName.startsWith(".")) {
      return null;
    }
    String lower = fileName.toLowerCase(Locale.ROOT);
    for (String suffix : SUFFIXES) {
      if (lower.endsWith(suffix) && lower.length() > suffix.length()) {
        return fileName.substring(0, fileName.length() - suffix.length());
      }
    }
    return null;
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
      ScanData data = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".arrow")
          ? new ArrowFileData(name, file)
          : new CsvData(name, file);
      cached = new CachedTable(size, modified, new TallyTable(data));
      cache.put(file, cached);
    }
    return cached.table;
  }

  /** A table with the file size and modification time it was built for. */
  private record CachedTable(long size, long modified, TallyTable table) {}
}
