package io.tally.schema.parquet;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.parquet.column.page.DictionaryPage;

/**
 * A column chunk's dictionary, decoded once into the Arrow layout of the column's vector and kept
 * on the heap: {@code width} bytes per entry (bits for BOOLEAN), or for strings and binaries the
 * entries' bytes back to back with {@code size + 1} offsets. A dictionary-encoded page then becomes
 * {@link #page}: its ids, each copied as its entry's bytes straight into the target vector, with no
 * object per value.
 */
final class DictionaryValues {
    private static final VarHandle SHORTS =
            MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle INTS =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Width of a BOOLEAN entry: a bit. */
    private static final int BIT = 0;

    /** Width of a variable-width entry. */
    private static final int VARIABLE = -1;

    private final int size;
    private final int width;
    private final byte[] data;
    private final int[] offsets;

    private DictionaryValues(int size, int width, byte[] data, int[] offsets) {
        this.size = size;
        this.width = width;
        this.data = data;
        this.offsets = offsets;
    }

    /** Decodes {@code page} (PLAIN values) through a temporary vector from {@code allocator}. */
    static DictionaryValues read(
            ParquetColumn column, DictionaryPage page, BufferAllocator allocator) {
        int size = page.getDictionarySize();
        ByteBuffer bytes;
        try {
            bytes = page.getBytes().toByteBuffer();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (size < 0) {
            throw new IllegalStateException("dictionary of " + size + " entries");
        }
        try (FieldVector entries = column.field().createVector(allocator)) {
            entries.setInitialCapacity(Math.max(size, 1));
            entries.allocateNew();
            int start = bytes.arrayOffset() + bytes.position();
            new PlainValues(column, bytes.array(), start, start + bytes.remaining())
                    .put(entries, 0, size);
            if (entries instanceof BaseVariableWidthVector v) {
                int[] offsets = new int[size + 1];
                for (int i = 0; i <= size; i++) {
                    offsets[i] = VectorWrites.start(v, i);
                }
                return new DictionaryValues(
                        size, VARIABLE, copy(v.getDataBuffer(), offsets[size]), offsets);
            }
            int width =
                    entries instanceof BitVector
                            ? BIT
                            : ((BaseFixedWidthVector) entries).getTypeWidth();
            long length = width == BIT ? (size + 7L) / 8 : (long) size * width;
            return new DictionaryValues(
                    size, width, copy(entries.getDataBuffer(), Math.toIntExact(length)), null);
        }
    }

    private static byte[] copy(ArrowBuf buffer, int length) {
        byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return bytes;
    }

    /**
     * The values of a page whose {@code count} ids are {@code ids[0, count)}.
     *
     * @throws IllegalStateException if an id is not an entry
     */
    PageValues page(int[] ids, int count) {
        for (int i = 0; i < count; i++) {
            if (Integer.compareUnsigned(ids[i], size) >= 0) {
                throw new IllegalStateException(
                        "dictionary id " + ids[i] + " is not among the " + size + " entries");
            }
        }
        int[] next = {0};
        return (v, row, n) -> {
            put(ids, next[0], v, row, n);
            next[0] += n;
        };
    }

    /** Writes the entries of {@code ids[from, from + n)} into rows {@code [row, row + n)}. */
    private void put(int[] ids, int from, FieldVector v, int row, int n) {
        ArrowBuf out = v.getDataBuffer();
        switch (width) {
            case VARIABLE:
                {
                    BaseVariableWidthVector vv = (BaseVariableWidthVector) v;
                    int at = VectorWrites.start(vv, row);
                    long total = at;
                    for (int i = 0; i < n; i++) {
                        int id = ids[from + i];
                        total += offsets[id + 1] - offsets[id];
                    }
                    out = VectorWrites.reserve(vv, total);
                    ArrowBuf ends = vv.getOffsetBuffer();
                    for (int i = 0; i < n; i++) {
                        int id = ids[from + i];
                        int start = offsets[id];
                        int length = offsets[id + 1] - start;
                        out.setBytes(at, data, start, length);
                        at += length;
                        ends.setInt((long) (row + i + 1) * Integer.BYTES, at);
                    }
                    break;
                }
            case BIT:
                for (int i = 0; i < n; i++) {
                    int id = ids[from + i];
                    if ((data[id >>> 3] & (1 << (id & 7))) != 0) {
                        VectorWrites.setBit(out, row + i);
                    }
                }
                break;
            case Byte.BYTES:
                for (int i = 0; i < n; i++) {
                    out.setByte(row + i, data[ids[from + i]]);
                }
                break;
            case Short.BYTES:
                for (int i = 0; i < n; i++) {
                    out.setShort(
                            (long) (row + i) * Short.BYTES,
                            (short) SHORTS.get(data, ids[from + i] * Short.BYTES));
                }
                break;
            case Integer.BYTES:
                for (int i = 0; i < n; i++) {
                    out.setInt(
                            (long) (row + i) * Integer.BYTES,
                            (int) INTS.get(data, ids[from + i] * Integer.BYTES));
                }
                break;
            case Long.BYTES:
                for (int i = 0; i < n; i++) {
                    out.setLong(
                            (long) (row + i) * Long.BYTES,
                            (long) LONGS.get(data, ids[from + i] * Long.BYTES));
                }
                break;
            default:
                for (int i = 0; i < n; i++) {
                    out.setBytes((long) (row + i) * width, data, ids[from + i] * width, width);
                }
                break;
        }
    }
}
