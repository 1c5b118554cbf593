package io.tally.spark;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

/**
 * Maps the columns of Tally batches (the Arrow vector types listed in {@link
 * io.tally.exec.BatchCursor}) to Tally's {@link DataType}s and to Spark SQL types.
 *
 * <p>TIMESTAMP is Tally's timestamp without time zone, so it is Spark's {@code TIMESTAMP_NTZ}
 * (microseconds; Tally's milliseconds are multiplied by 1000). TIME has no Spark type in every 4.x
 * release and is refused with the column's name.
 */
final class SparkTypes {
    private SparkTypes() {}

    /** Tally's type of a batch column, or an error naming the column and its Arrow type. */
    static DataType tallyType(Field field) {
        ArrowType type = field.getType();
        boolean nullable = field.isNullable();
        switch (type.getTypeID()) {
            case Bool:
                return new DataType(ColumnType.BOOLEAN, 0, 0, nullable);
            case Int:
                switch (((ArrowType.Int) type).getBitWidth()) {
                    case 8:
                        return new DataType(ColumnType.TINYINT, 0, 0, nullable);
                    case 16:
                        return new DataType(ColumnType.SMALLINT, 0, 0, nullable);
                    case 32:
                        return new DataType(ColumnType.INTEGER, 0, 0, nullable);
                    default:
                        return new DataType(ColumnType.BIGINT, 0, 0, nullable);
                }
            case FloatingPoint:
                boolean single =
                        ((ArrowType.FloatingPoint) type).getPrecision()
                                == FloatingPointPrecision.SINGLE;
                return new DataType(single ? ColumnType.REAL : ColumnType.DOUBLE, 0, 0, nullable);
            case Decimal:
                ArrowType.Decimal d = (ArrowType.Decimal) type;
                return new DataType(ColumnType.DECIMAL, d.getPrecision(), d.getScale(), nullable);
            case Date:
                return new DataType(ColumnType.DATE, 0, 0, nullable);
            case Time:
                return new DataType(ColumnType.TIME, 0, 0, nullable);
            case Timestamp:
                return new DataType(ColumnType.TIMESTAMP, 0, 0, nullable);
            case Utf8:
                return new DataType(ColumnType.VARCHAR, 0, 0, nullable);
            case Binary:
                return new DataType(ColumnType.VARBINARY, 0, 0, nullable);
            case List:
                if (field.getChildren().size() == 1
                        && field.getChildren().get(0).getType().getTypeID()
                                == ArrowType.ArrowTypeID.Utf8) {
                    return DataType.array(DataType.of(ColumnType.VARCHAR)).withNullable(nullable);
                }
                throw new IllegalArgumentException(
                        "column '"
                                + field.getName()
                                + "' is a list of "
                                + field.getChildren()
                                + "; Tally reads lists of strings only");
            default:
                throw new IllegalArgumentException(
                        "column '"
                                + field.getName()
                                + "' has Arrow type "
                                + type
                                + ", which Tally batches do not carry");
        }
    }

    /** The Spark type of a Tally type; {@code column} names the column in errors. */
    static org.apache.spark.sql.types.DataType sparkType(DataType type, String column) {
        switch (type.type()) {
            case BOOLEAN:
                return DataTypes.BooleanType;
            case TINYINT:
                return DataTypes.ByteType;
            case SMALLINT:
                return DataTypes.ShortType;
            case INTEGER:
                return DataTypes.IntegerType;
            case BIGINT:
                return DataTypes.LongType;
            case REAL:
                return DataTypes.FloatType;
            case DOUBLE:
                return DataTypes.DoubleType;
            case DECIMAL:
                return DataTypes.createDecimalType(type.precision(), type.scale());
            case DATE:
                return DataTypes.DateType;
            case TIMESTAMP:
                return DataTypes.TimestampNTZType;
            case CHAR:
            case VARCHAR:
                return DataTypes.StringType;
            case VARBINARY:
                return DataTypes.BinaryType;
            case ARRAY:
                if (type.element().type() == ColumnType.VARCHAR) {
                    return DataTypes.createArrayType(DataTypes.StringType, true);
                }
                throw new IllegalArgumentException(
                        "column '"
                                + column
                                + "' is "
                                + type
                                + ", which Tally hands to Spark only as an array of strings");
            default:
                throw new IllegalArgumentException(
                        "column '"
                                + column
                                + "' is "
                                + type.type()
                                + ", which has no Spark SQL type in every Spark 4 release; convert it (e.g. to a"
                                + " VARCHAR or a BIGINT) in the file");
        }
    }

    /** The Spark schema of batches with Arrow schema {@code schema}. */
    static StructType sparkSchema(Schema schema) {
        List<StructField> fields = new ArrayList<>();
        for (Field f : schema.getFields()) {
            fields.add(
                    DataTypes.createStructField(
                            f.getName(), sparkType(tallyType(f), f.getName()), f.isNullable()));
        }
        return DataTypes.createStructType(fields);
    }
}
