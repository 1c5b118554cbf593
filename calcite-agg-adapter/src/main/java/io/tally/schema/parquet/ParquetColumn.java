package io.tally.schema.parquet;

import io.tally.schema.DataFileException;
import java.nio.file.Path;
import java.util.List;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.IntLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeLogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimestampLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * How one top-level field of a Parquet file becomes a column of Tally batches: the leaf column it
 * reads, the Arrow field it produces (a vector type of {@code io.tally.batch.BatchCursor}) and the
 * {@link Kind} of conversion between them.
 *
 * @param field the Arrow field of the batches
 * @param kind how values are converted
 * @param leaf the leaf column read (its index in the row groups' column chunks is {@code
 *     leafIndex})
 * @param leafIndex index of the leaf among the file's leaf columns
 * @param listLevel for {@link Kind#STRING_LIST}: definition level at which the list itself is
 *     present (lower means a NULL list); 0 otherwise
 */
record ParquetColumn(Field field, Kind kind, ColumnDescriptor leaf, int leafIndex, int listLevel) {
    /** Conversions from a Parquet leaf to an Arrow vector. */
    enum Kind {
        BOOLEAN,
        INT8,
        INT16,
        INT32,
        INT64,
        UINT32,
        UINT64,
        FLOAT,
        DOUBLE,
        DECIMAL_INT32,
        DECIMAL_INT64,
        DECIMAL_BYTES,
        DATE,
        TIME_MILLIS,
        TIME_MICROS,
        TIME_NANOS,
        TIMESTAMP_MILLIS,
        TIMESTAMP_MICROS,
        TIMESTAMP_NANOS,
        TIMESTAMP_INT96,
        STRING,
        BINARY,
        STRING_LIST
    }

    static final String SUPPORTED =
            "BOOLEAN, INT32/INT64 (signed or unsigned integers, DATE, TIME,"
                    + " TIMESTAMP, DECIMAL), INT96 timestamps, FLOAT, DOUBLE, BYTE_ARRAY (STRING, ENUM, JSON,"
                    + " DECIMAL, binary), FIXED_LEN_BYTE_ARRAY DECIMAL, LIST of STRING";

    /** Largest precision an Arrow 128-bit decimal holds. */
    private static final int MAX_DECIMAL_PRECISION = 38;

    /**
     * Maps top-level field {@code index} of {@code schema}, or throws {@link DataFileException}
     * naming file, column and type.
     */
    static ParquetColumn of(Path file, MessageType schema, int index) {
        Type type = schema.getType(index);
        String name = type.getName();
        int leafIndex = firstLeaf(schema, name);
        Kind kind = null;
        ArrowType arrow = null;
        int listLevel = 0;
        if (type.isPrimitive()) {
            PrimitiveType p = type.asPrimitiveType();
            kind = kind(p);
            arrow = kind == null ? null : arrowType(kind, p);
        } else {
            int level = stringListLevel(schema, type.asGroupType());
            if (level >= 0) {
                kind = Kind.STRING_LIST;
                listLevel = level;
            }
        }
        if (kind == null) {
            throw new DataFileException(
                    file
                            + ": column "
                            + (index + 1)
                            + " '"
                            + name
                            + "' has Parquet type "
                            + type.toString().strip().replaceAll("\\s+", " ")
                            + ", which Tally cannot read; supported types: "
                            + SUPPORTED);
        }
        boolean nullable = type.getRepetition() != Type.Repetition.REQUIRED;
        Field field =
                kind == Kind.STRING_LIST
                        ? new Field(
                                name,
                                new FieldType(nullable, ArrowType.List.INSTANCE, null),
                                List.of(Field.nullable("element", ArrowType.Utf8.INSTANCE)))
                        : new Field(name, new FieldType(nullable, arrow, null), List.of());
        return new ParquetColumn(
                field, kind, schema.getColumns().get(leafIndex), leafIndex, listLevel);
    }

    private static int firstLeaf(MessageType schema, String name) {
        List<ColumnDescriptor> leaves = schema.getColumns();
        for (int i = 0; i < leaves.size(); i++) {
            if (leaves.get(i).getPath()[0].equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("no leaf column under " + name);
    }

    /**
     * For a LIST of strings (3-level {@code LIST { repeated group { element } }} or the legacy
     * 2-level {@code repeated binary}), the definition level at which the list is present; -1 for
     * any other group.
     */
    private static int stringListLevel(MessageType schema, GroupType group) {
        if (!(group.getLogicalTypeAnnotation()
                        instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation)
                || group.getFieldCount() != 1) {
            return -1;
        }
        Type repeated = group.getType(0);
        if (!repeated.isRepetition(Type.Repetition.REPEATED)) {
            return -1;
        }
        Type element = repeated;
        if (!repeated.isPrimitive()) {
            GroupType inner = repeated.asGroupType();
            if (inner.getFieldCount() != 1) {
                return -1;
            }
            element = inner.getType(0);
        }
        if (!element.isPrimitive()
                || element.isRepetition(Type.Repetition.REPEATED)
                || kind(element.asPrimitiveType()) != Kind.STRING) {
            return -1;
        }
        return schema.getMaxDefinitionLevel(group.getName());
    }

    private static Kind kind(PrimitiveType p) {
        LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
        switch (p.getPrimitiveTypeName()) {
            case BOOLEAN:
                return Kind.BOOLEAN;
            case INT32:
                if (logical == null) {
                    return Kind.INT32;
                }
                if (logical instanceof IntLogicalTypeAnnotation i) {
                    int bits = i.getBitWidth();
                    if (!i.isSigned()) {
                        return bits == 32 ? Kind.UINT32 : bits == 16 ? Kind.INT32 : Kind.INT16;
                    }
                    return bits == 8 ? Kind.INT8 : bits == 16 ? Kind.INT16 : Kind.INT32;
                }
                if (logical instanceof DecimalLogicalTypeAnnotation) {
                    return Kind.DECIMAL_INT32;
                }
                if (logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    return Kind.DATE;
                }
                if (logical instanceof TimeLogicalTypeAnnotation) {
                    return Kind.TIME_MILLIS;
                }
                return null;
            case INT64:
                if (logical == null) {
                    return Kind.INT64;
                }
                if (logical instanceof IntLogicalTypeAnnotation i) {
                    return i.isSigned() ? Kind.INT64 : Kind.UINT64;
                }
                if (logical instanceof DecimalLogicalTypeAnnotation) {
                    return Kind.DECIMAL_INT64;
                }
                if (logical instanceof TimestampLogicalTypeAnnotation t) {
                    switch (t.getUnit()) {
                        case MILLIS:
                            return Kind.TIMESTAMP_MILLIS;
                        case MICROS:
                            return Kind.TIMESTAMP_MICROS;
                        default:
                            return Kind.TIMESTAMP_NANOS;
                    }
                }
                if (logical instanceof TimeLogicalTypeAnnotation t) {
                    return t.getUnit() == LogicalTypeAnnotation.TimeUnit.MICROS
                            ? Kind.TIME_MICROS
                            : Kind.TIME_NANOS;
                }
                return null;
            case INT96:
                return Kind.TIMESTAMP_INT96;
            case FLOAT:
                return Kind.FLOAT;
            case DOUBLE:
                return Kind.DOUBLE;
            case BINARY:
                if (logical == null) {
                    return Kind.BINARY;
                }
                if (logical instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.EnumLogicalTypeAnnotation
                        || logical instanceof LogicalTypeAnnotation.JsonLogicalTypeAnnotation) {
                    return Kind.STRING;
                }
                return logical instanceof DecimalLogicalTypeAnnotation d
                                && d.getPrecision() <= MAX_DECIMAL_PRECISION
                        ? Kind.DECIMAL_BYTES
                        : null;
            case FIXED_LEN_BYTE_ARRAY:
                return logical instanceof DecimalLogicalTypeAnnotation d
                                && d.getPrecision() <= MAX_DECIMAL_PRECISION
                        ? Kind.DECIMAL_BYTES
                        : null;
            default:
                return null;
        }
    }

    private static ArrowType arrowType(Kind kind, PrimitiveType p) {
        switch (kind) {
            case BOOLEAN:
                return ArrowType.Bool.INSTANCE;
            case INT8:
                return new ArrowType.Int(8, true);
            case INT16:
                return new ArrowType.Int(16, true);
            case INT32:
                return new ArrowType.Int(32, true);
            case INT64:
            case UINT32:
            case UINT64:
                return new ArrowType.Int(64, true);
            case FLOAT:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE:
                return new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DECIMAL_INT32:
            case DECIMAL_INT64:
            case DECIMAL_BYTES:
                {
                    DecimalLogicalTypeAnnotation d =
                            (DecimalLogicalTypeAnnotation) p.getLogicalTypeAnnotation();
                    return new ArrowType.Decimal(d.getPrecision(), d.getScale(), 128);
                }
            case DATE:
                return new ArrowType.Date(DateUnit.DAY);
            case TIME_MILLIS:
            case TIME_MICROS:
            case TIME_NANOS:
                return new ArrowType.Time(TimeUnit.MILLISECOND, 32);
            case TIMESTAMP_MILLIS:
            case TIMESTAMP_MICROS:
            case TIMESTAMP_NANOS:
            case TIMESTAMP_INT96:
                return new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
            case STRING:
                return ArrowType.Utf8.INSTANCE;
            case BINARY:
                return ArrowType.Binary.INSTANCE;
            default:
                throw new AssertionError(kind);
        }
    }
}
