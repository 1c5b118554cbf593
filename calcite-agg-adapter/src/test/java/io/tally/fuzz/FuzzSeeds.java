package io.tally.fuzz;

import io.tally.schema.ArrowIpcWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DecimalVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampMilliVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.complex.impl.UnionListWriter;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The seed files the fuzz test corrupts, and the queries it asks of each: small files (a few
 * hundred rows in several batches, NULLs in every column) whose every byte that carries data
 * reaches some answer, so that a corruption the reader does not detect shows as a changed answer.
 */
final class FuzzSeeds {
    /** Rows per Arrow record batch: several batches, each with a partial last validity byte. */
    static final int[] BATCH_ROWS = {97, 130, 61};

    /** CSV rows. */
    static final int CSV_ROWS = 400;

    static final String[] COLORS = {"red", "green", "blue", "ochre"};
    private static final long DICTIONARY_ID = 3;

    /** Arrow queries: one aggregate over every column (batch path), one full scan (row path). */
    static final List<String> ARROW_QUERIES =
            List.of(
                    "SELECT k, COUNT(*), COUNT(i8), SUM(i8), SUM(i16), SUM(i64), SUM(f64), MIN(s), MAX(s),"
                            + " SUM(CHAR_LENGTH(s)), COUNT(DISTINCT s), SUM(CASE WHEN b THEN 1 ELSE 0 END),"
                            + " COUNT(b), SUM(amount), MIN(d), MAX(d), MIN(ts), MAX(ts), MIN(color), MAX(color),"
                            + " COUNT(DISTINCT color), COUNT(tags) FROM t GROUP BY k ORDER BY k",
                    "SELECT * FROM t");

    /** CSV queries. */
    static final List<String> CSV_QUERIES =
            List.of(
                    "SELECT k, COUNT(*), SUM(n), SUM(x), MIN(s), MAX(s), COUNT(DISTINCT s), MIN(d), MAX(d)"
                            + " FROM t GROUP BY k ORDER BY k",
                    "SELECT * FROM t");

    /**
     * One seed file.
     *
     * @param name label in reports
     * @param fileName the table file's name ({@code t.<ext>})
     * @param bytes the file's content
     * @param queries what each case asks
     */
    record Seed(String name, String fileName, byte[] bytes, List<String> queries) {}

    private FuzzSeeds() {}

    /** Writes the seeds into {@code dir} (one sub-directory each) and returns them. */
    static List<Seed> write(Path dir) throws IOException {
        List<Seed> seeds = new ArrayList<>();
        seeds.add(
                new Seed(
                        "arrow",
                        "t.arrow",
                        arrow(dir.resolve("plain.arrow"), false),
                        ARROW_QUERIES));
        seeds.add(
                new Seed(
                        "arrow-lz4",
                        "t.arrow",
                        arrow(dir.resolve("lz4.arrow"), true),
                        ARROW_QUERIES));
        seeds.add(new Seed("csv.gz", "t.csv.gz", csvGz(dir.resolve("t.csv.gz")), CSV_QUERIES));
        return seeds;
    }

    /** The queries asked of a table file, by its name. */
    static List<String> queries(String fileName) {
        return fileName.endsWith(".arrow") ? ARROW_QUERIES : CSV_QUERIES;
    }

    private static Field field(String name, ArrowType type) {
        return new Field(name, FieldType.nullable(type), null);
    }

