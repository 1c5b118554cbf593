package io.tally.spill;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.NullVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.arrow.vector.util.TransferPair;

/**
 * Per-batch frame-of-reference narrowing of the signed 64- and 32-bit integer columns of a spill
 * file (keys and typed states alike; other columns pass through untouched). For each such column of
 * a batch, the smallest non-null value is the column's base, and the column is written as the
 * unsigned offsets {@code value - base} in the narrowest width holding {@code max - min}; reading
 * adds the base back, so values come back bit-exact. The validity bitmap is kept as it is (it is
 * also a SUM's "is set" flag).
 *
 * <p>Layout: the reference header precedes the Arrow IPC message inside a frame's CRC32C-covered
 * payload (see {@link SpillWriter}) and holds {@link #ENTRY_BYTES} per narrowed column, in column
 * order: {@code [kind: byte][base: int64 LE]}. Kind {@code 1, 2, 4, 8} = offsets of that many bytes
 * as an Arrow UInt of that width, validity kept; {@link #CONSTANT} = no nulls and every value
 * equals the base (an Arrow Null column: no buffers at all); {@link #ALL_NULL} = every row NULL (an
 * Arrow Null column). A batch of 0 rows is CONSTANT with base 0.
 */
public final class FrameOfReference {
    static final byte CONSTANT = 0;
    static final byte ALL_NULL = -1;
    static final int ENTRY_BYTES = 1 + Long.BYTES;
    private static final long BYTE_RANGE = 1L << Byte.SIZE;
    private static final long SHORT_RANGE = 1L << Short.SIZE;
    private static final long INT_RANGE = 1L << Integer.SIZE;

    private final Schema schema;

    /** Column indexes narrowed, in order. */
    private final int[] narrowed;

    private byte[] lastKinds;
    private Schema lastSchema;

    FrameOfReference(Schema schema) {
        this.schema = schema;
        List<Integer> cols = new ArrayList<>();
        List<Field> fields = schema.getFields();
        for (int c = 0; c < fields.size(); c++) {
            if (widthOf(fields.get(c)) > 0) {
                cols.add(c);
            }
        }
        narrowed = cols.stream().mapToInt(Integer::intValue).toArray();
    }

    /** 8 for a signed Int64 field, 4 for a signed Int32 field, else 0 (not narrowed). */
    private static int widthOf(Field f) {
        if (f.getType() instanceof ArrowType.Int) {
            ArrowType.Int t = (ArrowType.Int) f.getType();
            if (t.getIsSigned()
                    && (t.getBitWidth() == Long.SIZE || t.getBitWidth() == Integer.SIZE)) {
                return t.getBitWidth() / Byte.SIZE;
            }
        }
        return 0;
    }

    /** Bytes of the reference header of every batch of this schema. */
    int headerBytes() {
        return narrowed.length * ENTRY_BYTES;
    }

    /**
     * Writes {@code root}'s reference header into {@code header} and returns the narrowed batch to
     * serialize: narrow vectors (owned by the result) plus {@code root}'s other vectors (not).
     */
    Narrowed encode(VectorSchemaRoot root, ByteBuffer header, BufferAllocator allocator) {
        int rows = root.getRowCount();
        List<FieldVector> vectors = new ArrayList<>(root.getFieldVectors());
        List<FieldVector> owned = new ArrayList<>(narrowed.length);
        try {
            for (int c : narrowed) {
                FieldVector v = root.getVector(c);
                FieldVector n = narrow(v, rows, header, allocator);
                owned.add(n);
                vectors.set(c, n);
            }
        } catch (RuntimeException e) {
            owned.forEach(FieldVector::close);
            throw e;
        }
        return new Narrowed(new VectorSchemaRoot(fieldsOf(vectors), vectors, rows), owned);
    }

    private static List<Field> fieldsOf(List<FieldVector> vectors) {
        List<Field> fields = new ArrayList<>(vectors.size());
        for (FieldVector v : vectors) {
            fields.add(v.getField());
        }
        return fields;
    }

