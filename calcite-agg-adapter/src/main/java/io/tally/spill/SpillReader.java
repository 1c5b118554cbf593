package io.tally.spill;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ReadChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.ByteArrayReadableSeekableByteChannel;

/**
 * Reads the frames of a file written by {@link SpillWriter} back as record batches, checking every
 * frame's magic, length and CRC32C first: any mismatch, or a truncated file, fails with "spill file
 * corrupted: &lt;file&gt;" before a single value is used; then decompresses the message ({@link
 * SpillCodecs}) and widens its narrowed integer columns ({@link FrameOfReference}). The bytes come
 * through {@link SpillFileInput} (direct I/O where possible); its read window and every batch are
 * allocated from the allocator given when the reader is made.
 *
 * <p>Read-ahead: a frame's bytes are read and checked on a {@link SpillIo} thread, the first as the
 * reader opens; as {@link #next} takes one frame it asks for the next, so the file is read while
 * the caller merges the batch. Memory: one frame ahead per open reader, a heap array outside {@code
 * memory_limit} like the frame being decoded.
 */
public final class SpillReader implements AutoCloseable {
    private final Path file;
    private final SpillCounters counters;
    private final FrameOfReference reference;
    private final SpillCodecs codecs = new SpillCodecs();
    private final SpillFileInput input;
    private final long size;
    private final BufferAllocator allocator;

    /** The next frame, being read ahead (or the read that failed); null at the end. */
    private CompletableFuture<Frame> ahead;

    /** One frame's checked payload and the file position after it. */
    private record Frame(byte[] message, long end) {}

    /** Opens {@code file} of {@code schema}, its batches and read window from {@code allocator}. */
    public SpillReader(
            Path file, Schema schema, SpillCounters counters, BufferAllocator allocator) {
        this.file = file;
        this.counters = counters;
        this.allocator = allocator;
        this.reference = new FrameOfReference(schema);
        try {
            this.input = new SpillFileInput(file, DirectIo.ENABLED, allocator);
            this.size = input.size();
        } catch (IOException e) {
            throw SpillWriter.ioFailure("cannot open spill file " + file, e);
        }
        this.ahead = size > 0 ? readAsync(0) : null;
    }

    /** The next batch (caller closes it), or null at the end of the file. */
    public VectorSchemaRoot next() {
        if (ahead == null) {
            return null;
        }
        long start = System.nanoTime();
        Frame frame;
        try {
            frame = SpillIo.await(ahead); // a failed read stays in ahead: the next call fails too
        } finally {
            counters.waitNanos += System.nanoTime() - start;
        }
        ahead = frame.end() < size ? readAsync(frame.end()) : null;
        byte[] message = frame.message();
        VectorSchemaRoot root;
        try {
            root = decode(message);
        } catch (IOException | RuntimeException e) {
            throw new SpillException(
                    "spill file corrupted: "
                            + file
                            + " (undecodable batch: "
                            + e.getMessage()
                            + ")",
                    e);
        }
        counters.readCount++;
        counters.readBytes += SpillWriter.HEADER_BYTES + (long) message.length;
        counters.readNanos += System.nanoTime() - start;
        return root;
    }

    /**
     * The batch in {@code payload}: reference header, then the narrowed, compressed IPC message.
     */
    private VectorSchemaRoot decode(byte[] payload) throws IOException {
        int refBytes = reference.headerBytes();
        if (payload.length < refBytes) {
            throw new IllegalStateException("frame shorter than its reference header");
        }
        ByteBuffer refs = ByteBuffer.wrap(payload, 0, refBytes).order(ByteOrder.LITTLE_ENDIAN);
        VectorSchemaRoot stored = VectorSchemaRoot.create(reference.storedSchema(refs), allocator);
        ByteArrayReadableSeekableByteChannel in = new ByteArrayReadableSeekableByteChannel(payload);
        in.position(refBytes);
        try (ArrowRecordBatch batch =
                MessageSerializer.deserializeRecordBatch(new ReadChannel(in), allocator)) {
            if (batch == null) {
                throw new IllegalStateException("no record batch in frame");
            }
            new VectorLoader(stored, codecs).load(batch);
        } catch (IOException | RuntimeException e) {
            stored.close();
            throw e;
        }
        return reference.decode(stored, refs, allocator);
    }

    /** The frame at {@code at}, read on an I/O thread. */
    private CompletableFuture<Frame> readAsync(long at) {
        return CompletableFuture.supplyAsync(() -> readFrame(at), SpillIo.pool());
    }

    /**
     * Reads and checks the frame at {@code at} (magic, length, CRC32C); runs on an I/O thread, one
     * frame of a reader at a time.
     */
    private Frame readFrame(long at) {
        long pos = at;
        try {
            if (size - pos < SpillWriter.HEADER_BYTES) {
                throw corrupted("truncated frame header", pos);
            }
            ByteBuffer header =
                    ByteBuffer.allocate(SpillWriter.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            pos = readFully(header, pos);
            header.flip();
            int magic = header.getInt();
            int length = header.getInt();
            int expectedCrc = header.getInt();
            if (magic != SpillWriter.MAGIC || length < 0 || length > size - pos) {
                throw corrupted("bad frame header", pos);
            }
            byte[] message = new byte[length];
            pos = readFully(ByteBuffer.wrap(message), pos);
            CRC32C crc = new CRC32C();
            crc.update(message, 0, message.length);
            if ((int) crc.getValue() != expectedCrc) {
                throw corrupted("checksum mismatch", pos);
            }
            return new Frame(message, pos);
        } catch (IOException e) {
            throw SpillWriter.ioFailure("cannot read spill file " + file, e);
        }
    }

    private long readFully(ByteBuffer b, long at) throws IOException {
        long pos = at;
        while (b.hasRemaining()) {
            int n = input.read(b, pos);
            if (n < 0) {
                throw corrupted("unexpected end of file", pos);
            }
            pos += n;
        }
        return pos;
    }

    private SpillException corrupted(String why, long at) {
        return new SpillException(
                "spill file corrupted: " + file + " (" + why + " at byte " + at + ")");
    }

    /** Whether the file is read with direct I/O (the file system allows it). */
    public boolean direct() {
        return input.direct();
    }

    /**
     * Waits for a frame being read ahead (dropping it), then closes the file and frees its window.
     */
    @Override
    public void close() {
        if (ahead != null) {
            try {
                SpillIo.await(ahead);
            } catch (RuntimeException ignored) {
                // a frame not taken, or a failed read that next() has already thrown
            } finally {
                ahead = null;
            }
        }
        try {
            input.close();
        } catch (IOException e) {
            throw SpillWriter.ioFailure("cannot close spill file " + file, e);
        } finally {
            codecs.close();
        }
    }
}
