package io.tally.schema;

import java.io.BufferedReader;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.QuoteMode;

/**
 * Opens CSV and gzip-compressed CSV files as commons-csv parsers: UTF-8, an optional byte order
 * mark skipped, RFC 4180 quoting (fields may hold delimiters, quotes and line breaks), LF or CRLF.
 *
 * <p>Null handling: an empty unquoted field is SQL NULL; a quoted empty field ({@code ""}) is the
 * empty string (it is still NULL in a non-VARCHAR column). Blank lines are skipped.
 */
final class CsvFiles {
  /** Read buffer of the character stream, in chars. */
  static final int READ_BUFFER_CHARS = 1 << 16;
  private static final char BYTE_ORDER_MARK = '\uFEFF';

  /**
   * The format: {@code nullString("")} plus a strict quote mode makes commons-csv return
   * {@code null} for an unquoted empty field and {@code ""} for a quoted one.
   */
  static final CSVFormat FORMAT = CSVFormat.RFC4180.builder()
      .setNullString("")
      .setQuoteMode(QuoteMode.ALL_NON_NULL)
      .setIgnoreEmptyLines(true)
      .get();

  private CsvFiles() {}

  static boolean isGzip(Path file) {
    return file.getFileName().toString().endsWith(".gz");
  }

  /** Opens a parser positioned before the header record. */
  static CSVParser open(Path file) {
    try {
      InputStream in = Files.newInputStream(file);
      if (isGzip(file)) {
        in = new GZIPInputStream(in, READ_BUFFER_CHARS);
      }
      // a malformed byte sequence is an error, not a silent replacement character
      Reader reader = new BufferedReader(new InputStreamReader(in,
          StandardCharsets.UTF_8.newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)), READ_BUFFER_CHARS);
      reader.mark(1);
      if (reader.read() != BYTE_ORDER_MARK) {
        reader.reset();
      }
      return CSVParser.parse(reader, FORMAT);
    } catch (IOException e) {
      throw new DataFileException(file + ": " + problem(e), e);
    }
  }

  /**
   * What went wrong reading a CSV file, from the innermost cause: bad UTF-8, corrupt or
   * truncated gzip data, or the I/O error's own message.
   */
  static String problem(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    if (root instanceof CharacterCodingException) {
      return "not valid UTF-8 text (a malformed byte sequence)";
    }
    if (root instanceof ZipException || root instanceof EOFException) {
      return "corrupt or truncated " + (root instanceof EOFException ? "data (it ends early)"
          : "gzip data (" + root.getMessage() + ")");
    }
    return (root instanceof IOException ? "cannot read: " : "malformed CSV: ") + root.getMessage();
  }
}
