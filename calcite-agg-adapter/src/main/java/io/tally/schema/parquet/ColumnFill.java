package io.tally.schema.parquet;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
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
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.io.api.Binary;

/**
 * Reads the next rows of one Parquet leaf column into an Arrow vector, converting as its {@link
 * ParquetColumn.Kind} says. Flat columns hold one value entry per row (definition level below the
 * maximum: NULL); a {@link ParquetColumn.Kind#STRING_LIST} row is the run of entries up to the next
 * repetition level 0.
 */
final class ColumnFill implements ChunkFill {
    private static final long MICROS_PER_MILLI = PlainValues.MICROS_PER_MILLI;
    private static final long NANOS_PER_MILLI = PlainValues.NANOS_PER_MILLI;
    private static final int INT96_BYTES = 12;

    private final ParquetColumn column;
    private final ColumnReader reader;
    private final BytesConverter bytes;
    private final int maxDefinition;
    private long remaining;

    /**
     * @param bytes the converter {@code reader} was built with, for STRING, BINARY and STRING_LIST
     *     columns (null for others)
     */
    ColumnFill(ParquetColumn column, ColumnReader reader, BytesConverter bytes) {
        this.column = column;
        this.reader = reader;
        this.bytes = bytes;
        this.maxDefinition = column.leaf().getMaxDefinitionLevel();
        this.remaining = reader.getTotalValueCount();
    }

    @Override
    public void fill(FieldVector vector, int rows) {
        if (column.kind() == ParquetColumn.Kind.STRING_LIST) {
            fillList((ListVector) vector, rows);
            return;
        }
        if (vector instanceof BaseFixedWidthVector fixed && fixed.getValueCapacity() < rows) {
            fixed.setInitialCapacity(rows);
            fixed.allocateNew();
        }
        for (int row = 0; row < rows; row++) {
            if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                set(vector, row);
            }
            consume();
        }
        vector.setValueCount(rows);
    }

    private void consume() {
        reader.consume();
        remaining--;
    }

    private void set(FieldVector vector, int row) {
        switch (column.kind()) {
            case BOOLEAN:
                ((BitVector) vector).set(row, reader.getBoolean() ? 1 : 0);
                break;
            case INT8:
                ((TinyIntVector) vector).set(row, (byte) reader.getInteger());
                break;
            case INT16:
                ((SmallIntVector) vector).set(row, (short) reader.getInteger());
                break;
            case INT32:
                ((IntVector) vector).set(row, reader.getInteger());
                break;
            case INT64:
                ((BigIntVector) vector).set(row, reader.getLong());
                break;
            case UINT32:
                ((BigIntVector) vector).set(row, Integer.toUnsignedLong(reader.getInteger()));
                break;
            case UINT64:
                ((BigIntVector) vector).set(row, PlainValues.unsigned64(column, reader.getLong()));
                break;
            case FLOAT:
                ((Float4Vector) vector).set(row, reader.getFloat());
                break;
            case DOUBLE:
                ((Float8Vector) vector).set(row, reader.getDouble());
                break;
            case DECIMAL_INT32:
                ((DecimalVector) vector).set(row, reader.getInteger());
                break;
            case DECIMAL_INT64:
                ((DecimalVector) vector).set(row, reader.getLong());
                break;
            case DECIMAL_BYTES:
                ((DecimalVector) vector).setBigEndian(row, reader.getBinary().getBytesUnsafe());
                break;
            case DATE:
                ((DateDayVector) vector).set(row, reader.getInteger());
                break;
            case TIME_MILLIS:
                ((TimeMilliVector) vector).set(row, reader.getInteger());
                break;
            case TIME_MICROS:
                ((TimeMilliVector) vector).set(row, (int) (reader.getLong() / MICROS_PER_MILLI));
                break;
            case TIME_NANOS:
                ((TimeMilliVector) vector).set(row, (int) (reader.getLong() / NANOS_PER_MILLI));
                break;
            case TIMESTAMP_MILLIS:
                ((TimeStampMilliVector) vector).set(row, reader.getLong());
                break;
            case TIMESTAMP_MICROS:
                ((TimeStampMilliVector) vector)
                        .set(row, Math.floorDiv(reader.getLong(), MICROS_PER_MILLI));
                break;
            case TIMESTAMP_NANOS:
                ((TimeStampMilliVector) vector)
                        .set(row, Math.floorDiv(reader.getLong(), NANOS_PER_MILLI));
                break;
            case TIMESTAMP_INT96:
                ((TimeStampMilliVector) vector).set(row, int96Millis(reader.getBinary()));
                break;
            case STRING:
            case BINARY:
                bytes.target((BaseVariableWidthVector) vector, row);
                reader.writeCurrentValueToConverter();
                break;
            default:
                throw new AssertionError(column.kind());
        }
    }

    /**
     * An INT96 timestamp: nanoseconds of the day (8 bytes) then the Julian day (4), little-endian.
     */
    private static long int96Millis(Binary value) {
        ByteBuffer bytes = value.toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.remaining() != INT96_BYTES) {
            throw new IllegalStateException("INT96 value of " + bytes.remaining() + " bytes");
        }
        long nanos = bytes.getLong(bytes.position());
        long julianDay = bytes.getInt(bytes.position() + Long.BYTES);
        return PlainValues.int96Millis(nanos, julianDay);
    }

    /** Reads {@code rows} lists: each starts at an entry with repetition level 0. */
    private void fillList(ListVector vector, int rows) {
        VarCharVector elements = (VarCharVector) vector.getDataVector();
        int listLevel = column.listLevel();
        int entryLevel = listLevel + 1;
        int element = 0;
        for (int row = 0; row < rows; row++) {
            int definition = reader.getCurrentDefinitionLevel();
            if (definition < listLevel) {
                vector.setNull(row);
                consume();
                continue;
            }
            vector.startNewValue(row);
            int start = element;
            if (definition < entryLevel) {
                consume(); // an empty list
            } else {
                do {
                    if (reader.getCurrentDefinitionLevel() == maxDefinition) {
                        bytes.target(elements, element);
                        reader.writeCurrentValueToConverter();
                    } else {
                        elements.setNull(element);
                    }
                    element++;
                    consume();
                } while (remaining > 0 && reader.getCurrentRepetitionLevel() > 0);
            }
            vector.endValue(row, element - start);
        }
        elements.setValueCount(element);
        vector.setValueCount(rows);
    }
}
