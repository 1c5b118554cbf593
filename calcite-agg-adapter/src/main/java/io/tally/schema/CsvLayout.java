package io.tally.schema;

import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The columns of a CSV file (names as written in the header, types declared or inferred) and what
 * the inference pass learned about its size.
 *
 * @param names column names, case kept
 * @param types column types, parallel to {@code names}
 * @param declared whether each type was declared in the header ({@code name:TYPE})
 * @param sampledRows data rows read by inference
 * @param sampledChars characters those rows (and the header) span
 * @param wholeFile whether inference reached the end of the file (then the row count is exact)
 */
record CsvLayout(List<String> names, List<CsvType> types, List<Boolean> declared,
    long sampledRows, long sampledChars, boolean wholeFile) {

  /** The Arrow schema of the file's batches; every column is nullable. */
  Schema arrowSchema() {
    List<Field> fields = new ArrayList<>(names.size());
    for (int i = 0; i < names.size(); i++) {
      fields.add(new Field(names.get(i), FieldType.nullable(types.get(i).arrowType()), null));
    }
    return new Schema(fields);
  }
}
