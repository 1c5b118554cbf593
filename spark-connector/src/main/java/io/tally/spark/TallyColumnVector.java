package io.tally.spark;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * One column of a Tally batch as a Spark {@link ColumnVector}, read in place: values come straight
 * from the Arrow buffers (addresses taken when the batch is wrapped, so a wrapper lives as long as
 * its batch), strings are {@link UTF8String}s over the data buffer, nothing is copied but VARBINARY
 * values and DECIMALs wider than 18 digits.
 *
 * <p>Layouts read (Arrow's): validity one bit per row, LSB first, 0 = NULL; BOOLEAN one bit per row
 * likewise; fixed-width values at {@code row * width}; DECIMAL 16-byte little-endian two's
 * complement (the low 8 bytes are the value when the precision is at most 18); VARCHAR and lists
 * 4-byte offsets, row {@code i} spanning {@code [offset[i], offset[i + 1])}. TIMESTAMP is stored in
 * milliseconds and returned in Spark's microseconds. Closing it frees nothing: the batch's owner
 * frees the vectors.
 */
final class TallyColumnVector extends ColumnVector {
    /** Largest DECIMAL precision whose unscaled value fits a long (Spark's compact decimals). */
    private static final int LONG_DECIMAL_DIGITS = 18;

    private static final long MICROS_PER_MILLI = 1000;

    private final FieldVector vector;
    private final ColumnType kind;
    private final int nullCount;
    private final long validity;
    private final long data;
    private final long offsets;
    private final TallyColumnVector items;

    TallyColumnVector(FieldVector vector, DataType type) {
        super(SparkTypes.sparkType(type, vector.getName()));
        this.vector = vector;
        this.kind = type.type();
        this.nullCount = vector.getNullCount();
        this.validity = vector.getValidityBuffer().memoryAddress();
        if (kind == ColumnType.ARRAY) {
            ListVector list = (ListVector) vector;
            FieldVector child = (FieldVector) list.getDataVector();
            this.data = 0;
            this.offsets = list.getOffsetBuffer().memoryAddress();
            this.items = new TallyColumnVector(child, DataType.of(ColumnType.VARCHAR));
        } else {
            this.data = vector.getDataBuffer().memoryAddress();
            boolean variable = type.family() == ColumnType.Family.BYTES;
            this.offsets = variable ? vector.getOffsetBuffer().memoryAddress() : 0;
            this.items = null;
        }
    }

    @Override
    public void close() {
        // the vectors belong to the batch's reader
    }

    @Override
    public boolean hasNull() {
        return nullCount > 0;
    }

    @Override
    public int numNulls() {
        return nullCount;
    }

    @Override
    public boolean isNullAt(int rowId) {
        return nullCount > 0 && !bit(validity, rowId);
    }

    @Override
    public boolean getBoolean(int rowId) {
        return bit(data, rowId);
    }

    @Override
    public byte getByte(int rowId) {
        return Platform.getByte(null, data + rowId);
    }

    @Override
    public short getShort(int rowId) {
        return Platform.getShort(null, data + 2L * rowId);
    }

    @Override
    public int getInt(int rowId) {
        return Platform.getInt(null, data + 4L * rowId);
    }

    @Override
    public long getLong(int rowId) {
        long value = Platform.getLong(null, data + 8L * rowId);
        return kind == ColumnType.TIMESTAMP ? value * MICROS_PER_MILLI : value;
    }

    @Override
    public float getFloat(int rowId) {
        return Platform.getFloat(null, data + 4L * rowId);
    }

    @Override
    public double getDouble(int rowId) {
        return Platform.getDouble(null, data + 8L * rowId);
    }

    @Override
    public Decimal getDecimal(int rowId, int precision, int scale) {
        if (isNullAt(rowId)) {
            return null;
        }
        if (precision <= LONG_DECIMAL_DIGITS) {
            return Decimal.createUnsafe(
                    Platform.getLong(null, data + 16L * rowId), precision, scale);
        }
        return Decimal.apply(((DecimalVector) vector).getObject(rowId), precision, scale);
    }

    @Override
    public UTF8String getUTF8String(int rowId) {
        if (isNullAt(rowId)) {
            return null;
        }
        int start = offset(rowId);
        return UTF8String.fromAddress(null, data + start, offset(rowId + 1) - start);
    }

    @Override
    public byte[] getBinary(int rowId) {
        return isNullAt(rowId) ? null : ((VarBinaryVector) vector).get(rowId);
    }

    @Override
    public ColumnarArray getArray(int rowId) {
        if (isNullAt(rowId)) {
            return null;
        }
        int start = offset(rowId);
        return new ColumnarArray(items, start, offset(rowId + 1) - start);
    }

    @Override
    public ColumnarMap getMap(int ordinal) {
        throw new UnsupportedOperationException("Tally batches have no MAP columns");
    }

    @Override
    public ColumnVector getChild(int ordinal) {
        throw new UnsupportedOperationException("Tally batches have no STRUCT columns");
    }

    /** Where row {@code row}'s bytes or items start (and row {@code row - 1}'s end). */
    private int offset(int row) {
        return Platform.getInt(null, offsets + 4L * row);
    }

    private static boolean bit(long address, int row) {
        return ((Platform.getByte(null, address + (row >>> 3)) >>> (row & 7)) & 1) != 0;
    }
}
