package io.tally.schema;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.stream.IntStream;

/**
 * Cuts an uncompressed CSV file into byte ranges that parallel scans parse independently, each
 * starting exactly at a record start. Range {@code k} holds the records starting in {@code [k *
 * RANGE_BYTES, (k + 1) * RANGE_BYTES)}; its first record is the first one starting at or after
 * {@code k * RANGE_BYTES}. With quoting, a line break inside quotes is no record start, so the
 * quote bytes of every range are counted first (in parallel): the parity of all quotes before a
 * range tells whether it begins inside a quoted field, which makes the resynchronisation exact for
 * RFC 4180 quoting (a doubled quote counts twice). A dialect whose escape differs from its quote is
 * not cut ({@link #splittable}).
 *
 * @param starts the record start offset of each range; the last entry is the file size
 */
record CsvRanges(long[] starts) {
    /** Bytes per range: large enough that per-range setup is noise, small enough to balance. */
    static final long RANGE_BYTES = 8L << 20;

    private static final int READ_BYTES = 1 << 20;

    /** Whether files of {@code dialect} can be cut at byte offsets. */
    static boolean splittable(Path file, CsvDialect dialect) {
        return !CsvFiles.isGzip(file)
                && (!dialect.quoting() || dialect.escape() == dialect.quote());
    }

    int count() {
        return starts.length - 1;
    }

    long start(int range) {
        return starts[range];
    }

    long end(int range) {
        return starts[range + 1];
    }

    /** The ranges of {@code file}, read once (quote counting reads the whole file). */
    static CsvRanges of(Path file, CsvDialect dialect) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            int count = (int) Math.max(1, (size + RANGE_BYTES - 1) / RANGE_BYTES);
            boolean[] inQuotes = new boolean[count];
            if (dialect.quoting() && count > 1) {
                long[] quotes =
                        IntStream.range(0, count)
                                .parallel()
                                .mapToLong(
                                        k ->
                                                countQuotes(
                                                        file,
                                                        k * RANGE_BYTES,
                                                        Math.min(size, (k + 1) * RANGE_BYTES),
                                                        dialect.quote()))
                                .toArray();
                long total = 0;
                for (int k = 0; k < count; k++) {
                    inQuotes[k] = (total & 1) == 1;
                    total += quotes[k];
                }
            }
            long[] starts = new long[count + 1];
            starts[count] = size;
            for (int k = 1; k < count; k++) {
                starts[k] =
                        Math.max(
                                starts[k - 1],
                                recordStart(channel, k * RANGE_BYTES, size, inQuotes[k], dialect));
            }
            return new CsvRanges(starts);
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot read CSV file: " + e.getMessage(), e);
        }
    }

    private static long countQuotes(Path file, long from, long to, byte quote) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            byte[] chunk = new byte[READ_BYTES];
            long count = 0;
            for (long at = from; at < to; ) {
                int n = read(channel, chunk, at, (int) Math.min(chunk.length, to - at));
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == quote) {
                        count++;
                    }
                }
                at += n;
            }
            return count;
        } catch (IOException e) {
            throw new DataFileException(file + ": cannot read CSV file: " + e.getMessage(), e);
        }
    }

    /**
     * The first record start at or after {@code offset}: {@code offset} itself if the byte before
     * it ends a line, else the byte after the next line break outside quotes ({@code inQuotes}: the
     * state at {@code offset}); the file size if there is none.
     */
    private static long recordStart(
            FileChannel channel, long offset, long size, boolean inQuotes, CsvDialect dialect)
            throws IOException {
        if (!inQuotes) {
            byte previous = byteAt(channel, offset - 1);
            if (previous == '\n' || (previous == '\r' && byteAt(channel, offset) != '\n')) {
                return offset;
            }
        }
        byte[] chunk = new byte[READ_BYTES];
        boolean quoted = inQuotes;
        for (long at = offset; at < size; ) {
            int n = read(channel, chunk, at, (int) Math.min(chunk.length, size - at));
            for (int i = 0; i < n; i++) {
                byte c = chunk[i];
                if (dialect.quoting() && c == dialect.quote()) {
                    quoted = !quoted;
                } else if (!quoted && (c == '\n' || c == '\r')) {
                    long next = at + i + 1;
                    if (c == '\r' && next < size && byteAt(channel, next) == '\n') {
                        next++;
                    }
                    return next;
                }
            }
            at += n;
        }
        return size;
    }

    private static byte byteAt(FileChannel channel, long position) throws IOException {
        byte[] one = new byte[1];
        read(channel, one, position, 1);
        return one[0];
    }

    private static int read(FileChannel channel, byte[] into, long position, int length)
            throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(into, 0, length);
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, position + buffer.position()) < 0) {
                break;
            }
        }
        return buffer.position();
    }
}
