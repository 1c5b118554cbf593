package io.tally.batch;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;

/**
 * Reads Arrow batches back into rows in Calcite's Java representation (see {@link RowBatcher});
 * VARBINARY comes back as {@code byte[]}, an ARRAY or MULTISET as a {@code List} of its items.
 */
public final class BatchRows {
    /** Strings up to this many bytes are copied by a plain loop instead of a bulk memory copy. */
    static final int SMALL_COPY_BYTES = 32;

    private BatchRows() {}

    /** Row {@code i} of {@code root} as an {@code Object[]}. */
    public static Object[] row(VectorSchemaRoot root, int i) {
        List<FieldVector> vectors = root.getFieldVectors();
        Object[] row = new Object[vectors.size()];
        for (int c = 0; c < row.length; c++) {
            row[c] = value(vectors.get(c), i);
        }
        return row;
    }

    /** Every row of {@code root}. */
    public static List<Object[]> rows(VectorSchemaRoot root) {
        List<Object[]> rows = new ArrayList<>(root.getRowCount());
        for (int i = 0; i < root.getRowCount(); i++) {
            rows.add(row(root, i));
        }
        return rows;
    }

    /**
     * Value {@code i} (below the value count) of a non-NULL VARCHAR: short strings are copied byte
     * by byte from the buffers' addresses, as a bulk copy's fixed cost dominates at a few bytes.
     */
    private static String string(VarCharVector v, int i) {
        long offsets = v.getOffsetBuffer().memoryAddress();
        int start = MemoryUtil.getInt(offsets + 4L * i);
        int len = MemoryUtil.getInt(offsets + 4L * (i + 1)) - start;
        byte[] bytes = new byte[len];
        long data = v.getDataBuffer().memoryAddress() + start;
        if (len <= SMALL_COPY_BYTES) {
            for (int j = 0; j < len; j++) {
                bytes[j] = MemoryUtil.getByte(data + j);
            }
        } else {
            MemoryUtil.copyFromMemory(data, bytes, 0, len);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /** Value {@code i} of {@code v}, or null. */
    public static Object value(FieldVector v, int i) {
        if (v.isNull(i)) {
            return null;
        }
        if (v instanceof BitVector) {
            return ((BitVector) v).get(i) != 0;
        } else if (v instanceof TinyIntVector) {
            return ((TinyIntVector) v).get(i);
        } else if (v instanceof SmallIntVector) {
            return ((SmallIntVector) v).get(i);
        } else if (v instanceof IntVector) {
            return ((IntVector) v).get(i);
        } else if (v instanceof BigIntVector) {
            return ((BigIntVector) v).get(i);
        } else if (v instanceof Float4Vector) {
            return ((Float4Vector) v).get(i);
        } else if (v instanceof Float8Vector) {
            return ((Float8Vector) v).get(i);
        } else if (v instanceof DecimalVector) {
            return ((DecimalVector) v).getObject(i);
        } else if (v instanceof DateDayVector) {
            return ((DateDayVector) v).get(i);
        } else if (v instanceof TimeMilliVector) {
            return ((TimeMilliVector) v).get(i);
        } else if (v instanceof TimeStampMilliVector) {
            return ((TimeStampMilliVector) v).get(i);
        } else if (v instanceof VarCharVector) {
            return string((VarCharVector) v, i);
        } else if (v instanceof VarBinaryVector) {
            return ((VarBinaryVector) v).get(i);
        } else if (v instanceof ListVector) {
            ListVector list = (ListVector) v;
            FieldVector items = (FieldVector) list.getDataVector();
            int from = list.getOffsetBuffer().getInt((long) i * Integer.BYTES);
            int to = list.getOffsetBuffer().getInt((long) (i + 1) * Integer.BYTES);
            List<Object> out = new ArrayList<>(to - from);
            for (int k = from; k < to; k++) {
                out.add(value(items, k));
            }
            return out;
        }
        throw new TallyException("unsupported output vector " + v.getClass().getSimpleName());
    }
}
