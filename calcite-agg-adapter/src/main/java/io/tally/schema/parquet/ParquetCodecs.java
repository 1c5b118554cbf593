package io.tally.schema.parquet;

import com.github.luben.zstd.Zstd;
import io.airlift.compress.lz4.Lz4Compressor;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.snappy.SnappyCompressor;
import io.airlift.compress.snappy.SnappyDecompressor;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory.BytesInputCompressor;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * Compresses and decompresses Parquet page bodies: SNAPPY and LZ4_RAW with aircompressor (pure
 * Java), ZSTD with zstd-jni, GZIP with {@code java.util.zip}. Other codecs (LZO, BROTLI, the
 * Hadoop-framed LZ4) are refused with the codec's name.
 */
final class ParquetCodecs {
    /** Codecs {@link #decompress} reads, for error messages. */
    static final String SUPPORTED = "UNCOMPRESSED, SNAPPY, GZIP, ZSTD, LZ4_RAW";

    /** zstd level of written files (zstd's default, as DuckDB's). */
    private static final int ZSTD_LEVEL = 3;

    private ParquetCodecs() {}

    /** A page compressor for parquet-column's page writers, for one of the codecs read here. */
    static BytesInputCompressor compressor(CompressionCodecName codec) {
        if (!supports(codec)) {
            throw new IllegalArgumentException(
                    "compression codec "
                            + codec
                            + " is not supported (supported: "
                            + SUPPORTED
                            + ")");
        }
        return new BytesInputCompressor() {
            @Override
            public BytesInput compress(BytesInput bytes) throws IOException {
                return BytesInput.from(ParquetCodecs.compress(codec, bytes.toByteArray()));
            }

            @Override
            public CompressionCodecName getCodecName() {
                return codec;
            }

            @Override
            public void release() {}
        };
    }

    /** {@code in} compressed with {@code codec}. */
    static byte[] compress(CompressionCodecName codec, byte[] in) throws IOException {
        switch (codec) {
            case UNCOMPRESSED:
                return in;
            case SNAPPY:
                {
                    SnappyCompressor snappy = new SnappyCompressor();
                    byte[] out = new byte[snappy.maxCompressedLength(in.length)];
                    return Arrays.copyOf(
                            out, snappy.compress(in, 0, in.length, out, 0, out.length));
                }
            case LZ4_RAW:
                {
                    Lz4Compressor lz4 = new Lz4Compressor();
                    byte[] out = new byte[lz4.maxCompressedLength(in.length)];
                    return Arrays.copyOf(out, lz4.compress(in, 0, in.length, out, 0, out.length));
                }
            case ZSTD:
                return Zstd.compress(in, ZSTD_LEVEL);
            case GZIP:
                {
                    ByteArrayOutputStream bytes = new ByteArrayOutputStream(in.length / 2 + 64);
                    try (GZIPOutputStream gzip = new GZIPOutputStream(bytes)) {
                        gzip.write(in);
                    }
                    return bytes.toByteArray();
                }
            default:
                throw new IOException(
                        "compression codec "
                                + codec
                                + " is not supported (supported: "
                                + SUPPORTED
                                + ")");
        }
    }

    /** Whether {@link #decompress} reads {@code codec}. */
    static boolean supports(CompressionCodecName codec) {
        switch (codec) {
            case UNCOMPRESSED:
            case SNAPPY:
            case GZIP:
            case ZSTD:
            case LZ4_RAW:
                return true;
            default:
                return false;
        }
    }

    /**
     * The {@code uncompressedSize} bytes that {@code length} bytes of {@code in} from {@code
     * offset} decompress to.
     *
     * @throws IOException if the data is corrupt or does not decompress to that size
     */
    static byte[] decompress(
            CompressionCodecName codec, byte[] in, int offset, int length, int uncompressedSize)
            throws IOException {
        byte[] out = new byte[uncompressedSize];
        int written;
        try {
            switch (codec) {
                case UNCOMPRESSED:
                    System.arraycopy(in, offset, out, 0, Math.min(length, uncompressedSize));
                    written = length;
                    break;
                case SNAPPY:
                    written =
                            new SnappyDecompressor()
                                    .decompress(in, offset, length, out, 0, uncompressedSize);
                    break;
                case LZ4_RAW:
                    written =
                            new Lz4Decompressor()
                                    .decompress(in, offset, length, out, 0, uncompressedSize);
                    break;
                case ZSTD:
                    long result =
                            Zstd.decompressByteArray(out, 0, uncompressedSize, in, offset, length);
                    if (Zstd.isError(result)) {
                        throw new IOException(
                                "ZSTD data does not decompress: " + Zstd.getErrorName(result));
                    }
                    written = (int) result;
                    break;
                case GZIP:
                    try (GZIPInputStream gzip =
                            new GZIPInputStream(new ByteArrayInputStream(in, offset, length))) {
                        written = gzip.readNBytes(out, 0, uncompressedSize);
                    }
                    break;
                default:
                    throw new IOException(
                            "compression codec "
                                    + codec
                                    + " is not supported (supported: "
                                    + SUPPORTED
                                    + ")");
            }
        } catch (RuntimeException e) {
            throw new IOException(codec + " data does not decompress: " + e.getMessage(), e);
        }
        if (written != uncompressedSize) {
            throw new IOException(
                    codec
                            + " page decompressed to "
                            + written
                            + " bytes, its header says "
                            + uncompressedSize);
        }
        return out;
    }
}
