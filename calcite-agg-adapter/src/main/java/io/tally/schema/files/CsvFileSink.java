package io.tally.schema.files;

import io.tally.datasets.BatchSink;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.temporal.ChronoField;
import java.util.HexFormat;
import java.util.List;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.TimeMilliVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes batches as UTF-8 CSV with commons-csv: an optional header of column names, {@code \n}
 * record ends, quotes only where needed. Cell text is what Tally's CSV sniffer reads back as the
 * same type: ISO dates, {@code yyyy-MM-dd HH:mm:ss[.SSS]} timestamps, {@code true}/{@code false},
 * plain decimals, {@code [a, b]} for string lists, {@code \x}-hex for binary; NULL as {@code
 * nullText} (empty by default).
 */
final class CsvFileSink implements BatchSink {
    /** Output buffer size in chars. */
    private static final int BUFFER_CHARS = 1 << 16;

    private static final DateTimeFormatter TIME =
            new DateTimeFormatterBuilder()
                    .appendPattern("HH:mm:ss")
                    .optionalStart()
                    .appendFraction(ChronoField.MILLI_OF_SECOND, 1, 3, true)
                    .toFormatter();
    private static final DateTimeFormatter TIMESTAMP =
            new DateTimeFormatterBuilder().appendPattern("yyyy-MM-dd ").append(TIME).toFormatter();

    private final CSVPrinter printer;
    private final String nullText;

    CsvFileSink(
            OutputStream out,
            List<Field> fields,
            boolean header,
            char delimiter,
            char quote,
            String nullText)
            throws IOException {
        CSVFormat format =
                CSVFormat.RFC4180
                        .builder()
                        .setRecordSeparator('\n')
                        .setDelimiter(delimiter)
                        .setQuote(quote)
                        .get();
        this.printer =
                new CSVPrinter(
                        new BufferedWriter(
                                new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS),
                        format);
        this.nullText = nullText;
        if (header) {
            for (Field field : fields) {
                printer.print(field.getName());
            }
            printer.println();
        }
    }

    @Override
    public void write(VectorSchemaRoot batch) throws IOException {
        List<FieldVector> vectors = batch.getFieldVectors();
        int rows = batch.getRowCount();
        for (int row = 0; row < rows; row++) {
            for (FieldVector vector : vectors) {
                String text = vector.isNull(row) ? null : text(vector, row);
                if (text == null) {
                    printer.print(nullText); // commons-csv quotes an empty string only when asked
                } else {
                    printer.print(text);
                }
            }
            printer.println();
        }
    }

    /** The cell text of a non-NULL value. */
    static String text(FieldVector vector, int row) {
        if (vector instanceof VarCharVector v) {
            return new String(v.get(row), StandardCharsets.UTF_8);
        }
        if (vector instanceof BitVector v) {
            return v.get(row) != 0 ? "true" : "false";
        }
        if (vector instanceof DateDayVector v) {
            return LocalDate.ofEpochDay(v.get(row)).toString();
        }
        if (vector instanceof TimeMilliVector v) {
            return TIME.format(LocalTime.ofNanoOfDay(v.get(row) * 1_000_000L));
        }
        if (vector instanceof TimeStampVector v) {
            long millis = v.get(row);
            return TIMESTAMP.format(
                    LocalDateTime.ofEpochSecond(
                            Math.floorDiv(millis, 1000),
                            (int) Math.floorMod(millis, 1000) * 1_000_000,
                            ZoneOffset.UTC));
        }
        if (vector instanceof VarBinaryVector v) {
            return "\\x" + HexFormat.of().formatHex(v.get(row));
        }
        if (vector instanceof ListVector v) {
            FieldVector items = v.getDataVector();
            StringBuilder text = new StringBuilder("[");
            for (int j = v.getElementStartIndex(row); j < v.getElementEndIndex(row); j++) {
                text.append(j > v.getElementStartIndex(row) ? ", " : "");
                text.append(items.isNull(j) ? "NULL" : text(items, j));
            }
            return text.append(']').toString();
        }
        Object value = vector.getObject(row);
        return value instanceof BigDecimal d ? d.toPlainString() : value.toString();
    }

    @Override
    public void finish() throws IOException {
        printer.flush();
    }

    @Override
    public void close() throws IOException {
        printer.close();
    }
}
