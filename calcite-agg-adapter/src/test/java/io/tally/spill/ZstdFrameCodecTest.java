package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.apache.arrow.compression.ZstdCompressionCodec;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link ZstdFrameCodec} writes what Arrow IPC's ZSTD requires: Arrow's own codec decompresses
 * its buffers, and it decompresses Arrow's, reusing its contexts across buffers.
 */
class ZstdFrameCodecTest {
  private static final int ZSTD_MAGIC = 0xFD2FB528;
  private BufferAllocator allocator;

  @BeforeEach void open() {
    allocator = new RootAllocator();
  }

  @AfterEach void close() {
    assertEquals(0, allocator.getAllocatedMemory(), "leaked Arrow bytes");
    allocator.close();
  }

  @Test void arrowsCodecReadsOursAndOursReadsArrows() {
    try (ZstdFrameCodec ours = new ZstdFrameCodec(); ZstdFrameCodec reader = new ZstdFrameCodec()) {
      for (byte[] data : samples()) {
        assertArrayEquals(data, roundTrip(ours, new ZstdCompressionCodec(), data), "ours -> arrow, " + data.length);
        assertArrayEquals(data, roundTrip(new ZstdCompressionCodec(), reader, data), "arrow -> ours, " + data.length);
        assertArrayEquals(data, roundTrip(ours, reader, data), "ours -> ours, " + data.length);
      }
    }
  }

  @Test void compressibleDataShrinks() {
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

  @Test void aDamagedFrameFailsInsteadOfDecodingGarbage() {
    byte[] data = samples()[3];
    try (ZstdFrameCodec codec = new ZstdFrameCodec()) {
      ArrowBuf c = codec.compress(allocator, buffer(data));
      c.setByte(CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH, 0); // the magic
      assertThrows(RuntimeException.class, () -> codec.decompress(allocator, c).close());
      assertEquals(0, c.refCnt(), "the input buffer is released on failure too");
    }
  }

  /** Empty, tiny, compressible, incompressible, and more than one 64 KiB block mixing both. */
  private static byte[][] samples() {
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

  private byte[] roundTrip(CompressionCodec writer, CompressionCodec reader, byte[] data) {
    ArrowBuf compressed = writer.compress(allocator, buffer(data));
    try (ArrowBuf plain = reader.decompress(allocator, compressed)) {
      byte[] out = new byte[Math.toIntExact(plain.writerIndex())];
      plain.getBytes(0, out);
      return out;
    }
  }

  private ArrowBuf buffer(byte[] data) {
    ArrowBuf b = allocator.buffer(Math.max(1, data.length));
    b.setBytes(0, data);
    b.writerIndex(data.length);
    return b;
  }
}
