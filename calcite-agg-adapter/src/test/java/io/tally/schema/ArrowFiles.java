package io.tally.schema;

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
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeMicroVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampMicroTZVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TimeStampNanoTZVector;
import org.apache.arrow.vector.TimeStampSecVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt4Vector;
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
 * Writes test Arrow IPC files holding every type Tally reads; row {@code r} of column c has the
 * value {@link #expected} gives in Calcite's Java representation, and every third row is NULL.
 */
final class ArrowFiles {
    static final long DAY = 86_400_000L;
    static final String[] COLORS = {"red", "green", "blue"};
    static final long DICTIONARY_ID = 7;

    private ArrowFiles() {}

    static boolean isNull(int r) {
        return r % 3 == 2;
    }

    private static Field field(String name, ArrowType type) {
        return new Field(name, FieldType.nullable(type), null);
    }

    static Schema schema() {
        List<Field> f = new ArrayList<>();
        f.add(field("i8", new ArrowType.Int(8, true)));
        f.add(field("i16", new ArrowType.Int(16, true)));
        f.add(field("i32", new ArrowType.Int(32, true)));
        f.add(field("i64", new ArrowType.Int(64, true)));
        f.add(field("f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)));
        f.add(field("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)));
        f.add(field("s", ArrowType.Utf8.INSTANCE));
        f.add(field("ls", ArrowType.LargeUtf8.INSTANCE));
        f.add(field("b", ArrowType.Bool.INSTANCE));
        f.add(field("dd", new ArrowType.Date(DateUnit.DAY)));
        f.add(field("dm", new ArrowType.Date(DateUnit.MILLISECOND)));
        f.add(field("tsec", new ArrowType.Timestamp(TimeUnit.SECOND, null)));
        f.add(field("tms", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)));
        f.add(field("tus", new ArrowType.Timestamp(TimeUnit.MICROSECOND, "UTC")));
        f.add(field("tns", new ArrowType.Timestamp(TimeUnit.NANOSECOND, "Europe/Paris")));
        f.add(field("dec", new ArrowType.Decimal(10, 2, 128)));
        f.add(field("tm", new ArrowType.Time(TimeUnit.MILLISECOND, 32)));
        f.add(field("tmu", new ArrowType.Time(TimeUnit.MICROSECOND, 64)));
        f.add(ArrowIpcWriter.dictionaryField("color", DICTIONARY_ID));
        f.add(
                new Field(
                        "tags",
                        FieldType.nullable(ArrowType.List.INSTANCE),
                        List.of(field("item", ArrowType.Utf8.INSTANCE))));
        return new Schema(f);
    }

    /** Expected Calcite value of column {@code c} at row {@code r}. */
    static Object expected(int c, int r) {
        if (isNull(r)) {
            return null;
        }
        switch (c) {
            case 0:
                return (byte) r;
            case 1:
                return (short) (r * 1000);
            case 2:
                return r * 100_000;
            case 3:
                return r * 10_000_000_000L;
            case 4:
                return r + 0.5f;
            case 5:
                return r + 0.25;
            case 6:
                return "s" + r;
            case 7:
                return "large" + r;
            case 8:
                return r % 2 == 0;
            case 9:
                return 19_000 + r;
            case 10:
                return 19_000 + r - 40;
            case 11:
                return (1_700_000_000L + r) * 1000;
            case 12:
                return 1_700_000_000_123L + r;
            case 13:
                return 1_700_000_000_123L + r;
            case 14:
                return -2L + r;
            case 15:
                return BigDecimal.valueOf(r * 100L + 5, 2);
            case 16:
                return r * 3_600_000;
            case 17:
                return r * 1000;
            case 18:
                return COLORS[r % 3];
            case 19:
                return r == 1 ? List.of() : List.of("x" + r, "y");
            default:
                throw new AssertionError(c);
        }
    }

    /** Writes batches of the given sizes; returns the total row count. */
    static int write(Path file, int... batchSizes) throws IOException {
        return ArrowIpcWriter.write(
                file, schema(), DICTIONARY_ID, COLORS, false, batchSizes, ArrowFiles::fill);
    }

    private static void fill(VectorSchemaRoot root, int first, int rows) {
        root.allocateNew();
        for (int i = 0; i < rows; i++) {
            int r = first + i;
            if (isNull(r)) {
                continue;
            }
            ((TinyIntVector) root.getVector(0)).setSafe(i, r);
            ((SmallIntVector) root.getVector(1)).setSafe(i, r * 1000);
            ((IntVector) root.getVector(2)).setSafe(i, r * 100_000);
            ((BigIntVector) root.getVector(3)).setSafe(i, r * 10_000_000_000L);
            ((Float4Vector) root.getVector(4)).setSafe(i, r + 0.5f);
            ((Float8Vector) root.getVector(5)).setSafe(i, r + 0.25);
            ((VarCharVector) root.getVector(6))
                    .setSafe(i, ("s" + r).getBytes(StandardCharsets.UTF_8));
            ((LargeVarCharVector) root.getVector(7))
                    .setSafe(i, ("large" + r).getBytes(StandardCharsets.UTF_8));
            ((BitVector) root.getVector(8)).setSafe(i, r % 2 == 0 ? 1 : 0);
            ((DateDayVector) root.getVector(9)).setSafe(i, 19_000 + r);
            ((DateMilliVector) root.getVector(10)).setSafe(i, (19_000L + r - 40) * DAY + 5000);
            ((TimeStampSecVector) root.getVector(11)).setSafe(i, 1_700_000_000L + r);
            ((TimeStampMilliVector) root.getVector(12)).setSafe(i, 1_700_000_000_123L + r);
            ((TimeStampMicroTZVector) root.getVector(13))
                    .setSafe(i, 1_700_000_000_123_456L + r * 1000L);
            ((TimeStampNanoTZVector) root.getVector(14)).setSafe(i, -1_500_000L + r * 1_000_000L);
            ((DecimalVector) root.getVector(15)).setSafe(i, BigDecimal.valueOf(r * 100L + 5, 2));
            ((TimeMilliVector) root.getVector(16)).setSafe(i, r * 3_600_000);
            ((TimeMicroVector) root.getVector(17)).setSafe(i, r * 1_000_000L + 999);
            ((IntVector) root.getVector(18)).setSafe(i, r % 3);
        }
        writeLists((ListVector) root.getVector(19), first, rows);
        root.setRowCount(rows);
    }

    private static void writeLists(ListVector vector, int first, int rows) {
        UnionListWriter writer = vector.getWriter();
        for (int i = 0; i < rows; i++) {
            int r = first + i;
            writer.setPosition(i);
            if (isNull(r)) {
                writer.writeNull();
                continue;
            }
            writer.startList();
            @SuppressWarnings("unchecked")
            List<String> values = (List<String>) expected(19, r);
            for (String value : values) {
                writer.writeVarChar(value);
            }
            writer.endList();
        }
        writer.setValueCount(rows);
    }

    /** A file with one supported and one unsigned (unsupported) column. */
    static void writeUnsupported(Path file) throws IOException {
        Schema schema =
                new Schema(
                        List.of(
                                field("ok", new ArrowType.Int(32, true)),
                                field("u", new ArrowType.Int(32, false))));
        try (BufferAllocator allocator = new RootAllocator();
                VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
                FileChannel channel =
                        FileChannel.open(
                                file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                ArrowFileWriter writer = new ArrowFileWriter(root, null, channel)) {
            root.allocateNew();
            ((IntVector) root.getVector(0)).setSafe(0, 1);
            ((UInt4Vector) root.getVector(1)).setSafe(0, 1);
            root.setRowCount(1);
            writer.start();
            writer.writeBatch();
            writer.end();
        }
    }
}
