package io.tally.spill;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * One operator's spill subdirectory inside its query's {@link QuerySpillDirectory}, created on the
 * first spill and deleted with its files by {@link #close()} (the operator finished, failed or was
 * cancelled). Also enforces the per-operator byte cap of {@link SpillOptions#maxBytes()}.
 */
public final class SpillDirectory implements AutoCloseable {
    private final QuerySpillDirectory query;
    private final SpillOptions options;
    private final String operator;
    private final SpillCounters counters;
    private final WriteBehind writeBehind = new WriteBehind();

    /** Deletions of finished files still running on the I/O threads ({@link #deleteLater}). */
    private final List<CompletableFuture<Void>> deletions = new ArrayList<>();

    private Path dir;
    private int nextFile;
    private long written;

    public SpillDirectory(
            QuerySpillDirectory query,
            SpillOptions options,
            String operator,
            SpillCounters counters) {
        this.query = query;
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

    /**
     * Creates the next spill file's writer ({@code label} goes into the file name); encoding
     * buffers come from {@code allocator}.
     */
    public SpillWriter newFile(String label, Schema schema, BufferAllocator allocator) {
        if (dir == null) {
            dir = query.openOperator(operator);
        }
        Path file = dir.resolve(String.format("%05d-%s.arrows", nextFile++, label));
        SpillStats.fileCreated();
        counters.files++;
        return new SpillWriter(file, schema, this, allocator);
    }

    /** Books {@code bytes} about to be written to {@code file}; fails when the cap is passed. */
    void charge(Path file, long bytes) {
        written += bytes;
        if (written > options.maxBytes()) {
            throw new SpillException(
                    "No space left on the spill device: writing "
                            + file
                            + " for "
                            + operator
                            + " (spill_dir "
                            + options.dir()
                            + ", limit "
                            + options.maxBytes()
                            + " bytes)");
        }
    }

    String operator() {
        return operator;
    }

    /** The bound on this operator's frames handed to the I/O threads and not yet written. */
    WriteBehind writeBehind() {
        return writeBehind;
    }

    /**
     * Deletes {@code file} (its content is dealt with) on an I/O thread: unlinking a large file
     * frees its extents, ~1.6 s over the partitions of h2o q10 at 1e8 rows under 1 GiB when the
     * workers did it. A failure is ignored: {@link #close} removes the whole directory.
     */
    public void deleteLater(Path file) {
        deletions.removeIf(CompletableFuture::isDone);
        deletions.add(
                CompletableFuture.runAsync(
                        () -> {
                            try {
                                Files.deleteIfExists(file);
                            } catch (IOException ignored) {
                                // close deletes the directory and whatever is left in it
                            }
                        },
                        SpillIo.pool()));
    }

    /**
     * Waits for pending {@link #deleteLater} calls, then deletes the directory and every file in it
     * (idempotent).
     */
    @Override
    public void close() {
        for (CompletableFuture<Void> d : deletions) {
            SpillIo.await(d);
        }
        deletions.clear();
        if (dir != null) {
            Path d = dir;
            dir = null;
            query.closeOperator(d);
        }
    }
}
