package io.tally.schema;

import java.util.Arrays;

/**
 * Finds the fields of one CSV record in a byte buffer without copying or decoding them: after
 * {@link #record} each field {@code i < fields()} is the bytes {@code start(i)} to {@code end(i)}
 * (quotes removed; {@link #escaped(i)} tells whether escaped quotes remain to be undone, see {@link
 * #unescape}). Records end at LF, CRLF or CR outside quotes; quoted fields may hold delimiters and
 * line breaks.
 */
final class CsvTokenizer {
    /** {@link #record} result: the buffer ends before the record does; refill and call again. */
    static final int NEED_MORE = -1;

    /**
     * {@link #record} result: malformed record; {@link #error()} says why, at {@link #errorAt()}.
     */
    static final int MALFORMED = -2;

    private static final int INITIAL_FIELDS = 64;

    private final byte delimiter;
    private final int quote;
    private final int escape;
    private int[] starts = new int[INITIAL_FIELDS];
    private int[] ends = new int[INITIAL_FIELDS];
    private boolean[] escapedFields = new boolean[INITIAL_FIELDS];
    private int fields;
    private String error;
    private int errorAt;

    CsvTokenizer(CsvDialect dialect) {
        this.delimiter = dialect.delimiter();
        this.quote = dialect.quoting() ? dialect.quote() : -1;
        this.escape = dialect.quoting() ? dialect.escape() : -1;
    }

    int fields() {
        return fields;
    }

    int start(int field) {
        return starts[field];
    }

    int end(int field) {
        return ends[field];
    }

    /** Whether the field was quoted and holds escape sequences. */
    boolean escaped(int field) {
        return escapedFields[field];
    }

    String error() {
        return error;
    }

    int errorAt() {
        return errorAt;
    }

    /**
     * Splits the record starting at {@code pos} (not a line break) of {@code b[pos, limit)}.
     * Returns the position after its line break, {@link #NEED_MORE} if the buffer ends first and
     * {@code eof} is false, or {@link #MALFORMED}. At {@code eof} the last line may lack a break.
     */
    int record(byte[] b, int pos, int limit, boolean eof) {
        int n = 0;
        int i = pos;
        while (true) {
            if (n == starts.length) {
                grow();
            }
            if (i < limit && b[i] == quote) {
                int s = ++i;
                boolean escaped = false;
                while (true) {
                    if (i >= limit) {
                        return eof
                                ? malformed(
                                        "quoted field is not closed before the end of the file",
                                        s - 1)
                                : NEED_MORE;
                    }
                    byte c = b[i];
                    if (c == escape && escape != quote) {
                        if (i + 1 >= limit && !eof) {
                            return NEED_MORE;
                        }
                        i += 2;
                        escaped = true;
                    } else if (c == quote) {
                        if (i + 1 >= limit && !eof) {
                            return NEED_MORE;
                        }
                        if (escape == quote && i + 1 < limit && b[i + 1] == quote) {
                            i += 2;
                            escaped = true;
                        } else {
                            break;
                        }
                    } else {
                        i++;
                    }
                }
                set(n++, s, i, escaped);
                i++; // the closing quote
                if (i >= limit) {
                    fields = n;
                    return i; // eof: the quote was checked above
                }
                byte c = b[i];
                if (c == delimiter) {
                    i++;
                    continue;
                }
                if (c == '\n' || c == '\r') {
                    return lineEnd(b, i, limit, eof, n);
                }
                return malformed(
                        "unexpected character '"
                                + (char) (c & 0xff)
                                + "' after a closing quote (expected the delimiter or a line break)",
                        i);
            }
            int s = i;
            while (i < limit) {
                byte c = b[i];
                if (c == delimiter || c == '\n' || c == '\r') {
                    break;
                }
                i++;
            }
            if (i >= limit) {
                if (!eof) {
                    return NEED_MORE;
                }
                set(n++, s, i, false);
                fields = n;
                return i;
            }
            set(n++, s, i, false);
            if (b[i] == delimiter) {
                i++;
                continue;
            }
            return lineEnd(b, i, limit, eof, n);
        }
    }

    private int lineEnd(byte[] b, int i, int limit, boolean eof, int n) {
        if (b[i] == '\r') {
            if (i + 1 >= limit && !eof) {
                return NEED_MORE;
            }
            fields = n;
            return i + 1 < limit && b[i + 1] == '\n' ? i + 2 : i + 1;
        }
        fields = n;
        return i + 1;
    }

    private void set(int field, int start, int end, boolean escaped) {
        starts[field] = start;
        ends[field] = end;
        escapedFields[field] = escaped;
    }

    private int malformed(String message, int at) {
        error = message;
        errorAt = at;
        return MALFORMED;
    }

    private void grow() {
        int size = starts.length * 2;
        starts = Arrays.copyOf(starts, size);
        ends = Arrays.copyOf(ends, size);
        escapedFields = Arrays.copyOf(escapedFields, size);
    }

    /**
     * Copies field {@code field} of {@code b} into {@code into} with its escape sequences undone
     * ({@code ""} or escape + byte → the byte); returns the length written. {@code into} must hold
     * the field's length.
     */
    int unescape(byte[] b, int field, byte[] into) {
        int n = 0;
        int end = ends[field];
        for (int i = starts[field]; i < end; i++) {
            byte c = b[i];
            if ((c == escape || c == quote) && i + 1 < end) {
                c = b[++i];
            }
            into[n++] = c;
        }
        return n;
    }
}
