package io.tally.session;

/** Thrown when a connection's {@link FileAccess} refuses a path; the message names it. */
public final class FileAccessException extends RuntimeException {
    public FileAccessException(String message) {
        super(message);
    }
}