    private static FieldVector narrow(
            FieldVector v, int rows, ByteBuffer header, BufferAllocator allocator) {
        boolean wide = v instanceof BigIntVector;
        ArrowBuf data = v.getDataBuffer();
        int nulls = v.getNullCount();
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < rows; i++) {
            if (nulls == 0 || !v.isNull(i)) {
                long x =
                        wide
                                ? data.getLong((long) i * Long.BYTES)
                                : data.getInt((long) i * Integer.BYTES);
                min = Math.min(min, x);
                max = Math.max(max, x);
            }
        }
        String name = v.getField().getName();
        if (rows == 0 || (nulls == 0 && min == max)) {
            header.put(CONSTANT).putLong(rows == 0 ? 0 : min);
            return nullColumn(name, rows);
        }
        if (nulls == rows) {
            header.put(ALL_NULL).putLong(0);
            return nullColumn(name, rows);
        }
        int width = width(max - min);
        header.put((byte) width).putLong(min);
        BaseFixedWidthVector out =
                (BaseFixedWidthVector) offsetsField(name, width).createVector(allocator);
        try {
            out.allocateNew(rows);
            out.getValidityBuffer()
                    .setBytes(
                            0,
                            v.getValidityBuffer(),
                            0,
                            BitVectorHelper.getValidityBufferSizeFromCount(rows));
            ArrowBuf to = out.getDataBuffer();
            for (int i = 0; i < rows; i++) {
                long x =
                        wide
                                ? data.getLong((long) i * Long.BYTES)
                                : data.getInt((long) i * Integer.BYTES);
                put(to, i, width, x - min);
            }
            out.setValueCount(rows);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** The narrowest of 1, 2, 4, 8 bytes holding the unsigned {@code range}. */
    static int width(long range) {
        if (Long.compareUnsigned(range, BYTE_RANGE) < 0) {
            return 1;
        }
        if (Long.compareUnsigned(range, SHORT_RANGE) < 0) {
            return 2;
        }
        return Long.compareUnsigned(range, INT_RANGE) < 0 ? 4 : 8;
    }

    private static void put(ArrowBuf to, int i, int width, long offset) {
        switch (width) {
            case 1:
                to.setByte(i, (byte) offset);
                break;
            case 2:
                to.setShort((long) i * Short.BYTES, (short) offset);
                break;
            case 4:
                to.setInt((long) i * Integer.BYTES, (int) offset);
                break;
            default:
                to.setLong((long) i * Long.BYTES, offset);
        }
    }

    private static long get(ArrowBuf from, int i, int width) {
        switch (width) {
            case 1:
                return from.getByte(i) & 0xFFL;
            case 2:
                return from.getShort((long) i * Short.BYTES) & 0xFFFFL;
            case 4:
                return from.getInt((long) i * Integer.BYTES) & 0xFFFF_FFFFL;
            default:
                return from.getLong((long) i * Long.BYTES);
        }
    }

    private static FieldVector nullColumn(String name, int rows) {
        NullVector n =
                new NullVector(new Field(name, FieldType.nullable(ArrowType.Null.INSTANCE), null));
        n.setValueCount(rows);
        return n;
    }

    private static Field offsetsField(String name, int width) {
        return new Field(
                name, FieldType.nullable(new ArrowType.Int(width * Byte.SIZE, false)), null);
    }

    /**
     * The schema a batch with reference header {@code header} (at its position, which is left
     * unchanged) was serialized with; the last one is cached, as consecutive batches mostly agree.
     */
    Schema storedSchema(ByteBuffer header) {
        byte[] kinds = new byte[narrowed.length];
        for (int k = 0; k < narrowed.length; k++) {
            kinds[k] = header.get(header.position() + k * ENTRY_BYTES);
            if (!validKind(kinds[k])) {
                throw new IllegalStateException(
                        "bad reference kind " + kinds[k] + " of column " + narrowed[k]);
            }
        }
        if (Arrays.equals(kinds, lastKinds)) {
            return lastSchema;
        }
        List<Field> fields = new ArrayList<>(schema.getFields());
        for (int k = 0; k < narrowed.length; k++) {
            String name = fields.get(narrowed[k]).getName();
            fields.set(
                    narrowed[k],
                    kinds[k] == CONSTANT || kinds[k] == ALL_NULL
                            ? new Field(name, FieldType.nullable(ArrowType.Null.INSTANCE), null)
                            : offsetsField(name, kinds[k]));
        }
        lastKinds = kinds;
        lastSchema = new Schema(fields);
        return lastSchema;
    }

    /** Whether every kind is one this class writes. */
    static boolean validKind(byte kind) {
        return kind == CONSTANT
                || kind == ALL_NULL
                || kind == 1
                || kind == 2
                || kind == 4
                || kind == 8;
    }

    /**
     * Restores the batch of this file's schema from {@code stored} (closed here) and its reference
     * header, read from {@code header}'s position.
     */
    VectorSchemaRoot decode(VectorSchemaRoot stored, ByteBuffer header, BufferAllocator allocator) {
        int rows = stored.getRowCount();
        List<FieldVector> out = new ArrayList<>(schema.getFields().size());
        try (VectorSchemaRoot in = stored) {
            int k = 0;
            for (int c = 0; c < schema.getFields().size(); c++) {
                FieldVector v = in.getVector(c);
                if (k < narrowed.length && narrowed[k] == c) {
                    byte kind = header.get();
                    long base = header.getLong();
                    out.add(widen(schema.getFields().get(c), v, kind, base, rows, allocator));
                    k++;
                } else {
                    TransferPair t = v.getTransferPair(allocator);
                    t.transfer();
                    out.add((FieldVector) t.getTo());
                }
            }
        } catch (RuntimeException e) {
            out.forEach(FieldVector::close);
            throw e;
        }
        return new VectorSchemaRoot(schema.getFields(), out, rows);
    }

    private static FieldVector widen(
            Field field,
            FieldVector stored,
            byte kind,
            long base,
            int rows,
            BufferAllocator allocator) {
        BaseFixedWidthVector out = (BaseFixedWidthVector) field.createVector(allocator);
        try {
            out.allocateNew(rows);
            boolean wide = out instanceof BigIntVector;
            ArrowBuf validity = out.getValidityBuffer();
            ArrowBuf data = out.getDataBuffer();
            if (kind == CONSTANT) {
                setAllValid(validity, rows);
                for (int i = 0; i < rows; i++) {
                    putValue(data, i, wide, base);
                }
            } else if (kind != ALL_NULL) {
                validity.setBytes(
                        0,
                        stored.getValidityBuffer(),
                        0,
                        BitVectorHelper.getValidityBufferSizeFromCount(rows));
                ArrowBuf from = stored.getDataBuffer();
                for (int i = 0; i < rows; i++) {
                    putValue(data, i, wide, base + get(from, i, kind));
                }
            }
            out.setValueCount(rows);
            return out;
        } catch (RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private static void putValue(ArrowBuf data, int i, boolean wide, long value) {
        if (wide) {
            data.setLong((long) i * Long.BYTES, value);
        } else {
            data.setInt((long) i * Integer.BYTES, (int) value);
        }
    }

    private static void setAllValid(ArrowBuf validity, int rows) {
        int full = rows >>> 3;
        validity.setOne(0, full);
        int rest = rows & 7;
        if (rest != 0) {
            validity.setByte(full, (1 << rest) - 1);
        }
    }

    /** A narrowed batch: the root to serialize and the vectors it owns (closed with it). */
    static final class Narrowed implements AutoCloseable {
        final VectorSchemaRoot root;
        private final List<FieldVector> owned;

        Narrowed(VectorSchemaRoot root, List<FieldVector> owned) {
            this.root = root;
            this.owned = owned;
        }

        @Override
        public void close() {
            owned.forEach(FieldVector::close);
        }
    }
}
