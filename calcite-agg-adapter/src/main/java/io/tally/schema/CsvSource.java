package io.tally.schema;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * The records of a CSV file, or of one byte range of it, read into a reusable byte buffer and split
 * by a {@link CsvTokenizer}. A range {@code [start, end)} yields the records that start in it (the
 * last one may run past {@code end}); {@code start} must be a record start. A gzip file is read as
 * one stream. Blank lines are skipped; a UTF-8 byte order mark at byte 0 is skipped.
 */
final class CsvSource implements AutoCloseable {
    /** Bytes read per refill; a record longer than the buffer makes it grow. */
    static final int BUFFER_BYTES = 1 << 20;

    private static final byte[] BYTE_ORDER_MARK = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private final Path file;
    private final FileChannel channel;
    private final InputStream stream;
    private final long end;
    private final CsvTokenizer tokenizer;
    private byte[] buffer;
    private int pos;
    private int limit;
    private boolean eof;

    /** File offset (uncompressed stream offset for gzip) of {@code buffer[0]}. */
    private long bufferOffset;

    private long recordOffset = -1;

    private CsvSource(
            Path file,
            FileChannel channel,
            InputStream stream,
            long start,
            long end,
            CsvTokenizer tokenizer,
            int bufferBytes) {
        this.file = file;
        this.channel = channel;
        this.stream = stream;
        this.end = end;
        this.tokenizer = tokenizer;
        this.buffer = new byte[bufferBytes];
        this.bufferOffset = start;
    }

    /** The whole file (gzip-compressed if its name ends in {@code .gz}). */
    static CsvSource open(Path file, CsvDialect dialect) {
        return open(file, dialect, 0, Long.MAX_VALUE, BUFFER_BYTES);
    }

    /** The records starting in {@code [start, end)} of an uncompressed file. */
    static CsvSource open(Path file, CsvDialect dialect, long start, long end, int bufferBytes) {
        CsvTokenizer tokenizer = new CsvTokenizer(dialect);
        try {
            if (CsvFiles.isGzip(file)) {
                InputStream in = new GZIPInputStream(Files.newInputStream(file), BUFFER_BYTES);
                CsvSource source = new CsvSource(file, null, in, 0, end, tokenizer, bufferBytes);
                source.skipByteOrderMark();
                return source;
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
            CsvSource source =
                    new CsvSource(file, channel, null, start, end, tokenizer, bufferBytes);
            if (start == 0) {
                source.skipByteOrderMark();
            }
            return source;
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot read CSV file: " + e.getMessage(), e);
        }
    }

    private void skipByteOrderMark() throws IOException {
        while (limit < BYTE_ORDER_MARK.length && !eof) {
            fill();
        }
        if (limit >= BYTE_ORDER_MARK.length
                && Arrays.equals(
                        buffer,
                        0,
                        BYTE_ORDER_MARK.length,
                        BYTE_ORDER_MARK,
                        0,
                        BYTE_ORDER_MARK.length)) {
            pos = BYTE_ORDER_MARK.length;
        }
    }

    CsvTokenizer tokenizer() {
        return tokenizer;
    }

    /** The bytes the current record's fields point into (valid until the next {@link #next}). */
    byte[] buffer() {
        return buffer;
    }

    /** File (or uncompressed stream) offset at which the current record starts. */
    long recordOffset() {
        return recordOffset;
    }

    /** Splits the next record; false when no record starts before the range's end. */
    boolean next() {
        try {
            while (true) {
                if (pos >= limit) {
                    if (eof) {
                        return false;
                    }
                    fill();
                    continue;
                }
                byte c = buffer[pos];
                if (c == '\n' || c == '\r') {
                    pos++; // blank line
                    continue;
                }
                if (bufferOffset + pos >= end) {
                    return false;
                }
                int next = tokenizer.record(buffer, pos, limit, eof);
                if (next == CsvTokenizer.NEED_MORE) {
                    fill();
                    continue;
                }
                recordOffset = bufferOffset + pos;
                if (next == CsvTokenizer.MALFORMED) {
                    throw new DataFileException(
                            file
                                    + ":"
                                    + CsvLines.lineAt(file, bufferOffset + tokenizer.errorAt())
                                    + ": malformed CSV: "
                                    + tokenizer.error());
                }
                pos = next;
                return true;
            }
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot read CSV file: " + e.getMessage(), e);
        }
    }

    /** Keeps the unread bytes, growing the buffer if they fill it, and reads more after them. */
    private void fill() throws IOException {
        if (pos > 0) {
            System.arraycopy(buffer, pos, buffer, 0, limit - pos);
            bufferOffset += pos;
            limit -= pos;
            pos = 0;
        }
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.multiplyExact(buffer.length, 2));
        }
        int n;
        if (channel != null) {
            n =
                    channel.read(
                            ByteBuffer.wrap(buffer, limit, buffer.length - limit),
                            bufferOffset + limit);
        } else {
            n = stream.read(buffer, limit, buffer.length - limit);
        }
        if (n < 0) {
            eof = true;
        } else {
            limit += n;
        }
    }

    @Override
    public void close() {
        try {
            if (channel != null) {
                channel.close();
            } else {
                stream.close();
            }
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot close CSV file: " + e.getMessage(), e);
        }
    }
}
