package io.tally.schema.parquet;

import io.tally.schema.DataFileException;
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
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * How one Arrow column is written to Parquet: its Parquet type (every column OPTIONAL, so one
 * definition level marks NULL) and the writing of one row's value to parquet-column's {@link
 * ColumnWriter}. Mapping: BOOLEAN; TINYINT/SMALLINT/INTEGER as INT32 with an integer annotation;
 * BIGINT as INT64; REAL FLOAT; DOUBLE; DECIMAL(p, s) as INT32 (p ≤ 9), INT64 (p ≤ 18) or a 16-byte
 * FIXED_LEN_BYTE_ARRAY; DATE as INT32 DATE; TIME as INT32 TIME(MILLIS); TIMESTAMP as INT64
 * TIMESTAMP(MILLIS, not adjusted to UTC); VARCHAR as BINARY STRING; VARBINARY as BINARY; VARCHAR
 * ARRAY as a three-level LIST of STRING.
 */
abstract class ParquetOutputColumn {
    /** Definition level of a present value of a flat OPTIONAL column. */
    private static final int PRESENT = 1;

    /** Levels of a LIST column: list present but empty, item NULL, item present. */
    private static final int LIST_EMPTY = 1;

    private static final int ITEM_NULL = 2;
    private static final int ITEM_PRESENT = 3;

    /** Bytes of a DECIMAL stored as a fixed-length byte array (Arrow's 128-bit decimals). */
    private static final int DECIMAL_BYTES = 16;

    /** Largest decimal precision that fits INT32 and INT64 unscaled values. */
    private static final int INT32_DIGITS = 9;

    private static final int INT64_DIGITS = 18;

    final Type type;

    private ParquetOutputColumn(Type type) {
        this.type = type;
    }

    /** Writes row {@code row} of {@code vector} (the column's vector in the current batch). */
    abstract void write(ColumnWriter writer, FieldVector vector, int row);

    /** The output column of Arrow field {@code field}; throws naming a type Parquet cannot take. */
    static ParquetOutputColumn of(Field field) {
        String name = field.getName();
        ArrowType arrow = field.getType();
        switch (arrow.getTypeID()) {
            case Bool:
                return flat(
                        Types.optional(PrimitiveTypeName.BOOLEAN).named(name),
                        (w, v, i) -> w.write(((BitVector) v).get(i) != 0, 0, PRESENT));
            case Int:
                {
                    int bits = ((ArrowType.Int) arrow).getBitWidth();
                    if (bits == 64) {
                        return flat(
                                Types.optional(PrimitiveTypeName.INT64).named(name),
                                (w, v, i) -> w.write(((BigIntVector) v).get(i), 0, PRESENT));
                    }
                    Type t =
                            Types.optional(PrimitiveTypeName.INT32)
                                    .as(LogicalTypeAnnotation.intType(bits, true))
                                    .named(name);
                    return flat(t, (w, v, i) -> w.write(intValue(v, i), 0, PRESENT));
                }
            case FloatingPoint:
                if (((ArrowType.FloatingPoint) arrow).getPrecision()
                        == FloatingPointPrecision.SINGLE) {
                    return flat(
                            Types.optional(PrimitiveTypeName.FLOAT).named(name),
                            (w, v, i) -> w.write(((Float4Vector) v).get(i), 0, PRESENT));
                }
                return flat(
                        Types.optional(PrimitiveTypeName.DOUBLE).named(name),
                        (w, v, i) -> w.write(((Float8Vector) v).get(i), 0, PRESENT));
            case Decimal:
                return decimal(name, (ArrowType.Decimal) arrow);
            case Date:
                return flat(
                        Types.optional(PrimitiveTypeName.INT32)
                                .as(LogicalTypeAnnotation.dateType())
                                .named(name),
                        (w, v, i) -> w.write(((DateDayVector) v).get(i), 0, PRESENT));
            case Time:
                return flat(
                        Types.optional(PrimitiveTypeName.INT32)
                                .as(LogicalTypeAnnotation.timeType(false, TimeUnit.MILLIS))
                                .named(name),
                        (w, v, i) -> w.write(((TimeMilliVector) v).get(i), 0, PRESENT));
            case Timestamp:
                return flat(
                        Types.optional(PrimitiveTypeName.INT64)
                                .as(LogicalTypeAnnotation.timestampType(false, TimeUnit.MILLIS))
                                .named(name),
                        (w, v, i) -> w.write(((TimeStampVector) v).get(i), 0, PRESENT));
            case Utf8:
                return flat(
                        Types.optional(PrimitiveTypeName.BINARY)
                                .as(LogicalTypeAnnotation.stringType())
                                .named(name),
                        (w, v, i) ->
                                w.write(
                                        Binary.fromConstantByteArray(((VarCharVector) v).get(i)),
                                        0,
                                        PRESENT));
            case Binary:
                return flat(
                        Types.optional(PrimitiveTypeName.BINARY).named(name),
                        (w, v, i) ->
                                w.write(
                                        Binary.fromConstantByteArray(((VarBinaryVector) v).get(i)),
                                        0,
                                        PRESENT));
            case List:
                if (field.getChildren().size() == 1
                        && field.getChildren().get(0).getType().getTypeID()
                                == ArrowType.ArrowTypeID.Utf8) {
                    return new StringList(name);
                }
                break;
            default:
                break;
        }
        throw new DataFileException(
                "Column " + name + " has type " + arrow + ", which Tally cannot write to Parquet");
    }

