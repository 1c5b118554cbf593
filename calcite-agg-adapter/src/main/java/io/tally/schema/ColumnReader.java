package io.tally.schema;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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

/**
 * Reads one row of a column vector as the Java value Calcite's generated code expects: BOOLEAN
 * {@code Boolean}, TINYINT {@code Byte}, SMALLINT {@code Short}, INTEGER {@code Integer}, BIGINT
 * {@code Long}, REAL {@code Float}, DOUBLE {@code Double}, DECIMAL {@code BigDecimal}, DATE {@code
 * Integer} days since epoch, TIME {@code Integer} millis of day, TIMESTAMP {@code Long} millis
 * since epoch, VARCHAR {@code String}, VARCHAR ARRAY {@code List<String>}; NULL is {@code null}.
 */
@FunctionalInterface
public interface ColumnReader {
    Object get(int row);

    /** A reader bound to {@code vector}; rebind after the vector's buffers change. */
    static ColumnReader of(FieldVector vector) {
        if (vector instanceof BitVector v) {
            return row -> v.isNull(row) ? null : v.get(row) != 0;
        } else if (vector instanceof TinyIntVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof SmallIntVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof IntVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof BigIntVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof Float4Vector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof Float8Vector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof DecimalVector v) {
            return v::getObject;
        } else if (vector instanceof DateDayVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof TimeMilliVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof TimeStampMilliVector v) {
            return row -> v.isNull(row) ? null : v.get(row);
        } else if (vector instanceof VarCharVector v) {
            return row -> v.isNull(row) ? null : new String(v.get(row), StandardCharsets.UTF_8);
        } else if (vector instanceof ListVector v) {
            return listReader(v);
        }
        throw new IllegalArgumentException("No row reader for vector " + vector.getField());
    }

    private static ColumnReader listReader(ListVector vector) {
        ColumnReader elements = of((FieldVector) vector.getDataVector());
        return row -> {
            if (vector.isNull(row)) {
                return null;
            }
            int start = vector.getElementStartIndex(row);
            int end = vector.getElementEndIndex(row);
            List<Object> list = new ArrayList<>(end - start);
            for (int i = start; i < end; i++) {
                list.add(elements.get(i));
            }
            return Collections.unmodifiableList(list);
        };
    }
}
