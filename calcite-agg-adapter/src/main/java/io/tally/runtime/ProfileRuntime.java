package io.tally.runtime;

import com.google.common.collect.MapMaker;
import io.tally.batch.BatchSource;
import io.tally.metrics.AggregateMetrics;
import io.tally.metrics.OperatorClock;
import io.tally.metrics.QueryProfile;
import io.tally.schema.ScanEnumerable;
import io.tally.session.QueryContext;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentMap;
import org.apache.calcite.DataContext;
import org.apache.calcite.linq4j.Enumerable;

/**
 * The run-time side of {@code EXPLAIN ANALYZE}: starts and stops profiling an execution (a {@link
 * DataContext}) into a {@link QueryProfile} kept in its {@link QueryContext}, and the entry point
 * generated code calls for every {@code io.tally.plan.ProfilingRel}. Executions that are not
 * profiled never reach this class except through {@link #attachAggregate}, one field read per
 * aggregate execution.
 */
public final class ProfileRuntime {
    private static final ConcurrentMap<QueryProfile, Queue<ProfiledSplits>> UNSETTLED =
            new MapMaker().weakKeys().makeMap();

    private ProfileRuntime() {}

    /** Remembers splits whose worker-side counts {@link #settleSplits} must move into stats. */
    static void unsettled(QueryProfile profile, ProfiledSplits splits) {
        UNSETTLED.computeIfAbsent(profile, p -> new ConcurrentLinkedQueue<>()).add(splits);
    }

    /**
     * Moves what worker threads counted in profiled splits into the operators' stats; called on the
     * query thread by the operator that read the splits, once its workers have stopped.
     */
    static void settleSplits(DataContext root) {
        QueryProfile profile = QueryContext.of(root).profile();
        Queue<ProfiledSplits> pending = profile == null ? null : UNSETTLED.remove(profile);
        if (pending != null) {
            for (ProfiledSplits s : pending) {
                s.settle();
            }
        }
    }

    /** Profiles the execution {@code root} into {@code profile} until {@link #end}. */
    public static void begin(DataContext root, QueryProfile profile) {
        QueryContext.of(root).profile(profile);
    }

    /** Stops profiling the execution {@code root}. */
    public static void end(DataContext root) {
        QueryContext.of(root).profile(null);
    }

    /**
     * Wraps the output of operator {@code operatorId} so that its rows, batches and time are
     * recorded; unprofiled executions get {@code input} back. {@code timeCurrent}: whether calls of
     * {@code current()} are timed too (see {@code io.tally.plan.ProfilingRel#timesCurrent()}).
     * Called through {@link TallyMethod#PROFILE}.
     */
    public static Enumerable<?> profile(
            DataContext root, Enumerable<?> input, int operatorId, boolean timeCurrent) {
        QueryProfile profile = QueryContext.of(root).profile();
        if (profile == null) {
            return input;
        }
        if (input instanceof ScanEnumerable scan) {
            profile.stats(operatorId).scan = scan.metrics();
        }
        return input instanceof BatchSource
                ? new ProfiledBatchSource<>(input, profile, operatorId, timeCurrent)
                : new ProfiledEnumerable<>(input, profile, operatorId, timeCurrent);
    }

    /**
     * Reports an aggregate's metrics to the operator being opened when its execution ({@code
     * query}) is profiled (the aggregate's enumerator is created while its {@code
     * io.tally.plan.ProfilingRel} has control).
     */
    static void attachAggregate(QueryContext query, AggregateMetrics metrics) {
        QueryProfile profile = query.profile();
        if (profile != null) {
            int operator = profile.clock().current();
            if (operator != OperatorClock.OUTSIDE) {
                profile.stats(operator).aggregate = metrics;
            }
        }
    }
}