    private static int intValue(FieldVector v, int i) {
        if (v instanceof IntVector iv) {
            return iv.get(i);
        }
        if (v instanceof SmallIntVector s) {
            return s.get(i);
        }
        return ((TinyIntVector) v).get(i);
    }

    private static ParquetOutputColumn decimal(String name, ArrowType.Decimal arrow) {
        int p = arrow.getPrecision();
        int s = arrow.getScale();
        LogicalTypeAnnotation annotation = LogicalTypeAnnotation.decimalType(s, p);
        if (p <= INT32_DIGITS) {
            return flat(
                    Types.optional(PrimitiveTypeName.INT32).as(annotation).named(name),
                    (w, v, i) -> w.write((int) lowLong((DecimalVector) v, i), 0, PRESENT));
        }
        if (p <= INT64_DIGITS) {
            return flat(
                    Types.optional(PrimitiveTypeName.INT64).as(annotation).named(name),
                    (w, v, i) -> w.write(lowLong((DecimalVector) v, i), 0, PRESENT));
        }
        return flat(
                Types.optional(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY)
                        .length(DECIMAL_BYTES)
                        .as(annotation)
                        .named(name),
                (w, v, i) -> w.write(bigEndian((DecimalVector) v, i), 0, PRESENT));
    }

    /** The low 64 bits of a 128-bit little-endian decimal: its value when the precision is ≤ 18. */
    private static long lowLong(DecimalVector v, int i) {
        return v.getDataBuffer().getLong((long) i * DECIMAL_BYTES);
    }

    /** A 128-bit little-endian decimal as Parquet's big-endian two's complement bytes. */
    private static Binary bigEndian(DecimalVector v, int i) {
        byte[] bytes = new byte[DECIMAL_BYTES];
        v.getDataBuffer().getBytes((long) i * DECIMAL_BYTES, bytes);
        for (int a = 0, b = DECIMAL_BYTES - 1; a < b; a++, b--) {
            byte t = bytes[a];
            bytes[a] = bytes[b];
            bytes[b] = t;
        }
        return Binary.fromConstantByteArray(bytes);
    }

    /** Writes one present value of a flat column. */
    @FunctionalInterface
    private interface ValueWriter {
        void write(ColumnWriter writer, FieldVector vector, int row);
    }

    private static ParquetOutputColumn flat(Type type, ValueWriter values) {
        return new ParquetOutputColumn(type) {
            @Override
            void write(ColumnWriter writer, FieldVector vector, int row) {
                if (vector.isNull(row)) {
                    writer.writeNull(0, 0);
                } else {
                    values.write(writer, vector, row);
                }
            }
        };
    }

    /**
     * A VARCHAR ARRAY column: {@code optional group (LIST) {repeated group list {optional binary
     * element (STRING)}}}, so an item is NULL at level 2 and present at level 3.
     */
    private static final class StringList extends ParquetOutputColumn {
        StringList(String name) {
            super(
                    Types.optionalList()
                            .optionalElement(PrimitiveTypeName.BINARY)
                            .as(LogicalTypeAnnotation.stringType())
                            .named(name));
        }

        @Override
        void write(ColumnWriter writer, FieldVector vector, int row) {
            ListVector list = (ListVector) vector;
            if (list.isNull(row)) {
                writer.writeNull(0, 0);
                return;
            }
            int start = list.getElementStartIndex(row);
            int end = list.getElementEndIndex(row);
            if (start == end) {
                writer.writeNull(0, LIST_EMPTY);
                return;
            }
            BaseVariableWidthVector items = (BaseVariableWidthVector) list.getDataVector();
            for (int j = start; j < end; j++) {
                int repetition = j == start ? 0 : 1;
                if (items.isNull(j)) {
                    writer.writeNull(repetition, ITEM_NULL);
                } else {
                    writer.write(
                            Binary.fromConstantByteArray(items.get(j)), repetition, ITEM_PRESENT);
                }
            }
        }
    }
}
