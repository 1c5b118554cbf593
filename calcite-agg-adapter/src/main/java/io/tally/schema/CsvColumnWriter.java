package io.tally.schema;

import java.nio.charset.StandardCharsets;
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
 * Writes one CSV field into one row of a column vector, parsing it as the column's type. Rows left
 * unwritten stay NULL (vectors are reset between batches). Throws {@link CsvValues.BadValue} when
 * the text does not parse.
 */
interface CsvColumnWriter {
  /** Writes {@code value} (never {@code null}) at {@code row}. */
  void write(int row, String value);

  /** Whether {@code value} stands for NULL in a column of {@code type}. */
  static boolean isNull(CsvType type, String value) {
    return value == null || (type.kind() != CsvType.Kind.VARCHAR && value.isBlank());
  }

  /** A writer for {@code vector}, whose Arrow type is {@code type.arrowType()}. */
  static CsvColumnWriter create(FieldVector vector, CsvType type) {
    switch (type.kind()) {
      case BOOLEAN: {
        BitVector v = (BitVector) vector;
        return (row, value) -> v.setSafe(row, CsvValues.parseBoolean(value) ? 1 : 0);
      }
      case INTEGER: {
        IntVector v = (IntVector) vector;
        return (row, value) -> v.setSafe(row, CsvValues.parseInt(value));
      }
      case BIGINT: {
        BigIntVector v = (BigIntVector) vector;
        return (row, value) -> v.setSafe(row, CsvValues.parseLong(value));
      }
      case DOUBLE: {
        Float8Vector v = (Float8Vector) vector;
        return (row, value) -> v.setSafe(row, CsvValues.parseDouble(value));
      }
      case DECIMAL: {
        DecimalVector v = (DecimalVector) vector;
        int precision = type.precision();
        int scale = type.scale();
        return (row, value) -> v.setSafe(row, CsvValues.parseDecimal(value, precision, scale));
      }
      case DATE: {
        DateDayVector v = (DateDayVector) vector;
        return (row, value) -> v.setSafe(row, CsvValues.parseDate(value));
      }
      case TIMESTAMP: {
        TimeStampMilliVector v = (TimeStampMilliVector) vector;
        return (row, value) -> v.setSafe(row, CsvValues.parseTimestamp(value));
      }
      case VARCHAR: {
        VarCharVector v = (VarCharVector) vector;
        return (row, value) -> v.setSafe(row, value.getBytes(StandardCharsets.UTF_8));
      }
      default:
        throw new AssertionError(type);
    }
  }
}
