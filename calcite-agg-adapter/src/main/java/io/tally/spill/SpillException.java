package io.tally.spill;

/** A spill failed: file corrupted, no space left on the spill device, or an I/O error. */
public final class SpillException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public SpillException(String message) {
        super(message);
    }

    public SpillException(String message, Throwable cause) {
        super(message, cause);
    }
}
