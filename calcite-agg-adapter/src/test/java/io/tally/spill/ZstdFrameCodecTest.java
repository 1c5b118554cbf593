package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.arrow.compression.ZstdCompressionCodec;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.junit.jupiter.api.Test;

/**
 * {@link ZstdFrameCodec} writes what Arrow IPC's ZSTD requires: Arrow's own codec decompresses its
 * buffers, and it decompresses Arrow's, reusing its contexts across buffers.
 */
class ZstdFrameCodecTest extends CodecFixture {
    private static final int ZSTD_MAGIC = 0xFD2FB528;

    @Test
    void arrowsCodecReadsOursAndOursReadsArrows() {
        try (ZstdFrameCodec ours = new ZstdFrameCodec();
                ZstdFrameCodec reader = new ZstdFrameCodec()) {
            for (byte[] data : samples()) {
                assertArrayEquals(
                        data,
                        roundTrip(ours, new ZstdCompressionCodec(), data),
                        "ours -> arrow, " + data.length);
                assertArrayEquals(
                        data,
                        roundTrip(new ZstdCompressionCodec(), reader, data),
                        "arrow -> ours, " + data.length);
                assertArrayEquals(
                        data, roundTrip(ours, reader, data), "ours -> ours, " + data.length);
            }
        }
    }

    @Test
    void compressibleDataShrinks() {
        byte[] zeros = new byte[100_000];
        try (ZstdFrameCodec codec = new ZstdFrameCodec()) {
            ArrowBuf c = codec.compress(allocator, buffer(zeros));
            try {
                assertTrue(c.writerIndex() < 2_000, "compressed to " + c.writerIndex());
                assertEquals(zeros.length, c.getLong(0), "uncompressed length prefix");
                assertEquals(ZSTD_MAGIC, c.getInt(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH));
            } finally {
                c.close();
            }
        }
    }

    @Test
    void aDamagedFrameFailsInsteadOfDecodingGarbage() {
        byte[] data = samples()[3];
        try (ZstdFrameCodec codec = new ZstdFrameCodec()) {
            ArrowBuf c = codec.compress(allocator, buffer(data));
            c.setByte(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH, 0); // the magic
            assertThrows(RuntimeException.class, () -> codec.decompress(allocator, c).close());
            assertEquals(0, c.refCnt(), "the input buffer is released on failure too");
        }
    }
}
