package io.tally.spill;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A growable byte buffer whose first byte sits at an address that is a multiple of an alignment, as
 * direct I/O ({@code O_DIRECT}) needs for the memory it reads into or writes from.
 *
 * <p>Memory: one Arrow buffer of {@code capacity + alignment - 1} bytes from the allocator given
 * (so it is counted as live memory and freed by {@link #close()}); the aligned view starts at the
 * first aligned address inside it.
 */
final class AlignedBuffer implements AutoCloseable {
    private final BufferAllocator allocator;
    private final int alignment;
    private ArrowBuf buf;
    private ByteBuffer view;

    /** An empty buffer aligned to {@code alignment} bytes, allocating from {@code allocator}. */
    AlignedBuffer(BufferAllocator allocator, int alignment) {
        this.allocator = allocator;
        this.alignment = alignment;
    }

    /** Usable bytes of the view (0 before the first {@link #ensure}). */
    int capacity() {
        return view == null ? 0 : view.capacity();
    }

    /**
     * The aligned view, at least {@code capacity} bytes, keeping its first {@code keep} bytes when
     * it has to grow (it then at least doubles). Position and limit of the returned view are the
     * caller's to set.
     */
    ByteBuffer ensure(int capacity, int keep) {
        if (capacity <= capacity()) {
            return view;
        }
        int size = Math.max(capacity, 2 * capacity());
        ArrowBuf grown = allocator.buffer((long) size + alignment - 1);
        long offset = (alignment - grown.memoryAddress() % alignment) % alignment;
        ByteBuffer next = grown.nioBuffer(offset, size);
        if (keep > 0) {
            next.put(0, view, 0, keep);
        }
        close();
        buf = grown;
        view = next;
        return view;
    }

    /** Frees the memory (idempotent). */
    @Override
    public void close() {
        if (buf != null) {
            buf.close();
            buf = null;
            view = null;
        }
    }
}
