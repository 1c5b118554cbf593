package io.tally.exec.spill;

import io.tally.spill.SpillWriter;
import java.util.List;
import java.util.function.Supplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Coalesces the rows routed to one spill file into batches of {@link #SPILL_BATCH_ROWS} before they
 * are written: every written batch pays a fixed cost (IPC message header, frame header and CRC,
 * 8-byte alignment of each buffer, a frame-of-reference entry per integer column), which dominates
 * when a repartitioned partition is re-split into batches of a few dozen rows.
 *
 * <p>Memory: the staged rows live in a child allocator of their own ({@link #bytes()} is exact,
 * capacity included), so the owner can bound the staging of all its files by bytes; the buffers are
 * sized for a full batch on first use and kept (zeroed) across flushes unless {@link
 * #flush(boolean) flush(true)} frees them. A full batch of an 8-byte column takes 64 KiB (Arrow
 * puts validity and data in one power-of-two buffer).
 */
public final class SpillStaging implements AutoCloseable {
    /**
     * Rows per written batch (the last of a file may be shorter): at this size the fixed per-batch
     * cost (a few hundred bytes) is well under 1 byte per row, and one staged batch of a typical
     * partial row (keys plus states, tens of bytes) stays around 100 KiB.
     */
    public static final int SPILL_BATCH_ROWS = 4096;

    private final BufferAllocator allocator;
    private final VectorSchemaRoot staged;
    private final Supplier<SpillWriter> opener;
    private SpillWriter writer;
    private int rows;
    private boolean allocated;

    /**
     * {@code opener} creates the file on the first flush; staging comes from a child of {@code
     * parent}.
     */
    public SpillStaging(
            String name, Schema schema, BufferAllocator parent, Supplier<SpillWriter> opener) {
        this.allocator = parent.newChildAllocator(name, 0, Long.MAX_VALUE);
        try {
            this.staged = VectorSchemaRoot.create(schema, allocator);
        } catch (RuntimeException e) {
            allocator.close();
            throw e;
        }
        this.opener = opener;
    }

    /** Rows staged and not yet written. */
    public int rows() {
        return rows;
    }

    /** Bytes allocated for staging now (buffer capacity, not just the used part). */
    public long bytes() {
        return allocator.getAllocatedMemory();
    }

    /** Rows that can still be added before the batch is full. */
    public int room() {
        return SPILL_BATCH_ROWS - rows;
    }

    /**
     * Copies rows {@code index[from..to)} of {@code source} (same schema) to the staged batch,
     * column by column ({@link RowGather}); the caller keeps {@code to - from <= room()} and
     * flushes when full.
     */
    public void add(VectorSchemaRoot source, int[] index, int from, int to) {
        int count = to - from;
        if (count > room()) {
            throw new IllegalStateException("staging " + count + " rows into room for " + room());
        }
        List<FieldVector> in = source.getFieldVectors();
        List<FieldVector> out = staged.getFieldVectors();
        if (!allocated) {
            for (FieldVector v : out) {
                v.setInitialCapacity(SPILL_BATCH_ROWS);
                v.allocateNew();
            }
            allocated = true;
        }
        for (int c = 0; c < in.size(); c++) {
            RowGather.copy(in.get(c), out.get(c), index, from, to, rows);
        }
        rows = Math.addExact(rows, count);
    }

    /**
     * Writes the staged rows as one batch (if any); {@code free} also returns the staging buffers.
     */
    public void flush(boolean free) {
        if (rows > 0) {
            staged.setRowCount(rows);
            if (writer == null) {
                writer = opener.get();
            }
            writer.append(staged);
            rows = 0;
        }
        if (free) {
            staged.clear();
            allocated = false;
        } else {
            for (FieldVector v : staged.getFieldVectors()) {
                v.reset();
            }
        }
        staged.setRowCount(0);
    }

    /** Writes what is staged, frees the staging and closes the file (if one was opened). */
    public void finish() {
        try {
            flush(true);
        } finally {
            closeWriter();
        }
    }

    private void closeWriter() {
        if (writer != null) {
            SpillWriter w = writer;
            writer = null;
            w.close();
        }
    }

    /** Drops the staged rows unwritten and closes the file and the staging allocator. */
    @Override
    public void close() {
        try {
            closeWriter();
        } finally {
            staged.close();
            allocator.close();
        }
    }
}
