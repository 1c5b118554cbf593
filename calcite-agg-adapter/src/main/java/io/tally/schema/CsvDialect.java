package io.tally.schema;

/**
 * How a CSV file is written: its field delimiter, quote and escape bytes, whether the first record
 * is a header, and how ragged rows and NULLs are read. Sniffed by {@link CsvSniffer} unless {@link
 * CsvOptions} fix a part.
 *
 * @param delimiter field separator (one byte: {@code ,} {@code ;} tab {@code |} …)
 * @param quote quote byte, or {@link #NO_QUOTE}
 * @param escape byte that escapes a quote inside a quoted field; equal to {@code quote} for the RFC
 *     4180 doubled quote ({@code ""})
 * @param header whether the first record names the columns
 * @param nullPadding whether a record with fewer fields than the header is padded with NULLs
 *     (otherwise it is an error)
 * @param nullString unquoted field text read as NULL (besides the empty field)
 */
record CsvDialect(
        byte delimiter,
        byte quote,
        byte escape,
        boolean header,
        boolean nullPadding,
        String nullString) {
    /** {@link #quote()} of a file without quoting. */
    static final byte NO_QUOTE = 0;

    /** Whether quoted fields exist in this dialect. */
    boolean quoting() {
        return quote != NO_QUOTE;
    }

    /** The delimiter as people write it, for messages. */
    static String describe(byte b) {
        return b == '\t' ? "tab" : b == NO_QUOTE ? "none" : "'" + (char) b + "'";
    }

    @Override
    public String toString() {
        return "delim="
                + describe(delimiter)
                + ", quote="
                + describe(quote)
                + ", escape="
                + describe(escape)
                + ", header="
                + header;
    }
}
