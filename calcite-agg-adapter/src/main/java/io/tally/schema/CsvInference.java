package io.tally.schema;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.commons.csv.CSVRecord;

/**
 * Infers CSV column types from the first {@link #SAMPLE_ROWS} data rows. Each column starts with
 * every candidate type (BOOLEAN, BIGINT, DOUBLE, DATE, TIMESTAMP) and loses those its non-empty
 * values do not parse as; the first survivor in that order wins, VARCHAR if none survives or the
 * column has no value in the sample. A later value that does not fit is an error when the table is
 * scanned (see {@link CsvBatchCursor}); declaring the type in the header avoids relying on the
 * sample.
 */
final class CsvInference {
  /** Rows read to infer types; bounded so opening a large file stays cheap. */
  static final int SAMPLE_ROWS = 20_000;

  private static final CsvType[] CANDIDATES = {
    CsvType.BOOLEAN, CsvType.BIGINT, CsvType.DOUBLE, CsvType.DATE, CsvType.TIMESTAMP
  };
  private static final int ALL_CANDIDATES = (1 << CANDIDATES.length) - 1;

  private CsvInference() {}

  static CsvLayout infer(Path file) {
    try (CsvRecords records = new CsvRecords(file)) {
      CSVRecord headerRecord = records.next();
      if (headerRecord == null) {
        throw new DataFileException(file + ": CSV file is empty; a header row is required");
      }
      CsvHeader header = CsvHeader.parse(file, headerRecord);
      int columns = header.names.size();
      records.expectFields(columns);
      int[] candidates = new int[columns];
      boolean[] seenValue = new boolean[columns];
      Arrays.fill(candidates, ALL_CANDIDATES);
      long rows = 0;
      boolean wholeFile = false;
      while (rows < SAMPLE_ROWS) {
        CSVRecord record = records.next();
        if (record == null) {
          wholeFile = true;
          break;
        }
        rows++;
        for (int c = 0; c < columns; c++) {
          String value = record.get(c);
          if (header.declared.get(c) == null && value != null && !value.isBlank()) {
            seenValue[c] = true;
            candidates[c] = narrow(candidates[c], value);
          }
        }
      }
      if (!wholeFile && records.next() == null) {
        wholeFile = true;
      }
      List<CsvType> types = new ArrayList<>(columns);
      List<Boolean> declared = new ArrayList<>(columns);
      for (int c = 0; c < columns; c++) {
        CsvType type = header.declared.get(c);
        declared.add(type != null);
        types.add(type != null ? type : seenValue[c] ? pick(candidates[c]) : CsvType.VARCHAR);
      }
      return new CsvLayout(Collections.unmodifiableList(header.names),
          Collections.unmodifiableList(types), Collections.unmodifiableList(declared),
          rows, records.position(), wholeFile);
    }
  }

  private static int narrow(int candidates, String value) {
    int remaining = candidates;
    for (int i = 0; i < CANDIDATES.length; i++) {
      if ((remaining & (1 << i)) != 0 && !parses(CANDIDATES[i], value)) {
        remaining &= ~(1 << i);
      }
    }
    return remaining;
  }

  private static CsvType pick(int candidates) {
    for (int i = 0; i < CANDIDATES.length; i++) {
      if ((candidates & (1 << i)) != 0) {
        return CANDIDATES[i];
      }
    }
    return CsvType.VARCHAR;
  }

  private static boolean parses(CsvType type, String value) {
    try {
      switch (type.kind()) {
        case BOOLEAN: CsvValues.parseBoolean(value); break;
        case BIGINT: CsvValues.parseLong(value); break;
        case DOUBLE: CsvValues.parseDouble(value); break;
        case DATE: CsvValues.parseDate(value); break;
        case TIMESTAMP: CsvValues.parseTimestamp(value); break;
        default: throw new AssertionError(type);
      }
      return true;
    } catch (CsvValues.BadValue e) {
      return false;
    }
  }
}
