package io.tally.batch;

/** The unchecked error Tally's runtime raises for bad input, limits and failed computations. */
public class TallyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TallyException(String message) {
        super(message);
    }

    public TallyException(String message, Throwable cause) {
        super(message, cause);
    }
}
