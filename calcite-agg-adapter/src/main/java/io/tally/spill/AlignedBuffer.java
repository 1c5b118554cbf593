package io.tally.spill;

import java.nio.ByteBuffer;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A byte buffer whose first byte sits at an address that is a multiple of an alignment, as direct
 * I/O ({@code O_DIRECT}) needs for the memory it reads into or writes from.
 *
 * <p>Memory: one Arrow buffer of {@code capacity + alignment - 1} bytes from the allocator given
 * (so it is counted as live memory and freed by {@link #close()}); the aligned view starts at the
 * first aligned address inside it.
 */
final class AlignedBuffer implements AutoCloseable {
    private ArrowBuf buf;
    private final ByteBuffer view;

    /** {@code capacity} bytes aligned to {@code alignment}, allocated from {@code allocator}. */
    AlignedBuffer(BufferAllocator allocator, int alignment, int capacity) {
        buf = allocator.buffer((long) capacity + alignment - 1);
        long offset = (alignment - buf.memoryAddress() % alignment) % alignment;
        view = buf.nioBuffer(offset, capacity);
    }

    /** The aligned view; its position and limit are the caller's to set. */
    ByteBuffer view() {
        return view;
    }

    /** Frees the memory (idempotent). */
    @Override
    public void close() {
        if (buf != null) {
            buf.close();
            buf = null;
        }
    }
}
