package io.tally.difftest;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
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
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.ipc.ArrowFileWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Writes rows (in {@link RandomValues}' Java forms) as an Arrow IPC file of {@value
 * #BATCH_ROWS}-row record batches; DECIMAL columns take their scale from the values.
 */
final class ArrowTableWriter {
    static final int BATCH_ROWS = 1000;
    static final int DECIMAL_PRECISION = 12;

    private ArrowTableWriter() {}

    static void write(Path file, List<Column> columns, List<Object[]> rows) throws IOException {
        List<Field> fields = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            fields.add(field(columns.get(c), c == RandomTables.indexOf("g")));
        }
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(new Schema(fields), allocator);
                FileChannel channel =
                        FileChannel.open(
                                file,
                                StandardOpenOption.CREATE,
                                StandardOpenOption.TRUNCATE_EXISTING,
                                StandardOpenOption.WRITE);
                ArrowFileWriter writer = new ArrowFileWriter(root, null, channel)) {
            writer.start();
            for (int from = 0; from < rows.size(); from += BATCH_ROWS) {
                int n = Math.min(BATCH_ROWS, rows.size() - from);
                root.allocateNew();
                for (int c = 0; c < columns.size(); c++) {
                    FieldVector v = root.getVector(c);
                    for (int i = 0; i < n; i++) {
                        set(v, i, rows.get(from + i)[c]);
                    }
                    v.setValueCount(n);
                }
                root.setRowCount(n);
                writer.writeBatch();
            }
            writer.end();
        }
    }

    private static Field field(Column c, boolean notNull) {
        ArrowType type;
        switch (c.kind()) {
            case BOOLEAN:
                type = ArrowType.Bool.INSTANCE;
                break;
            case TINYINT:
                type = new ArrowType.Int(8, true);
                break;
            case SMALLINT:
                type = new ArrowType.Int(16, true);
                break;
            case INTEGER:
                type = new ArrowType.Int(32, true);
                break;
            case BIGINT:
                type = new ArrowType.Int(64, true);
                break;
            case DECIMAL:
                type =
                        new ArrowType.Decimal(
                                DECIMAL_PRECISION,
                                c.role() == Column.Role.KEY
                                        ? RandomValues.KEY_DECIMAL_SCALE
                                        : RandomValues.VALUE_DECIMAL_SCALE,
                                128);
                break;
            case REAL:
                type = new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
                break;
            case DOUBLE:
                type = new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
                break;
            case DATE:
                type = new ArrowType.Date(DateUnit.DAY);
                break;
            case TIME:
                type = new ArrowType.Time(TimeUnit.MILLISECOND, 32);
                break;
            case TIMESTAMP:
                type = new ArrowType.Timestamp(TimeUnit.MILLISECOND, null);
                break;
            case VARCHAR:
                type = ArrowType.Utf8.INSTANCE;
                break;
            case ARRAY:
                return new Field(
                        c.name(),
                        FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(
                                new Field(
                                        "item",
                                        FieldType.nullable(ArrowType.Utf8.INSTANCE),
                                        null)));
            default:
                throw new AssertionError(c.kind());
        }
        return new Field(
                c.name(), notNull ? FieldType.notNullable(type) : FieldType.nullable(type), null);
    }

    @SuppressWarnings("unchecked")
    private static void set(FieldVector v, int i, Object value) {
        if (v instanceof ListVector list) {
            UnionListWriter w = list.getWriter();
            w.setPosition(i);
            if (value == null) {
                w.writeNull();
                return;
            }
            w.startList();
            for (String s : (List<String>) value) {
                w.writeVarChar(s);
            }
            w.endList();
            return;
        }
        if (value == null) {
            v.setNull(i);
            return;
        }
        if (v instanceof BitVector b) {
            b.setSafe(i, (Boolean) value ? 1 : 0);
        } else if (v instanceof TinyIntVector t) {
            t.setSafe(i, (Byte) value);
        } else if (v instanceof SmallIntVector s) {
            s.setSafe(i, (Short) value);
        } else if (v instanceof IntVector n) {
            n.setSafe(i, (Integer) value);
        } else if (v instanceof BigIntVector l) {
            l.setSafe(i, (Long) value);
        } else if (v instanceof DecimalVector d) {
            d.setSafe(i, (BigDecimal) value);
        } else if (v instanceof Float4Vector f) {
            f.setSafe(i, (Float) value);
        } else if (v instanceof Float8Vector f) {
            f.setSafe(i, (Double) value);
        } else if (v instanceof DateDayVector d) {
            d.setSafe(i, (Integer) value);
        } else if (v instanceof TimeMilliVector t) {
            t.setSafe(i, (Integer) value);
        } else if (v instanceof TimeStampMilliVector t) {
            t.setSafe(i, (Long) value);
        } else if (v instanceof VarCharVector s) {
            s.setSafe(i, ((String) value).getBytes(StandardCharsets.UTF_8));
        } else {
            throw new AssertionError(v.getClass());
        }
    }
}
