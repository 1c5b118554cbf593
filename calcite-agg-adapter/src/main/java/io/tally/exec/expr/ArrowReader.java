package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Copies an Arrow input vector into a {@link Column}, optionally gathering only selected rows,
 * reading the buffers directly by address. Bounds are checked once per batch (the value count
 * against the buffer capacities), not per value.
 */
final class ArrowReader {
    /** Bytes of a 128-bit DECIMAL value. */
    private static final int DECIMAL_BYTES = 16;

    private ArrowReader() {}

    /**
     * Reads rows {@code selection[0 .. rows)} of {@code vector} (rows {@code 0 .. rows)} when
     * {@code selection} is null) into {@code out}.
     */
    static void read(FieldVector vector, DataType type, int[] selection, int rows, Column out) {
        int valueCount = vector.getValueCount();
        if (selection == null && rows > valueCount) {
            throw new TallyException(
                    "vector "
                            + vector.getName()
                            + " has "
                            + valueCount
                            + " values, batch has "
                            + rows
                            + " rows");
        }
        readNulls(vector, selection, rows, out);
        if (vector instanceof VarCharVector) {
            readStrings((VarCharVector) vector, selection, rows, out);
        } else if (vector instanceof BitVector) {
            readBits(vector.getDataBuffer().memoryAddress(), selection, rows, out.longs(rows));
        } else if (vector instanceof BaseFixedWidthVector) {
            readFixed((BaseFixedWidthVector) vector, type, selection, rows, out);
        } else {
            throw new TallyException("no vectorized reader for " + vector.getField());
        }
    }

    private static void readFixed(
            BaseFixedWidthVector vector, DataType type, int[] selection, int rows, Column out) {
        int width = vector.getTypeWidth();
        long capacity = vector.getDataBuffer().capacity();
        if ((long) vector.getValueCount() * width > capacity) {
            throw new TallyException(
                    "vector " + vector.getName() + " is shorter than its value count");
        }
        long address = vector.getDataBuffer().memoryAddress();
        if (Kernel.isDouble(type)) {
            double[] d = out.doubles(rows);
            for (int j = 0; j < rows; j++) {
                long at = address + (long) row(selection, j) * width;
                d[j] =
                        width == Float.BYTES
                                ? Float.intBitsToFloat(MemoryUtil.getInt(at))
                                : Double.longBitsToDouble(MemoryUtil.getLong(at));
            }
            return;
        }
        long[] l = out.longs(rows);
        switch (width) {
            case Byte.BYTES:
                for (int j = 0; j < rows; j++) {
                    l[j] = MemoryUtil.getByte(address + row(selection, j));
                }
                break;
            case Short.BYTES:
                for (int j = 0; j < rows; j++) {
                    l[j] = MemoryUtil.getShort(address + ((long) row(selection, j) << 1));
                }
                break;
            case Integer.BYTES:
                for (int j = 0; j < rows; j++) {
                    l[j] = MemoryUtil.getInt(address + ((long) row(selection, j) << 2));
                }
                break;
            case Long.BYTES:
                if (selection == null) {
                    for (int j = 0; j < rows; j++) {
                        l[j] = MemoryUtil.getLong(address + ((long) j << 3));
                    }
                } else {
                    for (int j = 0; j < rows; j++) {
                        l[j] = MemoryUtil.getLong(address + ((long) selection[j] << 3));
                    }
                }
                break;
            case DECIMAL_BYTES:
                if (Kernel.isWide(type)) {
                    readWideDecimals(address, selection, rows, l, out.highs(rows));
                } else {
                    readDecimals(vector, address, selection, rows, l);
                }
                break;
            default:
                throw new TallyException("no vectorized reader for " + vector.getField());
        }
    }

    /** Both words of each 128-bit little-endian unscaled value. */
    private static void readWideDecimals(
            long address, int[] selection, int rows, long[] lo, long[] hi) {
        for (int j = 0; j < rows; j++) {
            long at = address + ((long) row(selection, j) << 4);
            lo[j] = MemoryUtil.getLong(at);
            hi[j] = MemoryUtil.getLong(at + Long.BYTES);
        }
    }

    /**
     * The low 64 bits of each 128-bit little-endian unscaled value of a DECIMAL of at most 18
     * digits, whose high half is the sign extension, which is checked.
     */
    private static void readDecimals(
            BaseFixedWidthVector vector, long address, int[] selection, int rows, long[] l) {
        boolean bad = false;
        for (int j = 0; j < rows; j++) {
            long at = address + ((long) row(selection, j) << 4);
            long lo = MemoryUtil.getLong(at);
            bad |= MemoryUtil.getLong(at + Long.BYTES) != (lo >> 63);
            l[j] = lo;
        }
        if (bad) {
            for (int j = 0; j < rows; j++) {
                int r = row(selection, j);
                if (!vector.isNull(r)
                        && MemoryUtil.getLong(address + ((long) r << 4) + Long.BYTES)
                                != (l[j] >> 63)) {
                    throw new TallyException(
                            "vector "
                                    + vector.getName()
                                    + " holds a DECIMAL value"
                                    + " wider than its declared 18 digits at row "
                                    + r);
                }
            }
        }
    }

    private static int row(int[] selection, int j) {
        return selection == null ? j : selection[j];
    }

    private static void readBits(long address, int[] selection, int rows, long[] out) {
        for (int j = 0; j < rows; j++) {
            int r = row(selection, j);
            out[j] = (MemoryUtil.getByte(address + (r >>> 3)) >>> (r & 7)) & 1;
        }
    }

    private static void readNulls(FieldVector vector, int[] selection, int rows, Column out) {
        if (vector.getNullCount() == 0) {
            out.noNulls();
            return;
        }
        long address = vector.getValidityBuffer().memoryAddress();
        boolean[] nulls = out.clearNulls(rows);
        for (int j = 0; j < rows; j++) {
            int r = row(selection, j);
            nulls[j] = ((MemoryUtil.getByte(address + (r >>> 3)) >>> (r & 7)) & 1) == 0;
        }
    }

    private static void readStrings(VarCharVector vector, int[] selection, int rows, Column out) {
        long offsetAddress = vector.getOffsetBuffer().memoryAddress();
        long dataAddress = vector.getDataBuffer().memoryAddress();
        int[] offsets = out.offsets(rows);
        int total = 0;
        for (int j = 0; j < rows; j++) {
            int r = row(selection, j);
            int start = MemoryUtil.getInt(offsetAddress + ((long) r << 2));
            int end = MemoryUtil.getInt(offsetAddress + ((long) (r + 1) << 2));
            total += end - start;
        }
        if (total > vector.getDataBuffer().capacity() && selection == null) {
            throw new TallyException("vector " + vector.getName() + " has bad offsets");
        }
        byte[] bytes = out.bytes(total);
        int at = 0;
        for (int j = 0; j < rows; j++) {
            int r = row(selection, j);
            int start = MemoryUtil.getInt(offsetAddress + ((long) r << 2));
            int len = MemoryUtil.getInt(offsetAddress + ((long) (r + 1) << 2)) - start;
            offsets[j] = at;
            if (len > 0) {
                MemoryUtil.copyFromMemory(dataAddress + start, bytes, at, len);
            }
            at += len;
        }
        offsets[rows] = at;
    }
}
