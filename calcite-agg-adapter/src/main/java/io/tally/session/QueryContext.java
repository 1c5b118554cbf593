package io.tally.session;

import io.tally.memory.MachineMemory;
import io.tally.memory.MemoryPool;
import io.tally.memory.ServerMemory;
import io.tally.metrics.QueryProfile;
import io.tally.spill.QuerySpillDirectory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.calcite.DataContext;

/**
 * What one query's operators share, found from the {@link DataContext} generated code passes them:
 * the connection's settings, the query's {@link MemoryPool} (bounded by {@code memory_limit},
 * inside the server-wide {@code server_memory_limit} when one is set), its spill directory (one
 * subdirectory per spilling operator, deleted when the last of them closes, else with this object
 * or at JVM exit), its cancel flag, the connection's progress counters, and the {@code EXPLAIN
 * ANALYZE} profile when the execution is profiled. A query is one execution of a statement, i.e.
 * one {@link DataContext}; its context goes away with it.
 */
public final class QueryContext {
    private final TallySession session;
    private final AtomicBoolean cancelFlag;
    private final MemoryPool pool;
    private final QuerySpillDirectory spill;
    private volatile QueryProfile profile;

    QueryContext(TallySession session, AtomicBoolean cancelFlag) {
        this.session = session;
        this.cancelFlag = cancelFlag == null ? new AtomicBoolean() : cancelFlag;
        TallySettings settings = session.settings();
        this.pool =
                new MemoryPool(MemoryPool.QUERY_LIMIT, settings.memoryLimit(), ServerMemory.pool());
        if (settings.memoryLimitIsDefault()) {
            MachineMemory.follow(pool);
        }
        this.spill = new QuerySpillDirectory(settings.spillDir());
    }

    /**
     * The context of the execution {@code root}, created on first use; on a connection Tally did
     * not open, with default settings.
     */
    public static QueryContext of(DataContext root) {
        TallySession session = TallySession.find(root.getQueryProvider());
        return (session != null ? session : TallySession.DETACHED).query(root);
    }

    /** The connection's settings (live: runtime settings are read when an operator opens). */
    public TallySettings settings() {
        return session.settings();
    }

    public MemoryPool pool() {
        return pool;
    }

    public QuerySpillDirectory spill() {
        return spill;
    }

    /** Set when the statement is cancelled; operators poll it once per batch. */
    public AtomicBoolean cancelFlag() {
        return cancelFlag;
    }

    /** The connection's live counters, which this query's operators add to. */
    public QueryProgress progress() {
        return session.progress();
    }

    /** The profile this execution records into for {@code EXPLAIN ANALYZE}, or null. */
    public QueryProfile profile() {
        return profile;
    }

    /** Starts ({@code profile}) or stops (null) profiling this execution. */
    public void profile(QueryProfile profile) {
        this.profile = profile;
    }

    /**
     * Test hook: the pools of the queries whose contexts are still reachable, so an end-to-end test
     * can read a running query's "pool" number while it iterates the ResultSet.
     */
    public static List<MemoryPool> pools() {
        List<MemoryPool> pools = new ArrayList<>();
        for (QueryContext q : TallySession.allQueries()) {
            pools.add(q.pool);
        }
        return pools;
    }
}
