package io.tally.spill;

import java.nio.ByteBuffer;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import net.jpountz.xxhash.XXHashFactory;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.compression.AbstractCompressionCodec;
import org.apache.arrow.vector.compression.CompressionUtil;

/**
 * Arrow IPC's {@code LZ4_FRAME} body compression on lz4-java (native where available), working
 * directly on Arrow buffers with one reusable compressor — Arrow's own codec (commons-compress)
 * streams every buffer through fresh objects and was two orders of magnitude slower on spill files.
 *
 * <p>Layout of one compressed buffer (what Arrow IPC requires, readable by any Arrow's codec):
 *
 * <pre>
 * [uncompressed length: int64 LE]                      written by AbstractCompressionCodec
 * [magic 0x184D2204: int32 LE][FLG 0x60][BD 0x40][HC]   LZ4 frame header: version 01, independent
 *                                                        blocks, 64 KiB blocks, no checksums/size
 * per block: [size: int32 LE, high bit = stored raw][size bytes]   at most BLOCK_BYTES of input
 * [end mark 0: int32]
 * </pre>
 *
 * Reading accepts the optional frame features other writers use (block/content checksums, a content
 * size) but needs independent blocks, which every LZ4 writer here produces.
 */
public final class Lz4FrameCodec extends AbstractCompressionCodec {
    static final int MAGIC = 0x184D2204;

    /** Frame descriptor: version 01 (bits 7-6) and block independence (bit 5). */
    static final byte FLG = 0x60;

    private static final int FLG_VERSION_MASK = 0xC0;
    private static final int FLG_VERSION = 0x40;
    private static final int FLG_INDEPENDENT = 0x20;
    private static final int FLG_BLOCK_CHECKSUM = 0x10;
    private static final int FLG_CONTENT_SIZE = 0x08;
    private static final int FLG_CONTENT_CHECKSUM = 0x04;
    private static final int FLG_DICTIONARY = 0x01;

    /** Block maximum size code 4 (bits 6-4) = 64 KiB. */
    static final byte BD = 0x40;

    static final int BLOCK_SHIFT = 16;
    static final int BLOCK_BYTES = 1 << BLOCK_SHIFT;
    private static final int RAW_BLOCK = 0x80000000;
    private static final int LENGTH_PREFIX = (int) CompressionUtil.SIZE_OF_UNCOMPRESSED_LENGTH;

    /** Magic, FLG, BD, header checksum. */
    private static final int HEADER_BYTES = 7;

    private static final int END_MARK_BYTES = 4;
    private static final byte HC = headerChecksum();

    private final LZ4Compressor compressor = LZ4Factory.fastestInstance().fastCompressor();
    private final LZ4SafeDecompressor decompressor =
            LZ4Factory.fastestInstance().safeDecompressor();

    private static byte headerChecksum() {
        byte[] descriptor = {FLG, BD};
        return (byte) (XXHashFactory.fastestInstance().hash32().hash(descriptor, 0, 2, 0) >>> 8);
    }

    @Override
    protected ArrowBuf doCompress(BufferAllocator allocator, ArrowBuf uncompressed) {
        int n = Math.toIntExact(uncompressed.writerIndex());
        int blocks = Math.max(1, (n + BLOCK_BYTES - 1) >>> BLOCK_SHIFT);
        long bound =
                LENGTH_PREFIX
                        + HEADER_BYTES
                        + END_MARK_BYTES
                        + (long) blocks
                                * (Integer.BYTES + compressor.maxCompressedLength(BLOCK_BYTES));
        ArrowBuf out = allocator.buffer(bound);
        try {
            ByteBuffer src = uncompressed.nioBuffer(0, n);
            ByteBuffer dst = out.nioBuffer(0, Math.toIntExact(bound));
            int pos = LENGTH_PREFIX;
            out.setInt(pos, MAGIC);
            out.setByte(pos + 4, FLG);
            out.setByte(pos + 5, BD);
            out.setByte(pos + 6, HC);
            pos += HEADER_BYTES;
            for (int off = 0; off < n; off += BLOCK_BYTES) {
                int len = Math.min(BLOCK_BYTES, n - off);
                int packed =
                        compressor.compress(
                                src,
                                off,
                                len,
                                dst,
                                pos + Integer.BYTES,
                                compressor.maxCompressedLength(len));
                if (packed < len) {
                    out.setInt(pos, packed);
                    pos += Integer.BYTES + packed;
                } else {
                    out.setInt(pos, len | RAW_BLOCK);
                    out.setBytes(pos + Integer.BYTES, uncompressed, off, len);
                    pos += Integer.BYTES + len;
                }
            }
            out.setInt(pos, 0);
            out.writerIndex(pos + END_MARK_BYTES);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    @Override
    protected ArrowBuf doDecompress(BufferAllocator allocator, ArrowBuf compressed) {
        int total = Math.toIntExact(readUncompressedLength(compressed));
        int end = Math.toIntExact(compressed.writerIndex());
        ArrowBuf out = allocator.buffer(total);
        try {
            int pos = LENGTH_PREFIX;
            if (end - pos < HEADER_BYTES || compressed.getInt(pos) != MAGIC) {
                throw new IllegalStateException("not an LZ4 frame");
            }
            int flg = compressed.getByte(pos + 4) & 0xFF;
            if ((flg & FLG_VERSION_MASK) != FLG_VERSION
                    || (flg & FLG_DICTIONARY) != 0
                    || (flg & FLG_INDEPENDENT) == 0) {
                throw new IllegalStateException(
                        "unsupported LZ4 frame flags 0x" + Integer.toHexString(flg));
            }
            pos += 6 + ((flg & FLG_CONTENT_SIZE) != 0 ? Long.BYTES : 0) + 1;
            int blockChecksum = (flg & FLG_BLOCK_CHECKSUM) != 0 ? Integer.BYTES : 0;
            ByteBuffer src = compressed.nioBuffer(0, end);
            ByteBuffer dst = out.nioBuffer(0, total);
            int written = 0;
            while (true) {
                checkAvailable(pos, Integer.BYTES, end);
                int size = compressed.getInt(pos);
                pos += Integer.BYTES;
                if (size == 0) {
                    break;
                }
                int len = size & ~RAW_BLOCK;
                checkAvailable(pos, len + blockChecksum, end);
                if ((size & RAW_BLOCK) != 0) {
                    checkAvailable(written, len, total);
                    out.setBytes(written, compressed, pos, len);
                    written += len;
                } else {
                    written +=
                            decompressor.decompress(src, pos, len, dst, written, total - written);
                }
                pos += len + blockChecksum;
            }
            if (written != total) {
                throw new IllegalStateException(
                        "LZ4 frame holds " + written + " bytes, expected " + total);
            }
            out.writerIndex(total);
            return out;
        } catch (RuntimeException e) {
            out.close();
            compressed.close(); // consumed on failure too, as decompress() does on success
            throw e;
        }
    }

    private static void checkAvailable(int pos, int len, int end) {
        if (len < 0 || pos + len > end) {
            throw new IllegalStateException("truncated LZ4 frame");
        }
    }

    @Override
    public CompressionUtil.CodecType getCodecType() {
        return CompressionUtil.CodecType.LZ4_FRAME;
    }
}
