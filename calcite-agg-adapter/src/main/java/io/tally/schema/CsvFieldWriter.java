package io.tally.schema;

import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.VarCharVector;

/**
 * Writes one CSV field, as bytes {@code b[start, end)} of the read buffer, into one row of a column
 * vector, parsing it as the column's type with no String in between where {@link CsvBytes} can.
 * Fixed-width vectors must already hold the batch's rows; VARCHAR grows. Throws {@link
 * CsvValues.BadValue} when the bytes do not parse.
 */
interface CsvFieldWriter {
    void write(int row, byte[] b, int start, int end);

    /** A writer for {@code vector}, whose Arrow type is {@code type.arrowType()}. */
    static CsvFieldWriter create(FieldVector vector, CsvType type, CsvDateFormat format) {
        switch (type.kind()) {
            case BOOLEAN:
                {
                    BitVector v = (BitVector) vector;
                    return (row, b, s, e) -> v.set(row, CsvBytes.parseBoolean(b, s, e) ? 1 : 0);
                }
            case INTEGER:
                {
                    IntVector v = (IntVector) vector;
                    return (row, b, s, e) -> v.set(row, CsvBytes.parseInt(b, s, e));
                }
            case BIGINT:
                {
                    BigIntVector v = (BigIntVector) vector;
                    return (row, b, s, e) -> v.set(row, CsvBytes.parseLong(b, s, e));
                }
            case DOUBLE:
                {
                    Float8Vector v = (Float8Vector) vector;
                    return (row, b, s, e) -> v.set(row, CsvBytes.parseDouble(b, s, e));
                }
            case DECIMAL:
                {
                    DecimalVector v = (DecimalVector) vector;
                    int precision = type.precision();
                    int scale = type.scale();
                    return (row, b, s, e) ->
                            v.setSafe(
                                    row,
                                    CsvValues.parseDecimal(
                                            CsvBytes.text(b, s, e), precision, scale));
                }
            case DATE:
                {
                    DateDayVector v = (DateDayVector) vector;
                    return (row, b, s, e) -> v.set(row, format.parseDate(b, s, e));
                }
            case TIMESTAMP:
                {
                    TimeStampMilliVector v = (TimeStampMilliVector) vector;
                    return (row, b, s, e) -> v.set(row, format.parseTimestamp(b, s, e));
                }
            case VARCHAR:
                {
                    VarCharVector v = (VarCharVector) vector;
                    return (row, b, s, e) -> v.setSafe(row, b, s, e - s);
                }
            default:
                throw new AssertionError(type);
        }
    }
}
