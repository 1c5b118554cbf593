package io.tally.batch;

/**
 * A split's cursor over something its splits hold together (a shared reader, a built aggregate):
 * closing it frees what the cursor alone holds, then releases its share, once and even if freeing
 * failed.
 */
public abstract class ReleasingCursor implements BatchCursor {
    private final Runnable release;
    private boolean closed;

    /** {@code release} gives back this cursor's share of what the splits hold together. */
    protected ReleasingCursor(Runnable release) {
        this.release = release;
    }

    /** Frees what this cursor alone holds. */
    protected abstract void free();

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            free();
        } finally {
            release.run();
        }
    }
}
