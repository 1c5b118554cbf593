package io.tally.schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Iterator;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads the records of one CSV file in order, remembering the line on which each record starts
 * (records may span lines) and rejecting records whose field count differs from the header's.
 */
final class CsvRecords implements AutoCloseable {
  private final Path file;
  private final CSVParser parser;
  private final Iterator<CSVRecord> iterator;
  private long line;
  private long charPosition;
  private int expectedFields = -1;

  CsvRecords(Path file) {
    this.file = file;
    this.parser = CsvFiles.open(file);
    this.iterator = parser.iterator();
  }

  Path file() {
    return file;
  }

  /** The 1-based line on which the record last returned by {@link #next()} starts. */
  long line() {
    return line;
  }

  /** The character offset at which the record last returned by {@link #next()} starts. */
  long position() {
    return charPosition;
  }

  /** Sets the field count every following record must have. */
  void expectFields(int count) {
    expectedFields = count;
  }

  /** The next record, or {@code null} at the end of the file. */
  CSVRecord next() {
    long start = parser.getCurrentLineNumber() + 1;
    CSVRecord record;
    try {
      if (!iterator.hasNext()) {
        return null;
      }
      record = iterator.next();
    } catch (UncheckedIOException | IllegalStateException e) {
      throw new DataFileException(file + ":" + start + ": " + CsvFiles.problem(e), e);
    }
    line = start;
    charPosition = record.getCharacterPosition();
    if (expectedFields >= 0 && record.size() != expectedFields) {
      throw new DataFileException(file + ":" + line + ": expected " + expectedFields
          + " fields (as in the header) but found " + record.size());
    }
    return record;
  }

  @Override
  public void close() {
    try {
      parser.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
