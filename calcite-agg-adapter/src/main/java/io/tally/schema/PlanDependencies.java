package io.tally.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * What a statement's plan was built on, recorded while it is prepared: each table lookup the
 * planner made (a table name in a data directory, a file path or glob) adds a check that the lookup
 * still gives the same table, so a cached plan is reused only while its files are unchanged (same
 * size and modification time, no file added that a glob or a table name would now pick).
 *
 * <p>Recording is per thread: preparation runs on the thread that asked for it. Lookups made while
 * nothing records (execution, the checks themselves) add nothing.
 */
public final class PlanDependencies {
    private static final ThreadLocal<PlanDependencies> RECORDING = new ThreadLocal<>();

    private final List<BooleanSupplier> checks = new ArrayList<>();
    private boolean cacheable = true;

    private PlanDependencies() {}

    /**
     * Runs {@code prepare} while recording what it looks up; the recording is {@link #cacheable()}
     * only if nothing {@link #refuse refused} it.
     *
     * @param into receives the recording, also when {@code prepare} throws
     */
    public static <T> T record(Supplier<T> prepare, Consumer<PlanDependencies> into) {
        PlanDependencies outer = RECORDING.get();
        PlanDependencies d = new PlanDependencies();
        RECORDING.set(d);
        try {
            return prepare.get();
        } finally {
            if (outer == null) {
                RECORDING.remove();
            } else {
                RECORDING.set(outer);
                outer.checks.addAll(d.checks);
                outer.cacheable &= d.cacheable;
            }
            into.accept(d);
        }
    }

    /**
     * Adds a check to the statement being prepared on this thread, if any: {@code current} answers
     * whether the lookup it stands for would still give the same table (false, not an exception,
     * when the lookup would now fail).
     */
    public static void add(BooleanSupplier current) {
        PlanDependencies d = RECORDING.get();
        if (d != null) {
            d.checks.add(current);
        }
    }

    /**
     * Marks the statement being prepared on this thread, if any, as not to be cached: it reads
     * something whose changes no check covers (a table of another kind, a system table).
     */
    public static void refuse() {
        PlanDependencies d = RECORDING.get();
        if (d != null) {
            d.cacheable = false;
        }
    }

    /** Whether the plan may be cached: nothing refused it. */
    public boolean cacheable() {
        return cacheable;
    }

    /** Whether every lookup the plan was built on still gives the same table. */
    public boolean current() {
        for (BooleanSupplier check : checks) {
            boolean same;
            try {
                same = check.getAsBoolean();
            } catch (RuntimeException e) {
                same = false; // the lookup fails now: preparing again reports why
            }
            if (!same) {
                return false;
            }
        }
        return true;
    }
}
