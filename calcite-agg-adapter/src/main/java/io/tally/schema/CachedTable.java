package io.tally.schema;

import io.tally.batch.BatchCursor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.OutOfMemoryException;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * One file version's batches held by the {@link TableCache}: every column of every non-empty batch,
 * loaded once by the first scan (others wait for it) into a child allocator named {@code
 * table-cache:<table>}. Scans read the vectors and never modify or close them. VARCHAR columns with
 * few distinct values also get dictionary codes ({@link DictionaryEncoder}).
 *
 * <p>Reference counted: the cache holds one reference while the entry is in its map, each open scan
 * one more; the buffers are freed when the count reaches zero (after eviction and the last scan's
 * close), so a file rewrite never pulls batches from under a running scan.
 */
final class CachedTable {
    private final ScanData data;
    private final TableCache.FileVersion version;
    private final BufferAllocator parent;
    private final Supplier<Room> room;
    private BufferAllocator allocator;
    private List<VectorSchemaRoot> batches;
    private int refs = 1;

    CachedTable(
            ScanData data,
            TableCache.FileVersion version,
            BufferAllocator parent,
            Supplier<Room> room) {
        this.data = data;
        this.version = version;
        this.parent = parent;
        this.room = room;
    }

    /** The most bytes a loading entry may take, and where that bound comes from (for errors). */
    record Room(long bytes, String source) {}

    TableCache.FileVersion version() {
        return version;
    }

    synchronized boolean loaded() {
        return batches != null && refs > 0;
    }

    /** Bytes this entry's buffers hold (0 before loading and after closing). */
    synchronized long bytes() {
        return allocator == null ? 0 : allocator.getAllocatedMemory();
    }

    /** The table's full schema, as loaded. */
    Schema schema() {
        return data.schema();
    }

    /** The cached batches (all columns), read-only; valid while a reference is held. */
    synchronized List<VectorSchemaRoot> batches() {
        return batches;
    }

    /**
     * Loads the batches if this is the first scan, then takes a reference; {@code false} if the
     * entry was already closed (evicted and unreferenced). A failed load frees what it read.
     */
    synchronized boolean loadAndAcquire() {
        if (refs == 0) {
            return false;
        }
        if (batches == null) {
            batches = load();
        }
        refs++;
        return true;
    }

    /** Drops one reference; the last one frees every cached buffer. */
    synchronized void release() {
        if (refs == 0) {
            throw new IllegalStateException(
                    "cache entry for " + data.name() + " released too often");
        }
        if (--refs == 0 && allocator != null) {
            if (batches != null) {
                DictionaryEncoder.free(batches);
                batches.forEach(VectorSchemaRoot::close);
                batches = null;
            }
            allocator.close();
            allocator = null;
        }
    }

    /** Reads every column of the file, taking each batch's buffers over from the reading cursor. */
    private List<VectorSchemaRoot> load() {
        int columns = data.schema().getFields().size();
        int[] all = new int[columns];
        for (int i = 0; i < columns; i++) {
            all[i] = i;
        }
        Room bound = room.get();
        allocator =
                parent.newChildAllocator(
                        TableCache.ALLOCATOR_PREFIX + data.name(), 0, bound.bytes());
        List<VectorSchemaRoot> out = new ArrayList<>();
        try (BatchCursor cursor = data.open(allocator, all)) {
            VectorSchemaRoot batch;
            while ((batch = cursor.next()) != null) {
                if (batch.getRowCount() > 0) {
                    out.add(takeOver(batch));
                }
            }
            return DictionaryEncoder.encode(out, allocator);
        } catch (RuntimeException | Error e) {
            out.forEach(VectorSchemaRoot::close);
            allocator.close();
            allocator = null;
            if (causedByOutOfMemory(e)) {
                throw new DataFileException(
                        data.file()
                                + ": cache=true cannot keep table '"
                                + data.name()
                                + "' in memory: it needs more than "
                                + bound.source()
                                + "; SET cache=false to scan it from the file",
                        e);
            }
            throw e;
        }
    }

    private static boolean causedByOutOfMemory(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OutOfMemoryException) {
                return true;
            }
        }
        return false;
    }

    /** A new root owning {@code batch}'s buffers (the cursor's vectors are left empty). */
    private VectorSchemaRoot takeOver(VectorSchemaRoot batch) {
        List<FieldVector> vectors = new ArrayList<>(batch.getFieldVectors().size());
        try {
            for (FieldVector v : batch.getFieldVectors()) {
                TransferPair pair = v.getTransferPair(allocator);
                pair.transfer();
                vectors.add((FieldVector) pair.getTo());
            }
        } catch (RuntimeException e) {
            vectors.forEach(FieldVector::close);
            throw e;
        }
        VectorSchemaRoot root =
                new VectorSchemaRoot(batch.getSchema().getFields(), vectors, batch.getRowCount());
        root.setRowCount(batch.getRowCount());
        return root;
    }
}
