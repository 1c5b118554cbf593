package io.tally.datasets;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.dictionary.DictionaryProvider;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes batches as UTF-8 RFC 4180 CSV: a header row of field names, {@code \n} record ends,
 * minimal quoting, NULL as an empty unquoted field; cell text as described in {@link CsvCells}.
 */
final class CsvSink implements BatchSink {
    /** RFC 4180 with {@code \n} instead of CRLF; nulls print as empty fields. */
    static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();

    /** Output buffer size in chars. */
    private static final int BUFFER_CHARS = 1 << 16;

    private final CSVPrinter printer;
    private final DictionaryProvider dictionaries;

    CsvSink(Schema schema, DictionaryProvider dictionaries, OutputStream out) throws IOException {
        this.dictionaries = dictionaries;
        this.printer =
                new CSVPrinter(
                        new BufferedWriter(
                                new OutputStreamWriter(out, StandardCharsets.UTF_8), BUFFER_CHARS),
                        FORMAT);
        for (Field field : schema.getFields()) {
            printer.print(field.getName());
        }
        printer.println();
    }

    @Override
    public void write(VectorSchemaRoot root) throws IOException {
        List<FieldVector> vectors = root.getFieldVectors();
        CsvCells[] cells = new CsvCells[vectors.size()];
        for (int c = 0; c < cells.length; c++) {
            cells[c] = CsvCells.of(vectors.get(c), dictionaries);
        }
        int rows = root.getRowCount();
        for (int row = 0; row < rows; row++) {
            for (CsvCells column : cells) {
                printer.print(column.text(row));
            }
            printer.println();
        }
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
