package io.tally.schema;

/**
 * Thrown when a data file cannot be read as a table: bad header, a value that does not fit its
 * column, an unsupported type, a missing directory. The message names the file and, where there is
 * one, the line and column at fault.
 */
public final class DataFileException extends RuntimeException {
    public DataFileException(String message) {
        super(message);
    }

    public DataFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
