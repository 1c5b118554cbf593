package io.tally.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.CheckedAllocator;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Spill frames round-trip bit-exactly through {@link FrameOfReference} narrowing (every width,
 * negatives, extremes, NULLs, empty batches; other types untouched) under every compression.
 */
class FrameOfReferenceTest {
    private static final Schema SCHEMA =
            new Schema(
                    List.of(
                            new Field(
                                    "k", FieldType.notNullable(new ArrowType.Int(64, true)), null),
                            new Field("s", FieldType.nullable(new ArrowType.Int(64, true)), null),
                            new Field("i", FieldType.nullable(new ArrowType.Int(32, true)), null),
                            new Field(
                                    "d",
                                    FieldType.nullable(
                                            new ArrowType.FloatingPoint(
                                                    FloatingPointPrecision.DOUBLE)),
                                    null),
                            new Field(
                                    "m",
                                    FieldType.nullable(new ArrowType.Decimal(38, 2, 128)),
                                    null),
                            new Field("t", FieldType.nullable(ArrowType.Utf8.INSTANCE), null)));

    @TempDir Path tmp;
    @RegisterExtension final CheckedAllocator arrow = new CheckedAllocator();
    private final BufferAllocator allocator = arrow.get();

    @Test
    void widthIsTheNarrowestHoldingTheRange() {
        assertEquals(1, FrameOfReference.width(0));
        assertEquals(1, FrameOfReference.width(255));
        assertEquals(2, FrameOfReference.width(256));
        assertEquals(2, FrameOfReference.width(65_535));
        assertEquals(4, FrameOfReference.width(65_536));
        assertEquals(4, FrameOfReference.width(0xFFFF_FFFFL));
        assertEquals(8, FrameOfReference.width(1L << 32));
        assertEquals(8, FrameOfReference.width(-1L)); // Long.MAX - Long.MIN, unsigned
    }

    @Test
    void everyWidthAndEdgeRoundTripsUnderEveryCompression() {
        long[][] keyRanges = {
            {7, 7},
            {-100, 100},
            {-30_000, 30_000},
            {-2_000_000_000L, 2_000_000_000L},
            {Long.MIN_VALUE, Long.MAX_VALUE},
            {Long.MAX_VALUE - 3, Long.MAX_VALUE},
            {Long.MIN_VALUE, Long.MIN_VALUE + 200}
        };
        for (SpillOptions.Compression c : SpillOptions.Compression.values()) {
            for (long[] range : keyRanges) {
                for (double nullShare : new double[] {0, 0.3, 1}) {
                    roundTrip(c, 1000, range[0], range[1], nullShare);
                }
            }
            roundTrip(c, 0, 0, 0, 0);
            roundTrip(c, 1, Long.MIN_VALUE, Long.MIN_VALUE, 0);
            roundTrip(c, 70_000, -5, 70_000, 0.01); // several LZ4 blocks
        }
    }

    @Test
    void narrowColumnsWriteFewerBytes() {
        long constant = bytesFor(1000, 5, 5);
        long oneByte = bytesFor(1000, 0, 200);
        long eightBytes = bytesFor(1000, Long.MIN_VALUE, Long.MAX_VALUE);
        assertTrue(
                constant < oneByte && oneByte + 6_000 < eightBytes,
                "constant " + constant + ", 1-byte " + oneByte + ", 8-byte " + eightBytes);
    }

    @Test
    void aCorruptedReferenceHeaderIsDetected() throws Exception {
        Path file;
        try (VectorSchemaRoot in = batch(100, -50, 50, 0.1, new Random(3))) {
            file = write(SpillOptions.Compression.NONE, in);
        }
        byte[] bytes = Files.readAllBytes(file);
        bytes[SpillWriter.HEADER_BYTES + 3] ^= 0x10; // inside the first column's base
        Files.write(file, bytes);
        try (SpillReader r = new SpillReader(file, SCHEMA, new SpillCounters(), allocator)) {
            SpillException e = assertThrows(SpillException.class, () -> r.next());
            assertTrue(e.getMessage().startsWith("spill file corrupted: " + file), e.getMessage());
            SpillException again = assertThrows(SpillException.class, () -> r.next());
            assertEquals(e.getMessage(), again.getMessage(), "a failed frame is not skipped");
        }
    }

