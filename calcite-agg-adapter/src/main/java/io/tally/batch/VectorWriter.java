package io.tally.batch;

import java.math.BigDecimal;
import java.math.RoundingMode;
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
import org.apache.arrow.vector.complex.ListVector;

/**
 * Writes a value of one physical family into an output vector of a SQL type, converting and
 * range-checking: a value that does not fit the column is an error naming the column, never a
 * wrapped or silently rounded-away number.
 */
public final class VectorWriter {
    private VectorWriter() {}

    public static void setLong(FieldVector v, DataType t, int i, long value, String what) {
        switch (t.type()) {
            case BOOLEAN:
                ((BitVector) v).setSafe(i, value != 0 ? 1 : 0);
                break;
            case TINYINT:
                ((TinyIntVector) v)
                        .setSafe(
                                i,
                                (byte) checkRange(value, Byte.MIN_VALUE, Byte.MAX_VALUE, t, what));
                break;
            case SMALLINT:
                ((SmallIntVector) v)
                        .setSafe(
                                i,
                                (short)
                                        checkRange(
                                                value, Short.MIN_VALUE, Short.MAX_VALUE, t, what));
                break;
            case INTEGER:
                ((IntVector) v)
                        .setSafe(
                                i,
                                (int)
                                        checkRange(
                                                value,
                                                Integer.MIN_VALUE,
                                                Integer.MAX_VALUE,
                                                t,
                                                what));
                break;
            case BIGINT:
                ((BigIntVector) v).setSafe(i, value);
                break;
            case DATE:
                ((DateDayVector) v)
                        .setSafe(
                                i,
                                (int)
                                        checkRange(
                                                value,
                                                Integer.MIN_VALUE,
                                                Integer.MAX_VALUE,
                                                t,
                                                what));
                break;
            case TIME:
                ((TimeMilliVector) v)
                        .setSafe(
                                i,
                                (int)
                                        checkRange(
                                                value,
                                                Integer.MIN_VALUE,
                                                Integer.MAX_VALUE,
                                                t,
                                                what));
                break;
            case TIMESTAMP:
                ((TimeStampMilliVector) v).setSafe(i, value);
                break;
            case REAL:
            case DOUBLE:
                setDouble(v, t, i, (double) value, what);
                break;
            case DECIMAL:
                setBigDecimal(v, t, i, BigDecimal.valueOf(value), what);
                break;
            default:
                throw new TallyException(what + ": cannot write a number into " + t);
        }
    }

    public static void setDouble(FieldVector v, DataType t, int i, double value, String what) {
        switch (t.type()) {
            case REAL:
                ((Float4Vector) v).setSafe(i, (float) value);
                break;
            case DOUBLE:
                ((Float8Vector) v).setSafe(i, value);
                break;
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                if (Double.isNaN(value) || value >= 0x1p63 || value < -0x1p63) {
                    throw new TallyException(what + ": value " + value + " out of range for " + t);
                }
                setLong(v, t, i, (long) value, what);
                break;
            case DECIMAL:
                if (Double.isNaN(value) || Double.isInfinite(value)) {
                    throw new TallyException(what + ": value " + value + " cannot be a " + t);
                }
                setBigDecimal(v, t, i, new BigDecimal(value), what);
                break;
            default:
                throw new TallyException(what + ": cannot write a number into " + t);
        }
    }

    /** Writes the 128-bit unscaled value {@code (hi, lo)} with scale {@code scale}. */
    public static void setDecimal128(
            FieldVector v, DataType t, int i, long lo, long hi, int scale, String what) {
        if (t.type() == ColumnType.DECIMAL
                && t.scale() == scale
                && hi == (lo >> 63)
                && t.precision() >= 19) {
            DecimalVector d = (DecimalVector) v;
            if (i >= d.getValueCapacity()) {
                d.reAlloc();
            }
            d.getDataBuffer().setLong((long) i * 16, lo);
            d.getDataBuffer().setLong((long) i * 16 + 8, hi);
            d.setIndexDefined(i);
            return;
        }
        setBigDecimal(v, t, i, new BigDecimal(Int128.toBigInteger(lo, hi), scale), what);
    }

    public static void setBigDecimal(
            FieldVector v, DataType t, int i, BigDecimal value, String what) {
        switch (t.type()) {
            case DECIMAL:
                BigDecimal scaled = value.setScale(t.scale(), RoundingMode.HALF_UP);
                if (scaled.precision() > t.precision() && scaled.signum() != 0) {
                    throw new TallyException(what + ": value " + value + " out of range for " + t);
                }
                ((DecimalVector) v).setSafe(i, scaled);
                break;
            case REAL:
            case DOUBLE:
                setDouble(v, t, i, value.doubleValue(), what);
                break;
            default:
                BigDecimal whole = value.setScale(0, RoundingMode.DOWN);
                if (whole.unscaledValue().bitLength() > 63) {
                    throw new TallyException(what + ": value " + value + " out of range for " + t);
                }
                setLong(v, t, i, whole.longValueExact(), what);
        }
    }

    public static void setBytes(FieldVector v, DataType t, int i, byte[] b, int from, int len) {
        switch (t.type()) {
            case CHAR:
            case VARCHAR:
                ((VarCharVector) v).setSafe(i, b, from, len);
                break;
            case VARBINARY:
                ((VarBinaryVector) v).setSafe(i, b, from, len);
                break;
            case ARRAY:
            case MULTISET:
                ArrayCodec.write(
                        (ListVector) v, t.element(), i, b, from, from + len, "array value");
                break;
            default:
                throw new TallyException("cannot write bytes into " + t);
        }
    }

    private static long checkRange(long value, long min, long max, DataType t, String what) {
        if (value < min || value > max) {
            throw new TallyException(what + ": value " + value + " out of range for " + t);
        }
        return value;
    }
}
