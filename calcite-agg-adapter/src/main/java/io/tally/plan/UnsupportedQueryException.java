package io.tally.plan;

/**
 * A valid statement Tally cannot run (or would answer wrongly with the operator it would need): the
 * message names the function or clause at fault and why, in the user's terms.
 */
public class UnsupportedQueryException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnsupportedQueryException(String message) {
        super(message);
    }
}
