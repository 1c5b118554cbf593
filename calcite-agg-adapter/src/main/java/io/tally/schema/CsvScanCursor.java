package io.tally.schema;

import io.tally.batch.BatchCursor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Parses CSV records into Arrow batches of up to {@link ScanData#BATCH_ROWS} rows holding the
 * projected columns: the whole file, or the byte ranges it claims for a parallel scan ({@link
 * CsvRanges}). Fields are converted straight from the read buffer's bytes. A field that does not
 * parse as its column's type, or a record with the wrong field count, stops the scan with an error
 * naming file, line, column and value. One root is reused between batches.
 */
final class CsvScanCursor implements BatchCursor {

    private final Path file;
    private final CsvFormat format;
    private final int[] fields;
    private final CsvType[] types;
    private final VectorSchemaRoot root;
    private final CsvFieldWriter[] writers;
    private final RangeSource ranges;
    private final int columns;
    private CsvSource source;
    private byte[] scratch = new byte[64];

    /** Where a cursor's records come from: a source per claimed range, null when none is left. */
    interface RangeSource {
        CsvSource next();
    }

    CsvScanCursor(
            Path file,
            CsvFormat format,
            BufferAllocator allocator,
            int[] fields,
            RangeSource ranges) {
        this.file = file;
        this.format = format;
        this.fields = fields.clone();
        this.ranges = ranges;
        this.columns = format.names().size();
        Schema all = format.arrowSchema();
        List<Field> projected = new ArrayList<>(fields.length);
        for (int field : fields) {
            projected.add(all.getFields().get(field));
        }
        this.root = VectorSchemaRoot.create(new Schema(projected), allocator);
        this.types = new CsvType[fields.length];
        this.writers = new CsvFieldWriter[fields.length];
        for (int i = 0; i < fields.length; i++) {
            types[i] = format.types().get(fields[i]);
            writers[i] =
                    CsvFieldWriter.create(
                            root.getVector(i), types[i], format.dateFormat(fields[i]));
        }
    }

    /** A source over the whole file, with the header record (if any) read past. */
    static RangeSource wholeFile(Path file, CsvFormat format) {
        boolean[] opened = {false};
        return () -> {
            if (opened[0]) {
                return null;
            }
            opened[0] = true;
            CsvSource s = CsvSource.open(file, format.dialect());
            if (format.dialect().header()) {
                s.next();
            }
            return s;
        };
    }

    @Override
    public VectorSchemaRoot next() {
        prepareVectors();
        int rows = 0;
        while (rows < ScanData.BATCH_ROWS) {
            if (source == null) {
                source = ranges.next();
                if (source == null) {
                    break;
                }
            }
            if (!source.next()) {
                source.close();
                source = null;
                continue;
            }
            readRecord(rows++);
        }
        if (rows == 0) {
            return null;
        }
        root.setRowCount(rows);
        return root;
    }

    private void readRecord(int row) {
        CsvTokenizer t = source.tokenizer();
        byte[] b = source.buffer();
        int n = t.fields();
        if (n != columns && (n > columns || !format.dialect().nullPadding())) {
            throw new DataFileException(
                    file
                            + ":"
                            + CsvLines.lineAt(file, source.recordOffset())
                            + ": expected "
                            + columns
                            + " fields (as in the "
                            + (format.dialect().header() ? "header" : "first rows")
                            + ") but found "
                            + n
                            + (n < columns
                                    ? "; read_csv(..., null_padding => true) reads missing fields as NULL"
                                    : ""));
        }
        CsvDialect dialect = format.dialect();
        for (int i = 0; i < fields.length; i++) {
            int f = fields[i];
            if (f >= n) {
                continue; // padded: NULL
            }
            int s = t.start(f);
            int e = t.end(f);
            boolean quoted = dialect.quoting() && s > 0 && b[s - 1] == dialect.quote();
            if (!quoted && isNull(b, s, e, types[i], dialect)) {
                continue;
            }
            if (quoted && s == e && types[i].kind() != CsvType.Kind.VARCHAR) {
                continue; // "" is NULL in a non-VARCHAR column
            }
            try {
                if (t.escaped(f)) {
                    if (scratch.length < e - s) {
                        scratch = new byte[Math.max(e - s, scratch.length * 2)];
                    }
                    writers[i].write(row, scratch, 0, t.unescape(b, f, scratch));
                } else {
                    writers[i].write(row, b, s, e);
                }
            } catch (CsvValues.BadValue | ArithmeticException e2) {
                throw badValue(i, CsvBytes.text(b, s, e));
            }
        }
    }

    private static boolean isNull(byte[] b, int s, int e, CsvType type, CsvDialect dialect) {
        if (s == e) {
            return true;
        }
        if (type.kind() != CsvType.Kind.VARCHAR && CsvBytes.isBlank(b, s, e)) {
            return true;
        }
        String nullString = dialect.nullString();
        if (nullString.isEmpty() || nullString.length() != e - s) {
            return false;
        }
        for (int i = 0; i < nullString.length(); i++) {
            if (b[s + i] != nullString.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private DataFileException badValue(int column, String value) {
        int index = fields[column];
        String origin =
                format.declared().get(index)
                        ? "declared in the header"
                        : "inferred from the first "
                                + CsvSniffer.SAMPLE_ROWS
                                + " rows; declare the type in the"
                                + " header to override, e.g. '"
                                + format.names().get(index)
                                + ":VARCHAR', or use"
                                + " read_csv(..., all_varchar => true)";
        return new DataFileException(
                file
                        + ":"
                        + CsvLines.lineAt(file, source.recordOffset())
                        + ": column "
                        + (index + 1)
                        + " '"
                        + format.names().get(index)
                        + "': value '"
                        + value
                        + "' is not a valid "
                        + types[column]
                        + (types[column].kind() == CsvType.Kind.DATE
                                        || types[column].kind() == CsvType.Kind.TIMESTAMP
                                ? " in format " + format.dateFormat(index).pattern()
                                : "")
                        + " ("
                        + origin
                        + ")");
    }

    /** Empties the vectors for a new batch, allocating where a consumer took the buffers. */
    private void prepareVectors() {
        for (FieldVector vector : root.getFieldVectors()) {
            if (vector.getValueCapacity() >= ScanData.BATCH_ROWS) {
                vector.reset();
            } else {
                vector.clear();
                vector.setInitialCapacity(ScanData.BATCH_ROWS);
                vector.allocateNew();
            }
        }
    }

    @Override
    public void close() {
        try {
            root.close();
        } finally {
            if (source != null) {
                source.close();
                source = null;
            }
        }
    }
}
