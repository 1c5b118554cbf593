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
import org.apache.commons.csv.CSVRecord;

/**
 * Parses a CSV file into Arrow batches of up to {@link ScanData#BATCH_ROWS} rows holding the
 * projected columns only. A field that does not parse as its column's type stops the scan with an
 * error naming file, line, column and value. One root is reused: vectors are reset, not
 * reallocated, between batches.
 */
final class CsvBatchCursor implements BatchCursor {
  private final Path file;
  private final CsvLayout layout;
  private final int[] fields;
  private final CsvRecords records;
  private final VectorSchemaRoot root;
  private final CsvColumnWriter[] writers;
  private final CsvType[] types;
  private boolean allocated;
  private boolean exhausted;

  CsvBatchCursor(Path file, CsvLayout layout, BufferAllocator allocator, int[] fields) {
    this.file = file;
    this.layout = layout;
    this.fields = fields.clone();
    Schema all = layout.arrowSchema();
    List<Field> projected = new ArrayList<>(fields.length);
    for (int field : fields) {
      projected.add(all.getFields().get(field));
    }
    this.records = new CsvRecords(file);
    try {
      if (records.next() == null) {
        throw new DataFileException(file + ": CSV file is empty; a header row is required");
      }
      records.expectFields(layout.names().size());
      this.root = VectorSchemaRoot.create(new Schema(projected), allocator);
    } catch (RuntimeException e) {
      records.close();
      throw e;
    }
    this.writers = new CsvColumnWriter[fields.length];
    this.types = new CsvType[fields.length];
    for (int i = 0; i < fields.length; i++) {
      types[i] = layout.types().get(fields[i]);
      writers[i] = CsvColumnWriter.create(root.getVector(i), types[i]);
    }
  }

  @Override
  public VectorSchemaRoot next() {
    if (exhausted) {
      return null;
    }
    prepareVectors();
    int rows = 0;
    while (rows < ScanData.BATCH_ROWS) {
      CSVRecord record = records.next();
      if (record == null) {
        exhausted = true;
        break;
      }
      for (int i = 0; i < fields.length; i++) {
        String value = record.get(fields[i]);
        if (!CsvColumnWriter.isNull(types[i], value)) {
          write(i, rows, value);
        }
      }
      rows++;
    }
    if (rows == 0) {
      return null;
    }
    root.setRowCount(rows);
    return root;
  }

  private void prepareVectors() {
    for (FieldVector vector : root.getFieldVectors()) {
      if (allocated) {
        vector.reset();
      } else {
        vector.setInitialCapacity(ScanData.BATCH_ROWS);
        vector.allocateNew();
      }
    }
    allocated = true;
  }

  private void write(int column, int row, String value) {
    try {
      writers[column].write(row, value);
    } catch (CsvValues.BadValue e) {
      int index = fields[column];
      String origin = layout.declared().get(index)
          ? "declared in the header"
          : "inferred from the first " + CsvInference.SAMPLE_ROWS + " rows; declare the type in the"
              + " header to override, e.g. '" + layout.names().get(index) + ":VARCHAR'";
      throw new DataFileException(file + ":" + records.line() + ": column " + (index + 1) + " '"
          + layout.names().get(index) + "': value '" + value + "' is not a valid "
          + types[column] + " (" + origin + ")");
    }
  }

  @Override
  public void close() {
    try {
      root.close();
    } finally {
      records.close();
    }
  }
}
