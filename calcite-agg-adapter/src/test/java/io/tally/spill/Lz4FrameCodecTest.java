package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.arrow.compression.Lz4CompressionCodec;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.junit.jupiter.api.Test;

/**
 * {@link Lz4FrameCodec} writes what Arrow IPC's LZ4_FRAME requires: Arrow's own codec
 * (commons-compress) decompresses its buffers, and it decompresses Arrow's.
 */
class Lz4FrameCodecTest extends CodecFixture {
    @Test
    void arrowsCodecReadsOursAndOursReadsArrows() {
        for (byte[] data : samples()) {
            assertArrayEquals(
                    data,
                    roundTrip(new Lz4FrameCodec(), new Lz4CompressionCodec(), data),
                    "ours -> arrow, " + data.length);
            assertArrayEquals(
                    data,
                    roundTrip(new Lz4CompressionCodec(), new Lz4FrameCodec(), data),
                    "arrow -> ours, " + data.length);
            assertArrayEquals(
                    data,
                    roundTrip(new Lz4FrameCodec(), new Lz4FrameCodec(), data),
                    "ours -> ours, " + data.length);
        }
    }

    @Test
    void compressibleDataShrinks() {
        byte[] zeros = new byte[100_000];
        ArrowBuf c = new Lz4FrameCodec().compress(allocator, buffer(zeros));
        try {
            assertTrue(c.writerIndex() < 2_000, "compressed to " + c.writerIndex());
            assertEquals(zeros.length, c.getLong(0), "uncompressed length prefix");
            assertEquals(
                    Lz4FrameCodec.MAGIC, c.getInt(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH));
        } finally {
            c.close();
        }
    }

    @Test
    void aDamagedFrameFailsInsteadOfDecodingGarbage() {
        byte[] data = samples()[3];
        ArrowBuf c = new Lz4FrameCodec().compress(allocator, buffer(data));
        c.setByte(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH, 0); // the magic
        assertThrows(
                RuntimeException.class, () -> new Lz4FrameCodec().decompress(allocator, c).close());
        assertEquals(0, c.refCnt(), "the input buffer is released on failure too");
    }
}
