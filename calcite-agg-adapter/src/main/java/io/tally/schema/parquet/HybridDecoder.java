package io.tally.schema.parquet;

import java.util.Arrays;
import org.apache.parquet.column.values.bitpacking.BytePacker;
import org.apache.parquet.column.values.bitpacking.Packer;

/**
 * Decodes Parquet's RLE / bit-packed hybrid encoding (definition levels, dictionary ids, RLE
 * booleans) a run at a time into an {@code int[]}, instead of one value per call. Layout: a
 * sequence of runs, each opening with a ULEB128 header. An even header is an RLE run of {@code
 * header >>> 1} copies of one value stored in {@code ceil(bitWidth / 8)} little-endian bytes; an
 * odd header is {@code header >>> 1} groups of 8 values bit-packed LSB first, {@code bitWidth}
 * bytes per group (a writer may leave out the last group's trailing bytes). Groups are unpacked by
 * parquet-encoding's generated {@link BytePacker}.
 */
final class HybridDecoder {
    /** Values per bit-packed group. */
    private static final int GROUP = 8;

    /** Slack {@code out} needs past the values asked for: a bit-packed group is unpacked whole. */
    static final int SLACK = GROUP;

    private HybridDecoder() {}

    /** Bits needed to store values up to {@code max}: the bit width of levels up to {@code max}. */
    static int bitWidth(int max) {
        return 32 - Integer.numberOfLeadingZeros(max);
    }

    /**
     * Decodes {@code count} values of {@code bitWidth} bits from {@code in[pos, end)} into {@code
     * out[0, count)}; {@code out} must hold {@code count + SLACK} values.
     *
     * @throws IllegalStateException if the bytes end before {@code count} values or a header is
     *     malformed
     */
    static void decode(byte[] in, int pos, int end, int bitWidth, int[] out, int count) {
        if (bitWidth < 0 || bitWidth > Integer.SIZE) {
            throw new IllegalStateException("bit width " + bitWidth + " is out of range");
        }
        BytePacker packer = Packer.LITTLE_ENDIAN.newBytePacker(bitWidth);
        int valueBytes = (bitWidth + 7) / 8;
        int n = 0;
        while (n < count) {
            if (pos >= end) {
                throw new IllegalStateException(
                        "RLE/bit-packed data ends after " + n + " of " + count + " values");
            }
            int header = 0;
            int shift = 0;
            byte b;
            do {
                if (pos >= end || shift > 28) {
                    throw new IllegalStateException("malformed RLE/bit-packed run header");
                }
                b = in[pos++];
                header |= (b & 0x7f) << shift;
                shift += 7;
            } while (b < 0);
            if ((header & 1) == 0) {
                int run = Math.min(header >>> 1, count - n);
                if (pos + valueBytes > end) {
                    throw new IllegalStateException("RLE run value runs past the end of the data");
                }
                int value = 0;
                for (int i = 0; i < valueBytes; i++) {
                    value |= (in[pos + i] & 0xff) << (8 * i);
                }
                pos += valueBytes;
                Arrays.fill(out, n, n + run, value);
                n += run;
            } else {
                int groups = header >>> 1;
                for (int g = 0; g < groups && n < count; g++) {
                    if (pos + bitWidth <= end) {
                        packer.unpack8Values(in, pos, out, n);
                    } else if (pos >= end && bitWidth > 0) {
                        throw new IllegalStateException(
                                "bit-packed run ends after " + n + " of " + count + " values");
                    } else {
                        // the last group's trailing bytes may be left out: unpack from zeros
                        byte[] padded = new byte[bitWidth];
                        System.arraycopy(in, pos, padded, 0, Math.max(0, end - pos));
                        packer.unpack8Values(padded, 0, out, n);
                    }
                    pos += bitWidth;
                    n += GROUP;
                }
            }
        }
    }

    /**
     * Decodes {@code count} values of the deprecated BIT_PACKED encoding (levels of old v1 pages:
     * values packed MSB first, no header) from {@code in[pos, ...)}, which must hold {@code
     * ceil(count * bitWidth / 8)} bytes; {@code out} must hold {@code count + SLACK} values.
     */
    static void decodeBigEndianPacked(byte[] in, int pos, int bitWidth, int[] out, int count) {
        BytePacker packer = Packer.BIG_ENDIAN.newBytePacker(bitWidth);
        int length = (int) (((long) count * bitWidth + 7) / 8);
        int end = pos + length;
        for (int n = 0; n < count; n += GROUP, pos += bitWidth) {
            if (pos + bitWidth <= end) {
                packer.unpack8Values(in, pos, out, n);
            } else {
                byte[] padded = new byte[bitWidth];
                System.arraycopy(in, pos, padded, 0, end - pos);
                packer.unpack8Values(padded, 0, out, n);
            }
        }
    }
}
