package io.tally.shell;

/** What running a command or script led to. */
public enum Outcome {
    /** Everything ran; carry on. */
    OK,
    /** A command failed (already reported); a script stops here. */
    ERROR,
    /** The user asked to quit ({@code \q}). */
    QUIT
}
