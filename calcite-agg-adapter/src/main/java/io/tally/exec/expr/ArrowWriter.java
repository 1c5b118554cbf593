package io.tally.exec.expr;

import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Writes a {@link Column} into an Arrow output vector that is reused from batch to batch: the
 * vector's buffers are reallocated only when a batch needs more room, then values, validity bits
 * and (for strings) offsets are stored by address, the string bytes in one copy.
 */
final class ArrowWriter {
    /** Bytes of a 128-bit DECIMAL value. */
    private static final int DECIMAL_BYTES = 16;

    private ArrowWriter() {}

    static void write(Column c, DataType type, FieldVector vector, int n) {
        if (vector instanceof VarCharVector) {
            writeStrings(c, (VarCharVector) vector, n);
        } else if (vector instanceof BitVector) {
            ensureFixed((BaseFixedWidthVector) vector, n);
            long address = vector.getDataBuffer().memoryAddress();
            vector.getDataBuffer().setZero(0, bitBytes(n));
            long[] v = c.longs;
            for (int i = 0; i < n; i++) {
                if (v[i] != 0) {
                    setBit(address, i);
                }
            }
        } else if (vector instanceof BaseFixedWidthVector) {
            ensureFixed((BaseFixedWidthVector) vector, n);
            writeFixed(c, type, (BaseFixedWidthVector) vector, n);
        } else {
            throw new TallyException("no vectorized writer for " + vector.getField());
        }
        writeValidity(c, vector.getValidityBuffer(), n);
        if (vector instanceof VarCharVector) {
            ((VarCharVector) vector).setLastSet(n - 1);
        }
        vector.setValueCount(n);
    }

    private static void ensureFixed(BaseFixedWidthVector vector, int n) {
        if (vector.getValueCapacity() < n) {
            vector.clear();
            vector.allocateNew(n);
        }
    }

    private static void writeFixed(Column c, DataType type, BaseFixedWidthVector vector, int n) {
        long address = vector.getDataBuffer().memoryAddress();
        int width = vector.getTypeWidth();
        if (Kernel.isDouble(type)) {
            double[] d = c.doubles;
            if (width == Float.BYTES) {
                for (int i = 0; i < n; i++) {
                    MemoryUtil.putInt(
                            address + ((long) i << 2), Float.floatToRawIntBits((float) d[i]));
                }
            } else {
                for (int i = 0; i < n; i++) {
                    MemoryUtil.putLong(address + ((long) i << 3), Double.doubleToRawLongBits(d[i]));
                }
            }
            return;
        }
        long[] v = c.longs;
        switch (width) {
            case Byte.BYTES:
                for (int i = 0; i < n; i++) {
                    MemoryUtil.putByte(address + i, (byte) v[i]);
                }
                break;
            case Short.BYTES:
                for (int i = 0; i < n; i++) {
                    MemoryUtil.putShort(address + ((long) i << 1), (short) v[i]);
                }
                break;
            case Integer.BYTES:
                for (int i = 0; i < n; i++) {
                    MemoryUtil.putInt(address + ((long) i << 2), (int) v[i]);
                }
                break;
            case Long.BYTES:
                for (int i = 0; i < n; i++) {
                    MemoryUtil.putLong(address + ((long) i << 3), v[i]);
                }
                break;
            case DECIMAL_BYTES: // 128-bit little-endian: the low word, then the high word
                long[] h = Kernel.isWide(type) ? c.highs : null;
                for (int i = 0; i < n; i++) {
                    long at = address + ((long) i << 4);
                    MemoryUtil.putLong(at, v[i]);
                    MemoryUtil.putLong(at + Long.BYTES, h == null ? v[i] >> 63 : h[i]);
                }
                break;
            default:
                throw new TallyException("no vectorized writer for " + vector.getField());
        }
    }

    private static void writeStrings(Column c, VarCharVector vector, int n) {
        int total = c.offsets[n] - c.offsets[0];
        if (vector.getValueCapacity() < n || vector.getDataBuffer().capacity() < total) {
            vector.clear();
            vector.allocateNew(Math.max(total, 1), n);
        }
        long offsetAddress = vector.getOffsetBuffer().memoryAddress();
        int base = c.offsets[0];
        for (int i = 0; i <= n; i++) {
            MemoryUtil.putInt(offsetAddress + ((long) i << 2), c.offsets[i] - base);
        }
        vector.getDataBuffer().setBytes(0, c.bytes, base, total);
    }

    private static void writeValidity(Column c, ArrowBuf validity, int n) {
        long address = validity.memoryAddress();
        if (!c.hasNulls) {
            validity.setOne(0, bitBytes(n));
            return;
        }
        validity.setZero(0, bitBytes(n));
        boolean[] nulls = c.nulls;
        for (int i = 0; i < n; i++) {
            if (!nulls[i]) {
                setBit(address, i);
            }
        }
    }

    private static void setBit(long address, int i) {
        long at = address + (i >>> 3);
        MemoryUtil.putByte(at, (byte) (MemoryUtil.getByte(at) | (1 << (i & 7))));
    }

    private static int bitBytes(int n) {
        return (n + 7) >>> 3;
    }
}
