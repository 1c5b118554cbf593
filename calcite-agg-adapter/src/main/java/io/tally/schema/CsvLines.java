package io.tally.schema;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Line numbers for error messages: parallel CSV splits know byte offsets only, so the line of a bad
 * record is counted from the start of the file when (and only when) an error is reported.
 */
final class CsvLines {
    private CsvLines() {}

    /** The 1-based line holding byte {@code offset} (of the uncompressed text for gzip). */
    static long lineAt(Path file, long offset) {
        try (InputStream in =
                CsvFiles.isGzip(file)
                        ? new GZIPInputStream(Files.newInputStream(file), CsvSource.BUFFER_BYTES)
                        : new BufferedInputStream(
                                Files.newInputStream(file), CsvSource.BUFFER_BYTES)) {
            byte[] chunk = new byte[CsvSource.BUFFER_BYTES];
            long line = 1;
            long read = 0;
            while (read < offset) {
                int n = in.read(chunk, 0, (int) Math.min(chunk.length, offset - read));
                if (n < 0) {
                    break;
                }
                for (int i = 0; i < n; i++) {
                    if (chunk[i] == '\n') {
                        line++;
                    }
                }
                read += n;
            }
            return line;
        } catch (IOException e) {
            return -1;
        }
    }
}
