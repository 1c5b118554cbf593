package io.tally.spill;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
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
 */
public final class SpillReader implements AutoCloseable {
    private final Path file;
    private final SpillCounters counters;
    private final FrameOfReference reference;
    private final SpillCodecs codecs = new SpillCodecs();
    private final SpillFileInput input;
    private final long size;
    private final BufferAllocator allocator;
    private long position;

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
    }

    /** The next batch (caller closes it), or null at the end of the file. */
    public VectorSchemaRoot next() {
        if (position == size) {
            return null;
        }
        long start = System.nanoTime();
        byte[] message;
        int expectedCrc;
        try {
            if (size - position < SpillWriter.HEADER_BYTES) {
                throw corrupted("truncated frame header");
            }
            ByteBuffer header =
                    ByteBuffer.allocate(SpillWriter.HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            readFully(header);
            header.flip();
            int magic = header.getInt();
            int length = header.getInt();
            expectedCrc = header.getInt();
            if (magic != SpillWriter.MAGIC || length < 0 || length > size - position) {
                throw corrupted("bad frame header");
            }
            message = new byte[length];
            readFully(ByteBuffer.wrap(message));
        } catch (IOException e) {
            throw SpillWriter.ioFailure("cannot read spill file " + file, e);
        } finally {
            counters.waitNanos += System.nanoTime() - start;
        }
        CRC32C crc = new CRC32C();
        crc.update(message, 0, message.length);
        if ((int) crc.getValue() != expectedCrc) {
            throw corrupted("checksum mismatch");
        }
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

    private void readFully(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) {
            int n = input.read(b, position);
            if (n < 0) {
                throw corrupted("unexpected end of file");
            }
            position += n;
        }
    }

    private SpillException corrupted(String why) {
        return new SpillException(
                "spill file corrupted: " + file + " (" + why + " at byte " + position + ")");
    }

    /** Whether the file is read with direct I/O (the file system allows it). */
    public boolean direct() {
        return input.direct();
    }

    /** Closes the file and frees its read window. */
    @Override
    public void close() {
        try {
            input.close();
        } catch (IOException e) {
            throw SpillWriter.ioFailure("cannot close spill file " + file, e);
        } finally {
            codecs.close();
        }
    }
}