    private long bytesFor(int rows, long lo, long hi) {
        try (VectorSchemaRoot in = batch(rows, lo, hi, 0, new Random(1))) {
            return write(SpillOptions.Compression.NONE, in).toFile().length();
        }
    }

    private void roundTrip(
            SpillOptions.Compression c, int rows, long lo, long hi, double nullShare) {
        String what = c + " rows " + rows + " [" + lo + ", " + hi + "] nulls " + nullShare;
        try (VectorSchemaRoot in = batch(rows, lo, hi, nullShare, new Random(rows ^ lo ^ hi))) {
            Path file = write(c, in);
            try (SpillReader r = new SpillReader(file, SCHEMA, new SpillCounters(), allocator)) {
                try (VectorSchemaRoot out = r.next()) {
                    assertEquals(SCHEMA, out.getSchema(), what);
                    assertEquals(rows, out.getRowCount(), what);
                    for (int col = 0; col < SCHEMA.getFields().size(); col++) {
                        FieldVector a = in.getVector(col);
                        FieldVector b = out.getVector(col);
                        for (int i = 0; i < rows; i++) {
                            assertEquals(
                                    a.isNull(i), b.isNull(i), what + " null at " + col + "/" + i);
                            assertEquals(
                                    a.getObject(i),
                                    b.getObject(i),
                                    what + " value at " + col + "/" + i);
                        }
                    }
                }
                assertNull(r.next(), what);
            }
        }
    }

    private Path write(SpillOptions.Compression c, VectorSchemaRoot root) {
        SpillOptions options = SpillOptions.defaults().withDir(tmp.toString()).withCompression(c);
        QuerySpillDirectory query = new QuerySpillDirectory(tmp);
        SpillDirectory dir = new SpillDirectory(query, options, "test", new SpillCounters());
        try (SpillWriter w = dir.newFile("t", SCHEMA, allocator)) {
            w.append(root);
            return w.file();
        }
    }

    /**
     * Key k in [lo, hi] (both ends present when rows allow); nullable columns NULL at nullShare.
     */
    private VectorSchemaRoot batch(int rows, long lo, long hi, double nullShare, Random rnd) {
        VectorSchemaRoot root = VectorSchemaRoot.create(SCHEMA, allocator);
        root.allocateNew();
        BigIntVector k = (BigIntVector) root.getVector(0);
        BigIntVector s = (BigIntVector) root.getVector(1);
        IntVector i32 = (IntVector) root.getVector(2);
        Float8Vector d = (Float8Vector) root.getVector(3);
        DecimalVector m = (DecimalVector) root.getVector(4);
        VarCharVector t = (VarCharVector) root.getVector(5);
        List<Long> keys = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            long x =
                    i == 0
                            ? lo
                            : i == 1
                                    ? hi
                                    : lo
                                            + Math.floorMod(
                                                    rnd.nextLong(),
                                                    Math.max(
                                                            1,
                                                            hi - lo + 1 == 0
                                                                    ? Long.MAX_VALUE
                                                                    : hi - lo + 1));
            if (hi - lo < 0 && i > 1) {
                x = rnd.nextLong(); // the full range
            }
            keys.add(x);
            k.setSafe(i, x);
            boolean isNull = rnd.nextDouble() < nullShare;
            if (isNull) {
                s.setNull(i);
                i32.setNull(i);
                d.setNull(i);
                m.setNull(i);
                t.setNull(i);
            } else {
                s.setSafe(i, -x);
                i32.setSafe(i, i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : (int) x);
                d.setSafe(i, x / 3.0);
                m.setSafe(i, new BigDecimal(decimalFor(x)));
                t.setSafe(i, Long.toString(x).getBytes(StandardCharsets.UTF_8));
            }
        }
        root.setRowCount(rows);
        return root;
    }

    private static String decimalFor(long x) {
        return Long.toString(x % 1_000_000_000_000L) + ".25";
    }
}
