package io.tally.shell;

/** Told when a {@link ShellSession} statement starts and ends (e.g. to draw a progress line). */
public interface StatementObserver {
    /** A statement starts executing on {@code session}'s connection. */
    void started(ShellSession session);

    /** The statement ended: its result was printed, or it failed or was cancelled. */
    void ended();
}