    static Schema arrowSchema() {
        return new Schema(
                List.of(
                        field("k", new ArrowType.Int(32, true)),
                        field("i8", new ArrowType.Int(8, true)),
                        field("i16", new ArrowType.Int(16, true)),
                        field("i64", new ArrowType.Int(64, true)),
                        field("f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)),
                        field("s", ArrowType.Utf8.INSTANCE),
                        field("b", ArrowType.Bool.INSTANCE),
                        field("amount", new ArrowType.Decimal(12, 2, 128)),
                        field("d", new ArrowType.Date(DateUnit.DAY)),
                        field("ts", new ArrowType.Timestamp(TimeUnit.MILLISECOND, null)),
                        ArrowIpcWriter.dictionaryField("color", DICTIONARY_ID),
                        new Field(
                                "tags",
                                FieldType.nullable(ArrowType.List.INSTANCE),
                                List.of(field("item", ArrowType.Utf8.INSTANCE)))));
    }

    private static byte[] arrow(Path file, boolean lz4) throws IOException {
        ArrowIpcWriter.write(
                file, arrowSchema(), DICTIONARY_ID, COLORS, lz4, BATCH_ROWS, FuzzSeeds::fill);
        return Files.readAllBytes(file);
    }

    /** Row {@code r}: every column NULL on its own period, so each validity bitmap matters. */
    private static void fill(VectorSchemaRoot root, int first, int rows) {
        root.allocateNew();
        for (int i = 0; i < rows; i++) {
            int r = first + i;
            ((IntVector) root.getVector(0)).setSafe(i, r % 5);
            if (present(r, 7)) {
                ((TinyIntVector) root.getVector(1)).setSafe(i, r % 120 - 60);
            }
            if (present(r, 11)) {
                ((SmallIntVector) root.getVector(2)).setSafe(i, r * 37 % 30000);
            }
            if (present(r, 13)) {
                ((BigIntVector) root.getVector(3)).setSafe(i, r * 1_000_003L - 7);
            }
            if (present(r, 5)) {
                ((Float8Vector) root.getVector(4)).setSafe(i, r * 0.5);
            }
            if (present(r, 6)) {
                ((VarCharVector) root.getVector(5))
                        .setSafe(i, text(r).getBytes(StandardCharsets.UTF_8));
            }
            if (present(r, 9)) {
                ((BitVector) root.getVector(6)).setSafe(i, r % 3 == 0 ? 1 : 0);
            }
            if (present(r, 8)) {
                ((DecimalVector) root.getVector(7))
                        .setSafe(i, BigDecimal.valueOf(r * 1234L - 50_000, 2));
            }
            if (present(r, 10)) {
                ((DateDayVector) root.getVector(8)).setSafe(i, 18_000 + r);
            }
            if (present(r, 12)) {
                ((TimeStampMilliVector) root.getVector(9))
                        .setSafe(i, 1_600_000_000_000L + r * 61_000L);
            }
            if (present(r, 14)) {
                ((IntVector) root.getVector(10)).setSafe(i, r % COLORS.length);
            }
        }
        writeLists((ListVector) root.getVector(11), first, rows);
        root.setRowCount(rows);
    }

    /** Whether row {@code r} has a value in a column whose every {@code period}th row is NULL. */
    private static boolean present(int r, int period) {
        return r % period != period - 1;
    }

    /** Strings of varying length, some empty, some beyond ASCII. */
    static String text(int r) {
        switch (r % 4) {
            case 0:
                return "";
            case 1:
                return "v" + r;
            case 2:
                return "żółw-" + (r * 7);
            default:
                return "longer value number " + r;
        }
    }

    private static void writeLists(ListVector vector, int first, int rows) {
        UnionListWriter writer = vector.getWriter();
        for (int i = 0; i < rows; i++) {
            int r = first + i;
            writer.setPosition(i);
            if (r % 4 == 3) {
                writer.writeNull();
                continue;
            }
            writer.startList();
            for (int e = 0; e < r % 3; e++) {
                writer.writeVarChar("t" + (r + e));
            }
            writer.endList();
        }
        writer.setValueCount(rows);
    }

    private static byte[] csvGz(Path file) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file));
                Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
            w.write("k,n,x,s,d\n");
            for (int r = 0; r < CSV_ROWS; r++) {
                w.write(
                        (r % 5)
                                + ","
                                + (r % 13 == 0 ? "" : Long.toString(r * 1_000_003L))
                                + ","
                                + (r * 0.25)
                                + ","
                                + (r % 6 == 0 ? "" : "\"" + text(r) + "\"")
                                + ","
                                + LocalDate.ofEpochDay(18_000 + r)
                                + "\n");
            }
        }
        return Files.readAllBytes(file);
    }
}
