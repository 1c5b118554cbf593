package io.tally.spill;

import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;

/**
 * The {@code spill_format=binary} baseline: one aggregate call's state columns packed into one
 * VarBinary value per group, the way a careful row-at-a-time serializer would write them — no
 * padding, no type names. Per state field, in order: a presence byte (only if the field is
 * nullable; 0 = NULL, then nothing follows), then the value: fixed-width types as their raw
 * little-endian bytes (BOOLEAN as one byte), variable-width types as {@code
 * [length:varint][bytes]}, lists as {@code [count:varint]} then each item as a value of the item
 * field (so a list of nullable strings has a presence byte per item, MEDIAN's non-NULL doubles do
 * not).
 */
public final class BinaryStateCodec {
    private byte[] buf = new byte[64];

    /** Packs rows {@code 0..rows-1} of {@code states} into {@code out}. */
    public void encode(List<FieldVector> states, int rows, VarBinaryVector out) {
        out.setInitialCapacity(rows);
        out.allocateNew();
        for (int i = 0; i < rows; i++) {
            int pos = 0;
            for (FieldVector v : states) {
                pos = encodeValue(v, i, pos);
            }
            out.setSafe(i, buf, 0, pos);
        }
        out.setValueCount(rows);
    }

    private int encodeValue(FieldVector v, int i, int pos) {
        boolean nullable = v.getField().isNullable();
        if (v.isNull(i)) {
            if (!nullable) {
                throw new IllegalStateException("NULL in non-nullable state " + v.getField());
            }
            pos = ensure(pos, 1);
            buf[pos++] = 0;
            return pos;
        }
        if (nullable) {
            pos = ensure(pos, 1);
            buf[pos++] = 1;
        }
        if (v instanceof BitVector) {
            pos = ensure(pos, 1);
            buf[pos++] = (byte) ((BitVector) v).get(i);
        } else if (v instanceof BaseFixedWidthVector) {
            int w = ((BaseFixedWidthVector) v).getTypeWidth();
            pos = ensure(pos, w);
            v.getDataBuffer().getBytes((long) i * w, buf, pos, w);
            pos += w;
        } else if (v instanceof BaseVariableWidthVector) {
            ArrowBuf offsets = v.getOffsetBuffer();
            int start = offsets.getInt((long) i * 4);
            pos =
                    putBytes(
                            pos,
                            v.getDataBuffer(),
                            start,
                            offsets.getInt((long) (i + 1) * 4) - start);
        } else if (v instanceof ListVector) {
            ListVector list = (ListVector) v;
            FieldVector items = (FieldVector) list.getDataVector();
            int from = list.getOffsetBuffer().getInt((long) i * 4);
            int to = list.getOffsetBuffer().getInt((long) (i + 1) * 4);
            pos = putVarint(pos, to - from);
            for (int k = from; k < to; k++) {
                pos = encodeValue(items, k, pos);
            }
        } else {
            throw new IllegalArgumentException("no binary encoding for state " + v.getField());
        }
        return pos;
    }

    /** Unpacks rows {@code 0..rows-1} of {@code in} into the (allocated, empty) {@code states}. */
    public void decode(VarBinaryVector in, int rows, List<FieldVector> states) {
        for (FieldVector v : states) {
            v.setInitialCapacity(rows);
            v.allocateNew();
        }
        ArrowBuf offsets = in.getOffsetBuffer();
        ArrowBuf data = in.getDataBuffer();
        int[] at = new int[1];
        for (int i = 0; i < rows; i++) {
            int start = offsets.getInt((long) i * 4);
            int len = offsets.getInt((long) (i + 1) * 4) - start;
            ensure(0, len);
            data.getBytes(start, buf, 0, len);
            at[0] = 0;
            for (FieldVector v : states) {
                decodeValue(v, i, at);
            }
            if (at[0] != len) {
                throw new SpillException(
                        "binary state of row " + i + " has " + len + " bytes, decoded " + at[0]);
            }
        }
        for (FieldVector v : states) {
            v.setValueCount(rows);
        }
    }

    private void decodeValue(FieldVector v, int i, int[] at) {
        if (v.getField().isNullable() && buf[at[0]++] == 0) {
            v.setNull(i);
            return;
        }
        if (v instanceof BitVector) {
            ((BitVector) v).setSafe(i, buf[at[0]++]);
        } else if (v instanceof BaseFixedWidthVector) {
            BaseFixedWidthVector f = (BaseFixedWidthVector) v;
            int w = f.getTypeWidth();
            while (i >= f.getValueCapacity()) {
                f.reAlloc();
            }
            f.getDataBuffer().setBytes((long) i * w, buf, at[0], w);
            f.setIndexDefined(i);
            at[0] += w;
        } else if (v instanceof BaseVariableWidthVector) {
            int len = getVarint(at);
            ((BaseVariableWidthVector) v).setSafe(i, buf, at[0], len);
            at[0] += len;
        } else {
            ListVector list = (ListVector) v;
            FieldVector items = (FieldVector) list.getDataVector();
            int count = getVarint(at);
            int k = list.startNewValue(i);
            for (int n = 0; n < count; n++, k++) {
                decodeValue(items, k, at);
            }
            list.endValue(i, count);
            items.setValueCount(k);
        }
    }

    private int putBytes(int pos, ArrowBuf from, int start, int len) {
        pos = putVarint(pos, len);
        pos = ensure(pos, len);
        from.getBytes(start, buf, pos, len);
        return pos + len;
    }

    private int putVarint(int pos, int v) {
        pos = ensure(pos, 5);
        while ((v & ~0x7F) != 0) {
            buf[pos++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buf[pos++] = (byte) v;
        return pos;
    }

    private int getVarint(int[] at) {
        int v = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = buf[at[0]++];
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                return v;
            }
        }
    }

    private int ensure(int pos, int more) {
        if (pos + more > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(pos + more, buf.length * 2));
        }
        return pos;
    }
}
