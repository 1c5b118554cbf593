package io.tally.spill;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The bytes of one spill file, appended in order, written with direct I/O where the file system
 * allows it ({@link DirectIo}).
 *
 * <p>Direct I/O writes whole aligned blocks from aligned memory at aligned file positions. So
 * {@link #append} copies the unwritten tail (fewer than {@code alignment} bytes left over from the
 * last append) and then its own bytes into an {@link AlignedBuffer} of at most {@link
 * #CHUNK_BYTES}, writes every whole block and keeps the rest as the new tail; {@link #close} writes
 * the tail zero-padded to a block and cuts the file back to its real length. Without direct I/O the
 * bytes go to the channel as they are.
 *
 * <p>Memory: the tail, a heap array of one block; the aligned buffer only for the duration of one
 * append (at most {@link #CHUNK_BYTES} plus one block, from the allocator given).
 */
final class SpillFileOutput implements AutoCloseable {
    /** Most bytes copied into aligned memory per direct write (2 GB/s on the benchmark VM). */
    static final int CHUNK_BYTES = 256 << 10;

    private final FileChannel channel;
    private final int alignment;
    private final BufferAllocator allocator;
    private final byte[] tail;

    /** File position up to which everything is written (a multiple of the alignment). */
    private long written;

    /** Bytes in {@link #tail} not written yet (fewer than the alignment). */
    private int tailBytes;

    private boolean closed;

    /** Creates {@code file} (it must not exist), direct if {@code direct} and possible. */
    SpillFileOutput(Path file, boolean direct, BufferAllocator allocator) throws IOException {
        DirectIo.Opened opened =
                DirectIo.open(
                        file, direct, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        this.channel = opened.channel();
        this.alignment = opened.alignment();
        this.allocator = allocator;
        this.tail = new byte[opened.direct() ? alignment : 0];
    }

    /** Whether the file is written with direct I/O. */
    boolean direct() {
        return alignment > 1;
    }

    /** Appends the remaining bytes of {@code parts}, in order (their positions move to limit). */
    void append(ByteBuffer... parts) throws IOException {
        if (!direct()) {
            for (ByteBuffer p : parts) {
                written += writeFully(p, written);
            }
            return;
        }
        long total = tailBytes;
        for (ByteBuffer p : parts) {
            total += p.remaining();
        }
        if (total < alignment) {
            for (ByteBuffer p : parts) {
                int n = p.remaining();
                p.get(tail, tailBytes, n);
                tailBytes += n;
            }
            return;
        }
        long blocks = (total + alignment - 1) / alignment;
        int size = (int) Math.min(blocks * alignment, CHUNK_BYTES);
        try (AlignedBuffer buffer = new AlignedBuffer(allocator, alignment, size)) {
            ByteBuffer view = buffer.view();
            view.clear().put(tail, 0, tailBytes);
            for (ByteBuffer p : parts) {
                while (p.hasRemaining()) {
                    int n = Math.min(p.remaining(), view.remaining());
                    view.put(view.position(), p, p.position(), n);
                    view.position(view.position() + n);
                    p.position(p.position() + n);
                    if (!view.hasRemaining()) {
                        writeWholeBlocks(view);
                    }
                }
            }
            writeWholeBlocks(view);
            tailBytes = view.position();
            view.get(0, tail, 0, tailBytes);
        }
    }

    /** Writes {@code view}'s whole blocks up to its position and moves the rest to its start. */
    private void writeWholeBlocks(ByteBuffer view) throws IOException {
        int filled = view.position();
        int whole = filled - filled % alignment;
        if (whole > 0) {
            written += writeFully(view.duplicate().position(0).limit(whole), written);
            view.put(0, view, whole, filled - whole);
            view.position(filled - whole);
        }
    }

    private long writeFully(ByteBuffer b, long at) throws IOException {
        long position = at;
        while (b.hasRemaining()) {
            position += channel.write(b, position);
        }
        return position - at;
    }

    /** Writes the tail, cuts the file to the bytes appended and closes it. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (FileChannel c = channel) {
            if (tailBytes > 0) {
                try (AlignedBuffer buffer = new AlignedBuffer(allocator, alignment, alignment)) {
                    ByteBuffer view = buffer.view();
                    view.clear().put(tail, 0, tailBytes);
                    while (view.hasRemaining()) {
                        view.put((byte) 0);
                    }
                    writeFully(view.flip(), written);
                }
                c.truncate(written + tailBytes);
            }
        }
    }
}
