package io.tally.spill;

import org.apache.arrow.vector.compression.CompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;
import org.apache.arrow.vector.compression.NoCompressionCodec;

/**
 * The Arrow IPC body codecs of spill files: LZ4 frames on lz4-java ({@link Lz4FrameCodec}), zstd
 * frames on zstd-jni ({@link ZstdFrameCodec}), or none. One instance per writer or reader: the
 * codecs keep reusable state, are not shared between threads, and are freed by {@link #close()}.
 */
final class SpillCodecs implements CompressionCodec.Factory, AutoCloseable {
    private CompressionCodec lz4;
    private ZstdFrameCodec zstd;

    /** The codec that writes {@code c}. */
    CompressionCodec forWriting(SpillOptions.Compression c) {
        switch (c) {
            case LZ4:
                return createCodec(CompressionUtil.CodecType.LZ4_FRAME);
            case ZSTD:
                return createCodec(CompressionUtil.CodecType.ZSTD);
            default:
                return NoCompressionCodec.INSTANCE;
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
                    zstd = new ZstdFrameCodec();
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

    /** Frees the zstd contexts, if any. */
    @Override
    public void close() {
        if (zstd != null) {
            zstd.close();
            zstd = null;
        }
    }
}
