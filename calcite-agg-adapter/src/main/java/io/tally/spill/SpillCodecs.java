package io.tally.spill;

import org.apache.arrow.compression.ZstdCompressionCodec;
import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/**
 * The Arrow IPC body codecs of spill files: LZ4 frames on lz4-java ({@link Lz4FrameCodec}),
 * zstd on zstd-jni (Arrow's {@link ZstdCompressionCodec}), or none. One instance per writer or
 * reader: the LZ4 codec keeps reusable state and is not shared between threads.
 */
final class SpillCodecs implements CompressionCodec.Factory {
  private CompressionCodec lz4;
  private CompressionCodec zstd;

  /** The codec that writes {@code c}. */
  CompressionCodec forWriting(SpillOptions.Compression c) {
    switch (c) {
      case LZ4: return createCodec(CompressionUtil.CodecType.LZ4_FRAME);
      case ZSTD: return createCodec(CompressionUtil.CodecType.ZSTD);
      default: return NoCompressionCodec.INSTANCE;
    }
  }

  @Override
  public CompressionCodec createCodec(CompressionUtil.CodecType type) {
    switch (type) {
      case LZ4_FRAME:
        if (lz4 == null) {
          lz4 = new Lz4FrameCodec();
        }
        return lz4;
      case ZSTD:
        if (zstd == null) {
          zstd = new ZstdCompressionCodec();
        }
        return zstd;
      case NO_COMPRESSION:
        return NoCompressionCodec.INSTANCE;
      default:
        throw new IllegalArgumentException("unsupported spill body compression " + type);
    }
  }

  @Override
  public CompressionCodec createCodec(CompressionUtil.CodecType type, int level) {
    return createCodec(type);
  }
}
