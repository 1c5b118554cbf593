package io.tally.shell;

/** A user mistake the shell reports as one line (bad meta command, unknown table, missing file). */
public final class ShellException extends Exception {
    public ShellException(String message) {
        super(message);
    }
}
