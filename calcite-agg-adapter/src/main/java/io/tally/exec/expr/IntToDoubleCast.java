package io.tally.exec.expr;

import io.tally.batch.ColumnType;
import io.tally.batch.TallyException;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * The projection {@code CAST(integer column AS DOUBLE)} of a batch read whole (no filter): each
 * value goes from the input vector's buffer into the output {@link Float8Vector} by address in one
 * pass, and the validity bits in one copy, where the general kernels read the integers into a
 * {@link Column}, convert them into a second one and write that out (three passes, two arrays the
 * size of the batch). h2o's q4 and q9 feed their aggregates through this cast.
 */
final class IntToDoubleCast {
    private IntToDoubleCast() {}

    /** The input column {@code e} casts if it is an integer input cast to DOUBLE, else -1. */
    static int inputOf(Expr e) {
        if (e.op() != Op.CAST || e.type().type() != ColumnType.DOUBLE) {
            return -1;
        }
        Expr arg = e.args().get(0);
        return arg.op() == Op.INPUT && isInteger(arg.type().type()) ? (Integer) arg.value() : -1;
    }

    private static boolean isInteger(ColumnType t) {
        return t == ColumnType.TINYINT
                || t == ColumnType.SMALLINT
                || t == ColumnType.INTEGER
                || t == ColumnType.BIGINT;
    }

    /**
     * Writes rows {@code 0..n-1} of {@code in} as doubles into {@code out}; false (nothing written)
     * if {@code in} is not a signed integer vector of 1, 2, 4 or 8 bytes a value.
     */
    static boolean write(FieldVector in, FieldVector out, int n) {
        if (!(in instanceof BaseFixedWidthVector)
                || !(out instanceof Float8Vector)
                || !(in.getField().getType() instanceof ArrowType.Int)
                || !((ArrowType.Int) in.getField().getType()).getIsSigned()) {
            return false;
        }
        BaseFixedWidthVector from = (BaseFixedWidthVector) in;
        int width = from.getTypeWidth();
        if (n > in.getValueCount() || (long) n * width > in.getDataBuffer().capacity()) {
            throw new TallyException(
                    "vector " + in.getName() + " is shorter than its batch of " + n + " rows");
        }
        Float8Vector to = (Float8Vector) out;
        if (to.getValueCapacity() < n) {
            to.clear();
            to.allocateNew(n);
        }
        convert(in.getDataBuffer().memoryAddress(), width, to.getDataBuffer().memoryAddress(), n);
        copyValidity(in, to.getValidityBuffer(), n);
        to.setValueCount(n);
        return true;
    }

    private static void convert(long from, int width, long to, int n) {
        switch (width) {
            case Byte.BYTES:
                for (int i = 0; i < n; i++) {
                    putDouble(to, i, MemoryUtil.getByte(from + i));
                }
                break;
            case Short.BYTES:
                for (int i = 0; i < n; i++) {
                    putDouble(to, i, MemoryUtil.getShort(from + ((long) i << 1)));
                }
                break;
            case Integer.BYTES:
                for (int i = 0; i < n; i++) {
                    putDouble(to, i, MemoryUtil.getInt(from + ((long) i << 2)));
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    putDouble(to, i, MemoryUtil.getLong(from + ((long) i << 3)));
                }
        }
    }

    private static void putDouble(long address, int i, double v) {
        MemoryUtil.putLong(address + ((long) i << 3), Double.doubleToRawLongBits(v));
    }

    /**
     * The input's validity bits for rows {@code 0..n-1}: copied when its bitmap covers them (one
     * memory copy, cheaper than counting its NULLs first), else all set if it has no NULL (a vector
     * read without a bitmap).
     */
    private static void copyValidity(FieldVector in, ArrowBuf to, int n) {
        int bytes = (n + 7) >>> 3;
        ArrowBuf from = in.getValidityBuffer();
        if (from != null && from.capacity() >= bytes) {
            MemoryUtil.copyMemory(from.memoryAddress(), to.memoryAddress(), bytes);
            return;
        }
        if (in.getNullCount() != 0) {
            throw new TallyException(
                    "vector " + in.getName() + " has fewer validity bits than its " + n + " rows");
        }
        to.setOne(0, bytes);
    }
}
