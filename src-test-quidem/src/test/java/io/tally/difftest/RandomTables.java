package io.tally.difftest;

import io.tally.difftest.Column.Role;
import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;

/**
 * Writes the differential test's data directory: {@code t.arrow} (the fact table, every column of
 * {@link #COLUMNS}, several record batches), {@code tc.csv} (the same rows, only the columns CSV
 * can hold, with {@code name:TYPE} headers) and {@code d.csv} (a small dimension keyed by {@code
 * g}, some keys missing and one duplicated, so joins drop and multiply rows).
 */
final class RandomTables {
    /** The fact table's columns. */
    static final List<Column> COLUMNS =
            List.of(
                    new Column("kb", ColumnKind.BOOLEAN, Role.KEY, true),
                    new Column("kt", ColumnKind.TINYINT, Role.KEY, false),
                    new Column("ks", ColumnKind.SMALLINT, Role.KEY, false),
                    new Column("ki", ColumnKind.INTEGER, Role.KEY, true),
                    new Column("kl", ColumnKind.BIGINT, Role.KEY, true),
                    new Column("kdec", ColumnKind.DECIMAL, Role.KEY, true),
                    new Column("kr", ColumnKind.REAL, Role.KEY, false),
                    new Column("kd", ColumnKind.DOUBLE, Role.KEY, true),
                    new Column("kdt", ColumnKind.DATE, Role.KEY, true),
                    new Column("ktm", ColumnKind.TIME, Role.KEY, false),
                    new Column("kts", ColumnKind.TIMESTAMP, Role.KEY, true),
                    new Column("kv", ColumnKind.VARCHAR, Role.KEY, true),
                    new Column("karr", ColumnKind.ARRAY, Role.KEY, false),
                    new Column("g", ColumnKind.INTEGER, Role.GROUP, true),
                    new Column("gname", ColumnKind.VARCHAR, Role.DEPENDENT, true),
                    new Column("hk", ColumnKind.BIGINT, Role.HIGH, true),
                    new Column("vi", ColumnKind.INTEGER, Role.VALUE, true),
                    new Column("vl", ColumnKind.BIGINT, Role.VALUE, true),
                    new Column("vdec", ColumnKind.DECIMAL, Role.VALUE, true),
                    new Column("vd", ColumnKind.DOUBLE, Role.VALUE, true),
                    new Column("vr", ColumnKind.REAL, Role.VALUE, false),
                    new Column("vt", ColumnKind.TINYINT, Role.VALUE, false),
                    new Column("vs", ColumnKind.SMALLINT, Role.VALUE, false),
                    new Column("vb", ColumnKind.BOOLEAN, Role.VALUE, true));

    /** Rows of {@code d}: g = 0..24 except 3, with g = 5 twice. */
    static final int DIMENSION_GROUPS = 25;

    private static final DateTimeFormatter TIMESTAMP_TEXT =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private RandomTables() {}

    /**
     * Generates {@code rows} rows from {@code seed} and writes the three tables into {@code dir}.
     */
    static void write(Path dir, long seed, int rows) throws IOException {
        Random random = new Random(seed);
        List<Object[]> data = new ArrayList<>(rows);
        int gname = indexOf("gname");
        int g = indexOf("g");
        for (int row = 0; row < rows; row++) {
            Object[] values = new Object[COLUMNS.size()];
            for (int c = 0; c < values.length; c++) {
                values[c] = RandomValues.value(COLUMNS.get(c), random, row, rows);
            }
            values[gname] = RandomValues.groupName((Integer) values[g]);
            data.add(values);
        }
        ArrowTableWriter.write(dir.resolve("t.arrow"), COLUMNS, data);
        writeFactCsv(dir.resolve("tc.csv"), data);
        writeDimensionCsv(dir.resolve("d.csv"), random);
    }

    static int indexOf(String name) {
        for (int i = 0; i < COLUMNS.size(); i++) {
            if (COLUMNS.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    private static CSVPrinter printer(Path file) throws IOException {
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new CSVPrinter(
                w,
                CSVFormat.RFC4180
                        .builder()
                        .setNullString("")
                        .setQuoteMode(QuoteMode.ALL_NON_NULL)
                        .get());
    }

    private static void writeFactCsv(Path file, List<Object[]> data) throws IOException {
        try (CSVPrinter out = printer(file)) {
            List<String> header = new ArrayList<>();
            for (Column c : COLUMNS) {
                if (c.inCsv()) {
                    header.add(c.name() + ":" + csvType(c));
                }
            }
            out.printRecord(header);
            for (Object[] row : data) {
                List<String> cells = new ArrayList<>();
                for (int i = 0; i < COLUMNS.size(); i++) {
                    if (COLUMNS.get(i).inCsv()) {
                        cells.add(csvText(COLUMNS.get(i).kind(), row[i]));
                    }
                }
                out.printRecord(cells);
            }
        }
    }

    private static String csvType(Column c) {
        if (c.kind() == ColumnKind.DECIMAL) {
            return "DECIMAL("
                    + (c.role() == Role.KEY
                            ? "10," + RandomValues.KEY_DECIMAL_SCALE
                            : "12," + RandomValues.VALUE_DECIMAL_SCALE)
                    + ")";
        }
        return c.kind().name();
    }

    private static String csvText(ColumnKind kind, Object v) {
        if (v == null) {
            return null;
        }
        switch (kind) {
            case DATE:
                return LocalDate.ofEpochDay((Integer) v).toString();
            case TIMESTAMP:
                return LocalDateTime.ofEpochSecond(
                                Math.floorDiv((Long) v, 1000L),
                                (int) Math.floorMod((Long) v, 1000L) * 1_000_000,
                                ZoneOffset.UTC)
                        .format(TIMESTAMP_TEXT);
            default:
                return v.toString();
        }
    }

    private static void writeDimensionCsv(Path file, Random random) throws IOException {
        try (CSVPrinter out = printer(file)) {
            out.printRecord("g:INTEGER", "dname:VARCHAR", "dw:DECIMAL(6,2)");
            for (int g = 0; g < DIMENSION_GROUPS; g++) {
                if (g == 3) {
                    continue;
                }
                int copies = g == 5 ? 2 : 1;
                for (int i = 0; i < copies; i++) {
                    String w =
                            random.nextInt(8) == 0
                                    ? null
                                    : BigDecimal.valueOf(random.nextInt(2000) - 1000, 2).toString();
                    out.printRecord(g, "region_" + (g % 4), w);
                }
            }
        }
    }
}
