package io.tally.spill;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One operator's private spill directory {@code <spill_dir>/tally-spill-<id>}, created on the
 * first spill and deleted with its files by {@link #close()} (query finished, failed or was
 * cancelled) or, at the latest, by a JVM shutdown hook. Also enforces the per-operator byte cap
 * of {@link SpillOptions#maxBytes()}.
 */
public final class SpillDirectory implements AutoCloseable {
  private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(SpillDirectory::deleteTree),
        "tally-spill-cleanup"));
  }

  private final SpillOptions options;
  private final String operator;
  private final SpillCounters counters;
  private Path dir;
  private int nextFile;
  private long written;

  public SpillDirectory(SpillOptions options, String operator, SpillCounters counters) {
    this.options = options;
    this.operator = operator;
    this.counters = counters;
  }

  public SpillOptions options() {
    return options;
  }

  public SpillCounters counters() {
    return counters;
  }

  /** The directory, or null before the first file. */
  public Path path() {
    return dir;
  }

  /** Creates the next spill file's writer ({@code label} goes into the file name). */
  public SpillWriter newFile(String label, org.apache.arrow.vector.types.pojo.Schema schema) {
    if (dir == null) {
      Path base = Path.of(options.dir());
      try {
        dir = Files.createTempDirectory(base, "tally-spill-");
      } catch (IOException e) {
        throw SpillWriter.ioFailure("cannot create a spill directory in " + base + " (spill_dir) for "
            + operator, e);
      }
      LIVE.add(dir);
    }
    Path file = dir.resolve(String.format("%05d-%s.arrows", nextFile++, label));
    SpillStats.fileCreated();
    counters.files++;
    return new SpillWriter(file, schema, this);
  }

  /** Books {@code bytes} about to be written to {@code file}; fails when the cap is passed. */
  void charge(Path file, long bytes) {
    written += bytes;
    if (written > options.maxBytes()) {
      throw new SpillException("No space left on the spill device: writing " + file + " for "
          + operator + " (spill_dir " + options.dir() + ", limit " + options.maxBytes() + " bytes)");
    }
  }

  String operator() {
    return operator;
  }

  /** Deletes the directory and every file in it (idempotent). */
  @Override
  public void close() {
    if (dir != null) {
      deleteTree(dir);
      LIVE.remove(dir);
      dir = null;
    }
  }

  static int liveCount() {
    return LIVE.size();
  }

  private static void deleteTree(Path dir) {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
      Files.deleteIfExists(dir);
    } catch (IOException e) {
      // best effort: the shutdown hook retries whatever is still registered
    }
  }
}
