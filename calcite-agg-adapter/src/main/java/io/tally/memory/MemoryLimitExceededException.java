package io.tally.memory;

import io.tally.batch.TallyException;

/** Raised when an operator asks its query's {@link MemoryPool} for more than the limit allows. */
public final class MemoryLimitExceededException extends TallyException {
    private static final long serialVersionUID = 1L;

    public MemoryLimitExceededException(String message) {
        super(message);
    }
}
