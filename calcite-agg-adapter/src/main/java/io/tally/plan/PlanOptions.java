package io.tally.plan;

import org.apache.calcite.plan.Context;
import org.apache.calcite.plan.Contexts;
import org.apache.calcite.plan.RelOptPlanner;
import org.checkerframework.checker.nullness.qual.Nullable;

/**
 * The settings that shape one statement's plan, fixed when the statement is prepared and carried in
 * its planner's {@link Context}, where Tally's rules read them. A planner without options (one
 * Tally did not create) plans with {@link #DEFAULT}.
 *
 * @param vectorize whether aggregate inputs, filters and projections may run on Arrow batches
 *     ({@link TallyBatchCalc}, batch input to {@link EnumerableBlockedAggregate}); when false they
 *     run as rows through Calcite's operators
 */
public record PlanOptions(boolean vectorize) {
    /** Options of a planner that carries none. */
    public static final PlanOptions DEFAULT = new PlanOptions(true);

    /** A context holding these options ahead of {@code next}'s contents. */
    public Context chain(@Nullable Context next) {
        Context own = Contexts.of(this);
        return next == null ? own : Contexts.chain(own, next);
    }

    /** The options a planner was created with. */
    public static PlanOptions of(RelOptPlanner planner) {
        PlanOptions options = planner.getContext().unwrap(PlanOptions.class);
        return options != null ? options : DEFAULT;
    }
}
