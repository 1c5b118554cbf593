package io.tally.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Everything {@link CsvSniffer} learned about a CSV file: its dialect, its columns (names as in the
 * header, types declared or inferred, the date layout of each DATE/TIMESTAMP column) and what the
 * sample tells about its size.
 *
 * @param dialect delimiter, quote, escape, header, NULL handling
 * @param names column names, case kept
 * @param types column types, parallel to {@code names}
 * @param dateFormats layout of each DATE or TIMESTAMP column's values ({@code null} for others)
 * @param declared whether each type was declared in the header ({@code name:TYPE}) or options
 * @param sampledRows data rows the sniffer read
 * @param sampledBytes bytes those rows (and the header) span
 * @param wholeFile whether the sample holds the whole file (then the row count is exact)
 */
record CsvFormat(
        CsvDialect dialect,
        List<String> names,
        List<CsvType> types,
        List<CsvDateFormat> dateFormats,
        List<Boolean> declared,
        long sampledRows,
        long sampledBytes,
        boolean wholeFile) {

    /** The Arrow schema of the file's batches; every column is nullable. */
    Schema arrowSchema() {
        List<Field> fields = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            fields.add(new Field(names.get(i), FieldType.nullable(types.get(i).arrowType()), null));
        }
        return new Schema(fields);
    }

    /** The date layout of column {@code index}, ISO where none was sniffed. */
    CsvDateFormat dateFormat(int index) {
        CsvDateFormat f = dateFormats.get(index);
        return f == null ? CsvDateFormat.ISO : f;
    }
}
