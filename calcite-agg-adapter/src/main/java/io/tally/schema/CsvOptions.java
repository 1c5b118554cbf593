package io.tally.schema;

import java.nio.charset.StandardCharsets;

/**
 * What a user fixed about a CSV file ({@code read_csv} options); {@code null} parts are sniffed.
 * Names and meanings follow DuckDB's {@code read_csv}.
 *
 * @param delimiter {@code delim}/{@code sep}: field separator
 * @param quote {@code quote}: quote byte ({@link CsvDialect#NO_QUOTE} for none)
 * @param escape {@code escape}: byte escaping a quote inside quotes (default: the quote itself)
 * @param header {@code header}: whether the first record holds column names
 * @param dateFormat {@code dateformat}: layout of DATE values
 * @param timestampFormat {@code timestampformat}: layout of TIMESTAMP values
 * @param nullPadding {@code null_padding}: pad short records with NULLs instead of failing
 * @param nullString {@code nullstr}: unquoted text read as NULL besides the empty field
 * @param allVarchar {@code all_varchar}: read every column as VARCHAR
 */
public record CsvOptions(
        Byte delimiter,
        Byte quote,
        Byte escape,
        Boolean header,
        CsvDateFormat dateFormat,
        CsvDateFormat timestampFormat,
        boolean nullPadding,
        String nullString,
        boolean allVarchar) {
    /** Everything sniffed. */
    public static final CsvOptions AUTO =
            new CsvOptions(null, null, null, null, null, null, false, "", false);

    /** Tab-separated ({@code .tsv} files). */
    public static final CsvOptions TSV =
            new CsvOptions((byte) '\t', null, null, null, null, null, false, "", false);

    /**
     * Options from {@code read_csv} arguments ({@code null} where not given).
     *
     * @throws DataFileException naming the option whose value is invalid
     */
    public static CsvOptions of(
            String delimiter,
            String quote,
            String escape,
            Boolean header,
            String dateFormat,
            String timestampFormat,
            Boolean nullPadding,
            String nullString,
            Boolean allVarchar) {
        return new CsvOptions(
                oneByte("delim", delimiter, false),
                oneByte("quote", quote, true),
                oneByte("escape", escape, true),
                header,
                format("dateformat", dateFormat),
                format("timestampformat", timestampFormat),
                Boolean.TRUE.equals(nullPadding),
                nullString == null ? "" : nullString,
                Boolean.TRUE.equals(allVarchar));
    }

    private static Byte oneByte(String option, String value, boolean mayBeEmpty) {
        if (value == null) {
            return null;
        }
        String v = value.equals("\\t") ? "\t" : value;
        if (v.isEmpty() && mayBeEmpty) {
            return CsvDialect.NO_QUOTE;
        }
        byte[] bytes = v.getBytes(StandardCharsets.UTF_8);
        if (bytes.length != 1 || bytes[0] == '\n' || bytes[0] == '\r') {
            throw new DataFileException(
                    "read_csv option "
                            + option
                            + " = '"
                            + value
                            + "' must be one"
                            + " single-byte character other than a line break"
                            + (mayBeEmpty ? " (or '' for none)" : ""));
        }
        return bytes[0];
    }

    private static CsvDateFormat format(String option, String pattern) {
        if (pattern == null) {
            return null;
        }
        try {
            return CsvDateFormat.parsePattern(pattern);
        } catch (IllegalArgumentException e) {
            throw new DataFileException("read_csv option " + option + ": " + e.getMessage());
        }
    }
}
