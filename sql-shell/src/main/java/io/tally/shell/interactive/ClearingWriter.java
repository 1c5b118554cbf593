package io.tally.shell.interactive;

import java.io.IOException;
import java.io.Writer;

/**
 * A writer that erases the {@link ProgressLine} before it passes anything on, so results, notices
 * and errors never mix with a half-drawn progress line.
 */
final class ClearingWriter extends Writer {
    private final Writer out;
    private final ProgressLine progress;

    ClearingWriter(Writer out, ProgressLine progress) {
        this.out = out;
        this.progress = progress;
    }

    @Override
    public void write(char[] buf, int off, int len) throws IOException {
        progress.clear();
        out.write(buf, off, len);
    }

    @Override
    public void write(String s, int off, int len) throws IOException {
        progress.clear();
        out.write(s, off, len);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.flush();
    }
}
