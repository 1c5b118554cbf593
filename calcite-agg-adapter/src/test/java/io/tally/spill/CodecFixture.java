package io.tally.spill;

import io.tally.memory.CheckedAllocator;
import java.util.Random;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the compression codec tests share: an allocator that must end empty, sample buffers of every
 * kind a spill file holds, and a round trip from one codec to another.
 */
abstract class CodecFixture {
    @RegisterExtension final CheckedAllocator arrow = new CheckedAllocator();
    protected final BufferAllocator allocator = arrow.get();

    /** Empty, tiny, compressible, incompressible, and more than one 64 KiB block mixing both. */
    static byte[][] samples() {
        Random rnd = new Random(42);
        byte[] random = new byte[200_000];
        rnd.nextBytes(random);
        byte[] mixed = new byte[3 * Lz4FrameCodec.BLOCK_BYTES + 17];
        for (int i = 0; i < mixed.length; i++) {
            mixed[i] = i / Lz4FrameCodec.BLOCK_BYTES == 1 ? (byte) rnd.nextInt() : (byte) (i % 7);
        }
        byte[] longs = new byte[8 * 512];
        for (int i = 0; i < longs.length; i += 8) {
            longs[i] = (byte) i;
            longs[i + 1] = (byte) (i >> 8);
        }
        return new byte[][] {new byte[0], {5}, longs, mixed, random};
    }

    /** Compresses {@code data} with {@code writer}, decompresses with {@code reader}. */
    byte[] roundTrip(CompressionCodec writer, CompressionCodec reader, byte[] data) {
        ArrowBuf compressed = writer.compress(allocator, buffer(data));
        try (ArrowBuf plain = reader.decompress(allocator, compressed)) {
            byte[] out = new byte[Math.toIntExact(plain.writerIndex())];
            plain.getBytes(0, out);
            return out;
        }
    }

    /** A buffer holding {@code data}, its writer index at the end. */
    ArrowBuf buffer(byte[] data) {
        ArrowBuf b = allocator.buffer(Math.max(1, data.length));
        b.setBytes(0, data);
        b.writerIndex(data.length);
        return b;
    }
}
