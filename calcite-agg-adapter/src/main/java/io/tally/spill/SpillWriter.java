package io.tally.spill;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.ipc.WriteChannel;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.arrow.vector.ipc.message.MessageSerializer;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Appends record batches to one spill file. File layout: a sequence of frames
 *
 * <pre>
 * [magic: int32][length: int32][crc32c: int32]           frame header, little-endian
 * [payload: length bytes], CRC32C-covered:
 *   [reference header: FrameOfReference.ENTRY_BYTES per integer column]
 *   [encapsulated Arrow IPC record-batch message]
 * </pre>
 *
 * The message holds the batch with its integer columns narrowed by {@link FrameOfReference} and its
 * body buffers compressed per {@link SpillOptions#compression()} ({@link SpillCodecs}). The schema
 * is not stored: the operator that wrote the file reads it back with the same schema. The bytes go
 * to disk through {@link SpillFileOutput}, with direct I/O where the file system allows it.
 *
 * <p>Write-behind: {@link #append} encodes the frame on the caller's thread and hands it to a
 * {@link SpillIo} thread, which writes it after the file's earlier frames; the caller goes on
 * encoding. The frames waiting are bounded per operator ({@link WriteBehind}). A write that fails
 * fails the next {@link #append} or {@link #close}, which waits for every frame to be written.
 */
public final class SpillWriter implements AutoCloseable {
    static final int MAGIC = 0x4C505354;
    static final int HEADER_BYTES = 12;
    private final Path file;
    private final Schema schema;
    private final SpillDirectory owner;
    private final SpillCodecs codecs = new SpillCodecs();
    private final CompressionCodec codec;
    private final FrameOfReference reference;
    private final BufferAllocator allocator;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(1 << 16);
    private SpillFileOutput output;
    private long batches;

    /**
     * The file's frames handed to the I/O threads, in order: each write runs after the one before
     * and carries its failure on; completed when everything handed over is written.
     */
    private CompletableFuture<Void> writes = CompletableFuture.completedFuture(null);

    SpillWriter(Path file, Schema schema, SpillDirectory owner, BufferAllocator allocator) {
        this.file = file;
        this.schema = schema;
        this.owner = owner;
        this.codec = codecs.forWriting(owner.options().compression());
        this.reference = new FrameOfReference(schema);
        this.allocator = allocator;
        try {
            this.output = new SpillFileOutput(file, DirectIo.ENABLED, allocator);
        } catch (IOException e) {
            throw ioFailure("cannot create spill file " + file + " for " + owner.operator(), e);
        }
    }

    public Path file() {
        return file;
    }

    public Schema schema() {
        return schema;
    }

    /** Batches written so far. */
    public long batches() {
        return batches;
    }

    /**
     * Writes {@code root} (its schema must be this file's) as one frame; returns the bytes written.
     */
    public long append(VectorSchemaRoot root) {
        if (!root.getSchema().equals(schema)) {
            throw new IllegalArgumentException(
                    "batch schema " + root.getSchema() + " is not the spill file's " + schema);
        }
        buffer.reset();
        ByteBuffer refs =
                ByteBuffer.allocate(reference.headerBytes()).order(ByteOrder.LITTLE_ENDIAN);
        try (FrameOfReference.Narrowed narrow = reference.encode(root, refs, allocator);
                ArrowRecordBatch batch =
                        new VectorUnloader(narrow.root, true, codec, true).getRecordBatch()) {
            buffer.write(refs.array(), 0, refs.capacity());
            MessageSerializer.serialize(new WriteChannel(Channels.newChannel(buffer)), batch);
        } catch (IOException e) {
            throw ioFailure("cannot encode a spill batch for " + file, e);
        }
        byte[] message = buffer.toByteArray();
        CRC32C crc = new CRC32C();
        crc.update(message, 0, message.length);
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        header.putInt(MAGIC).putInt(message.length).putInt((int) crc.getValue()).flip();
        long total = HEADER_BYTES + (long) message.length;
        owner.charge(file, total);
        long start = System.nanoTime();
        WriteBehind behind = owner.writeBehind();
        try {
            behind.acquire(total);
        } finally {
            owner.counters().waitNanos += System.nanoTime() - start;
        }
        SpillFileOutput out = output;
        writes =
                writes.handleAsync(
                        (done, failure) -> {
                            try {
                                if (failure != null) {
                                    throw SpillIo.unchecked(failure);
                                }
                                out.append(header, ByteBuffer.wrap(message));
                                return null;
                            } catch (IOException e) {
                                throw ioFailure(
                                        "cannot write spill file "
                                                + file
                                                + " for "
                                                + owner.operator(),
                                        e);
                            } finally {
                                behind.release(total);
                            }
                        },
                        SpillIo.pool());
        if (writes.isCompletedExceptionally()) {
            SpillIo.await(writes); // throws the failure of an earlier write
        }
        batches++;
        owner.counters().writeCount++;
        owner.counters().writeRows += root.getRowCount();
        owner.counters().writeBytes += total;
        SpillStats.wrote(total);
        return total;
    }

    /** Whether the file is written with direct I/O (the file system allows it). */
    public boolean direct() {
        return output != null && output.direct();
    }

    /**
     * Waits for every frame handed over to be written, then flushes and closes the file (it stays
     * on disk for {@link SpillReader}); throws the failure of any write.
     */
    @Override
    public void close() {
        if (output == null) {
            return;
        }
        RuntimeException failure = null;
        long start = System.nanoTime();
        try {
            SpillIo.await(writes);
        } catch (RuntimeException e) {
            failure = e;
        } finally {
            owner.counters().waitNanos += System.nanoTime() - start;
        }
        try {
            output.close();
        } catch (IOException e) {
            if (failure == null) {
                failure = ioFailure("cannot close spill file " + file, e);
            }
        } finally {
            output = null;
            codecs.close();
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** An I/O failure as a {@link SpillException}, saying so plainly when the device is full. */
    static SpillException ioFailure(String what, IOException e) {
        String msg = String.valueOf(e.getMessage());
        if (msg.contains("No space left")
                || msg.contains("not enough space")
                || msg.contains("Disk quota")) {
            return new SpillException(
                    "No space left on the spill device (spill_dir is full): " + what, e);
        }
        return new SpillException(
                what + " (check spill_dir): " + e.getClass().getSimpleName() + ": " + msg, e);
    }
}
