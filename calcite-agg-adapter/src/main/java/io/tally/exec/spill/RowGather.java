package io.tally.exec.spill;

import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;

/**
 * Copies chosen rows of one vector to consecutive rows of another of the same class: fixed-width
 * vectors (except bit-packed booleans) and 32-bit-offset variable-width vectors (VARCHAR,
 * VARBINARY) by address in one loop per column; any other vector cell by cell with {@link
 * FieldVector#copyFromSafe}. Used to stage the rows of one spill partition and to split exchange
 * batches by partition ({@code exchange.BatchSplitter}); in the spill staging the cell-by-cell copy
 * (a virtual call, a capacity and a bounds check per value) took half of the spill writing in
 * profiles of h2o q10 under a memory limit.
 *
 * <p>Both layouts are Arrow's: a validity bitmap (bit {@code i & 7} of byte {@code i >>> 3}, 1 =
 * set) beside either a data buffer of {@code width} bytes per row, or an offset buffer of {@code
 * rows + 1} int32 offsets into a data buffer of concatenated values.
 */
public final class RowGather {
    private RowGather() {}

    /**
     * Copies rows {@code index[from..to)} of {@code src} into {@code dst} rows {@code at, at + 1,
     * …}, growing {@code dst}'s buffers as needed; {@code dst} must hold exactly {@code at} rows
     * written by earlier calls (or by none, {@code at == 0}). The caller sets the value count.
     */
    public static void copy(
            FieldVector src, FieldVector dst, int[] index, int from, int to, int at) {
        if (src.getClass() == dst.getClass()
                && src instanceof BaseFixedWidthVector s
                && !(src instanceof BitVector)) {
            fixed(s, (BaseFixedWidthVector) dst, index, from, to, at);
        } else if (src.getClass() == dst.getClass() && src instanceof BaseVariableWidthVector s) {
            variable(s, (BaseVariableWidthVector) dst, index, from, to, at);
        } else {
            for (int i = from; i < to; i++) {
                dst.copyFromSafe(index[i], at++, src);
            }
        }
    }

    private static void fixed(
            BaseFixedWidthVector src,
            BaseFixedWidthVector dst,
            int[] index,
            int from,
            int to,
            int at) {
        int count = to - from;
        while (dst.getValueCapacity() < at + count) {
            dst.reAlloc();
        }
        copyValidity(src, dst, index, from, to, at);
        int width = src.getTypeWidth();
        long in = src.getDataBufferAddress();
        long out = dst.getDataBufferAddress() + (long) at * width;
        switch (width) {
            case Long.BYTES -> {
                for (int i = from; i < to; i++, out += Long.BYTES) {
                    MemoryUtil.putLong(out, MemoryUtil.getLong(in + (long) index[i] * Long.BYTES));
                }
            }
            case Integer.BYTES -> {
                for (int i = from; i < to; i++, out += Integer.BYTES) {
                    MemoryUtil.putInt(out, MemoryUtil.getInt(in + (long) index[i] * Integer.BYTES));
                }
            }
            default -> {
                for (int i = from; i < to; i++, out += width) {
                    MemoryUtil.copyMemory(in + (long) index[i] * width, out, width);
                }
            }
        }
    }

    private static void variable(
            BaseVariableWidthVector src,
            BaseVariableWidthVector dst,
            int[] index,
            int from,
            int to,
            int at) {
        int count = to - from;
        while (dst.getValueCapacity() < at + count) {
            dst.reallocValidityAndOffsetBuffers();
        }
        long inOffsets = src.getOffsetBufferAddress();
        long bytes = 0;
        for (int i = from; i < to; i++) {
            long o = inOffsets + (long) index[i] * BaseVariableWidthVector.OFFSET_WIDTH;
            bytes +=
                    MemoryUtil.getInt(o + BaseVariableWidthVector.OFFSET_WIDTH)
                            - MemoryUtil.getInt(o);
        }
        long outOffsets = dst.getOffsetBufferAddress();
        if (at == 0) {
            MemoryUtil.putInt(outOffsets, 0);
        }
        int start =
                MemoryUtil.getInt(outOffsets + (long) at * BaseVariableWidthVector.OFFSET_WIDTH);
        long end = start + bytes;
        if (end > Integer.MAX_VALUE) {
            throw new IllegalStateException(
                    "staged variable-width column passes 2 GiB: " + dst.getName());
        }
        if (dst.getDataBuffer().capacity() < end) {
            dst.reallocDataBuffer(end);
        }
        copyValidity(src, dst, index, from, to, at);
        long inData = src.getDataBufferAddress();
        long outData = dst.getDataBufferAddress();
        int pos = start;
        long outOffset = outOffsets + (long) (at + 1) * BaseVariableWidthVector.OFFSET_WIDTH;
        for (int i = from; i < to; i++, outOffset += BaseVariableWidthVector.OFFSET_WIDTH) {
            long o = inOffsets + (long) index[i] * BaseVariableWidthVector.OFFSET_WIDTH;
            int first = MemoryUtil.getInt(o);
            int length = MemoryUtil.getInt(o + BaseVariableWidthVector.OFFSET_WIDTH) - first;
            MemoryUtil.copyMemory(inData + first, outData + pos, length);
            pos += length;
            MemoryUtil.putInt(outOffset, pos);
        }
        dst.setLastSet(at + count - 1);
    }

    /** Copies the validity bits of the chosen rows (all set when {@code src} has no nulls). */
    private static void copyValidity(
            FieldVector src, FieldVector dst, int[] index, int from, int to, int at) {
        boolean allSet = src.getValidityBuffer().capacity() == 0 || src.getNullCount() == 0;
        long in = src.getValidityBufferAddress();
        long out = dst.getValidityBufferAddress();
        int t = at;
        for (int i = from; i < to; i++, t++) {
            int bit =
                    allSet ? 1 : (MemoryUtil.getByte(in + (index[i] >>> 3)) >>> (index[i] & 7)) & 1;
            long b = out + (t >>> 3);
            int mask = 1 << (t & 7);
            MemoryUtil.putByte(b, (byte) ((MemoryUtil.getByte(b) & ~mask) | (bit << (t & 7))));
        }
    }
}
