package io.tally.spill;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.AbstractCompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/**
 * Arrow IPC's {@code ZSTD} body compression on zstd-jni with one reusable compression and one
 * decompression context: Arrow's own codec makes a fresh zstd context per buffer, whose set-up
 * (hash tables for level {@link #LEVEL}) cost far more than compressing the small buffers of a
 * spill frame. Layout of one buffer, as Arrow IPC requires: {@code [uncompressed length: int64
 * LE][one zstd frame]}. Close it to free the native contexts.
 */
public final class ZstdFrameCodec extends AbstractCompressionCodec implements AutoCloseable {
    /** zstd's default level: the usual speed/size balance, and what Arrow's codec uses. */
    static final int LEVEL = 3;

    private static final int LENGTH_PREFIX = (int) CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;
    private ZstdCompressCtx compressor;
    private ZstdDecompressCtx decompressor;

    @Override
    protected ArrowBuf doCompress(BufferAllocator allocator, ArrowBuf uncompressed) {
        if (compressor == null) {
            compressor = new ZstdCompressCtx().setLevel(LEVEL);
        }
        int n = Math.toIntExact(uncompressed.writerIndex());
        int bound = Math.toIntExact(LENGTH_PREFIX + Zstd.compressBound(n));
        ArrowBuf out = allocator.buffer(bound);
        try {
            int written =
                    compressor.compressDirectByteBuffer(
                            out.nioBuffer(0, bound),
                            LENGTH_PREFIX,
                            bound - LENGTH_PREFIX,
                            uncompressed.nioBuffer(0, n),
                            0,
                            n);
            out.writerIndex(LENGTH_PREFIX + (long) written);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    @Override
    protected ArrowBuf doDecompress(BufferAllocator allocator, ArrowBuf compressed) {
        if (decompressor == null) {
            decompressor = new ZstdDecompressCtx();
        }
        int total = Math.toIntExact(readUncompressedLength(compressed));
        int end = Math.toIntExact(compressed.writerIndex());
        ArrowBuf out = allocator.buffer(total);
        try {
            int got =
                    decompressor.decompressDirectByteBuffer(
                            out.nioBuffer(0, total),
                            0,
                            total,
                            compressed.nioBuffer(0, end),
                            LENGTH_PREFIX,
                            end - LENGTH_PREFIX);
            if (got != total) {
                throw new IllegalStateException(
                        "zstd frame holds " + got + " bytes, expected " + total);
            }
            out.writerIndex(total);
            return out;
        } catch (RuntimeException e) {
            out.close();
            compressed.close(); // consumed on failure too, as decompress() does on success
            throw e;
        }
    }

    @Override
    public CompressionUtil.CodecType getCodecType() {
        return CompressionUtil.CodecType.ZSTD;
    }

    @Override
    public void close() {
        if (compressor != null) {
            compressor.close();
            compressor = null;
        }
        if (decompressor != null) {
            decompressor.close();
            decompressor = null;
        }
    }
}
