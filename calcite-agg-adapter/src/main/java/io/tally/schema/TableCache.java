package io.tally.schema;

import io.tally.memory.EngineMemory;
import io.tally.memory.MachineMemory;
import io.tally.memory.MemoryPool;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The engine's cache of file tables' decoded batches (setting {@code cache=true}): the first scan
 * of a file reads every column of it once into memory ({@link CachedTable}); later scans of the
 * same file version hand out read-only views of those batches instead of reading the file.
 *
 * <p>Keyed by the file's absolute path; an entry is valid for the file size and modification time
 * it was loaded at, and is replaced (the old one closed once its last scan ends) when either
 * changes. Each file's buffers live in its own allocator named {@link #ALLOCATOR_PREFIX} plus the
 * table name, a child of the engine root (created with the entry, closed with it, so an empty cache
 * holds no allocator). All entries together hold at most a budget ({@link
 * MachineMemory#cacheBudget()} for the engine's cache): a file that does not fit fails its first
 * scan with an error naming {@code cache=true} and the budget. Concurrent first scans of a file
 * wait for one load. {@link #clear()} frees everything (the driver calls it when its last
 * connection closes).
 */
public final class TableCache {
    /** Name prefix of the allocators holding cached batches, one per file. */
    public static final String ALLOCATOR_PREFIX = EngineMemory.TABLE_CACHE_PREFIX;

    /** Whether {@link #engine()} has created the engine-wide cache (see {@link EngineCache}). */
    private static volatile boolean engineCreated;

    private final BufferAllocator parent;
    private final long budget;
    private final String budgetSource;
    private final Map<Path, CachedTable> entries = new ConcurrentHashMap<>();

    /**
     * A cache whose entries allocate from children of {@code parent}, within the machine's budget.
     */
    TableCache(BufferAllocator parent) {
        this(parent, MachineMemory.cacheBudget(), MachineMemory.describeCacheBudget());
    }

    /**
     * A cache whose entries allocate from children of {@code parent} and together hold at most
     * {@code budget} bytes; {@code budgetSource} says in errors where that figure comes from.
     */
    TableCache(BufferAllocator parent, long budget, String budgetSource) {
        this.parent = parent;
        this.budget = budget;
        this.budgetSource = budgetSource;
    }

    /** The engine-wide cache. */
    public static TableCache engine() {
        return EngineCache.CACHE;
    }

    /**
     * Clears the engine-wide cache if it exists: a process whose connections never scanned a file
     * does not create it (its budget asks the OS for the machine's memory, its allocator starts
     * Arrow; ~35 ms of a fresh {@code tally -e "SELECT 1"}, spent when its connection closed).
     */
    public static void clearEngineCache() {
        if (engineCreated) {
            engine().clear();
        }
    }

    /** Holds the engine-wide cache, created on first use. */
    private static final class EngineCache {
        static final TableCache CACHE = create();

        private static TableCache create() {
            TableCache cache = new TableCache(EngineMemory.root());
            engineCreated = true;
            return cache;
        }
    }

    /** {@code data} reading through this cache, or {@code data} itself if it is not file-backed. */
    ScanData wrap(ScanData data) {
        return data.file() == null ? data : new CachedScanData(data, this);
    }

    /**
     * The loaded entry for {@code data}'s current file version, acquired for one scan (release it
     * with {@link CachedTable#release()}); loads the file if no valid entry exists.
     */
    CachedTable acquire(ScanData data) {
        Path file = data.file().toAbsolutePath().normalize();
        while (true) {
            FileVersion version = FileVersion.of(file);
            CachedTable entry =
                    entries.computeIfAbsent(
                            file, f -> new CachedTable(data, version, parent, this::room));
            if (!entry.version().equals(version)) {
                evict(file, entry);
                continue;
            }
            try {
                boolean loaded = entry.loaded();
                if (entry.loadAndAcquire()) {
                    if (!loaded) {
                        // default memory limits shrink by what the cache took (MachineMemory)
                        MachineMemory.cacheChanged(EngineMemory.cachedBytes());
                    }
                    return entry;
                }
            } catch (RuntimeException | Error e) {
                evict(file, entry);
                throw e;
            }
            // the entry was evicted (closed) while we waited: look again
        }
    }

    private void evict(Path file, CachedTable entry) {
        if (entries.remove(file, entry)) {
            entry.release();
        }
    }

    /** Whether a loaded entry for {@code file}'s current version exists. */
    public boolean isCached(Path file) {
        Path key = file.toAbsolutePath().normalize();
        CachedTable entry = entries.get(key);
        try {
            return entry != null && entry.loaded() && entry.version().equals(FileVersion.of(key));
        } catch (UncheckedIOException e) {
            return false;
        }
    }

    /**
     * The limit for an entry about to load: the budget less what the other entries hold, and why,
     * for the error when a file does not fit in it.
     */
    CachedTable.Room room() {
        long others = bytes();
        return new CachedTable.Room(
                Math.max(0, budget - others),
                "the memory left for cached tables ("
                        + MemoryPool.formatBytes(budget)
                        + (budgetSource.isEmpty() ? "" : " = " + budgetSource)
                        + "; "
                        + MemoryPool.formatBytes(others)
                        + " held by other cached tables)");
    }

    /** Bytes the cached batches hold now. */
    public long bytes() {
        long bytes = 0;
        for (CachedTable e : entries.values()) {
            bytes += e.bytes();
        }
        return bytes;
    }

    /** Number of files with a loaded entry. */
    public int files() {
        int n = 0;
        for (CachedTable e : entries.values()) {
            n += e.loaded() ? 1 : 0;
        }
        return n;
    }

    /** Drops every entry; memory is freed as soon as the scans still reading an entry end. */
    public void clear() {
        for (Map.Entry<Path, CachedTable> e : new ArrayList<>(entries.entrySet())) {
            evict(e.getKey(), e.getValue());
        }
    }

    /** Size and modification time of a file: an entry serves only the version it was loaded at. */
    record FileVersion(long size, long modifiedMillis) {
        static FileVersion of(Path file) {
            try {
                BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
                return new FileVersion(a.size(), a.lastModifiedTime().toMillis());
            } catch (IOException e) {
                throw new UncheckedIOException(
                        file + ": cannot read file attributes: " + e.getMessage(), e);
            }
        }
    }

    /** Cached file paths (for tests and diagnostics). */
    List<Path> paths() {
        return List.copyOf(entries.keySet());
    }
}
