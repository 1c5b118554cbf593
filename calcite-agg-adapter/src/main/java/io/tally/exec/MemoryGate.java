package io.tally.exec;

import java.util.function.LongSupplier;

/**
 * Decides, before the sink grows, whether the bytes it may need fit the query's pool, and holds
 * them for the step (reserved at once, so no other thread takes them before the step allocates; see
 * {@link io.tally.memory.OperatorMemory#tryHold}). While building, the aggregator's gate spills
 * (which empties the sink) when they do not fit; while merging a spilled partition it signals that
 * the partition must be split.
 */
interface MemoryGate {
    /** A gate that never refuses (for callers without a limit of their own). */
    MemoryGate OPEN = (need, bound, mayFree) -> false;

    /**
     * Holds {@code need} bytes (the value of {@code bound} now) for the next step; may free memory
     * by spilling if {@code mayFree}, which empties the sink, and then asks {@code bound} again.
     * Returns whether it freed memory.
     *
     * <p>The caller computes {@code need} itself, so that the sink's own bound stays a direct call
     * in its compiled code: {@code bound} is called only after memory was freed, and the several
     * callers' suppliers meet at that one call site only then.
     *
     * @throws io.tally.memory.MemoryLimitExceededException if the bytes cannot be had
     */
    boolean ensure(long need, LongSupplier bound, boolean mayFree);
}
