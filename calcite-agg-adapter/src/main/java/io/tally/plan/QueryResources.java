package io.tally.plan;

import com.google.common.collect.MapMaker;
import io.tally.jdbc.TallySession;
import io.tally.jdbc.TallySettings;
import io.tally.memory.MemoryPool;
import io.tally.memory.ServerMemory;
import io.tally.spill.QuerySpillDirectory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.calcite.DataContext;

/**
 * The resources one query's operators share: its {@link MemoryPool} (bounded by
 * {@code memory_limit}, inside the server-wide {@code server_memory_limit} when one is set), its
 * spill directory (one subdirectory per spilling operator, deleted when the last of them closes,
 * else with this object or at JVM exit), its settings and its cancel flag. A query is one
 * execution of a statement, i.e. one {@link DataContext}; entries go away with it.
 */
final class QueryResources {
  private static final ConcurrentMap<DataContext, QueryResources> QUERIES =
      new MapMaker().weakKeys().makeMap();

  final TallySettings settings;
  final MemoryPool pool;
  final BooleanSupplier cancelled;
  final QuerySpillDirectory spill;

  private QueryResources(TallySettings settings, AtomicBoolean cancelFlag) {
    this.settings = settings;
    this.pool = new MemoryPool(MemoryPool.QUERY_LIMIT, settings.memoryLimit(), ServerMemory.pool());
    this.cancelled = cancelFlag == null ? () -> false : cancelFlag::get;
    this.spill = new QuerySpillDirectory(settings.spillDir());
  }

  /**
   * Test hook: the pools of the queries whose resources are still reachable, so an end-to-end
   * test can read a running query's "pool" number while it iterates the ResultSet.
   */
  static List<MemoryPool> pools() {
    List<MemoryPool> pools = new ArrayList<>();
    for (QueryResources q : QUERIES.values()) { // weak keys: the size may change meanwhile
      pools.add(q.pool);
    }
    return pools;
  }

  /** The resources of the query {@code root} belongs to, created on first use. */
  static QueryResources of(DataContext root) {
    return QUERIES.computeIfAbsent(root, r -> new QueryResources(
        TallySession.of(r).settings(), DataContext.Variable.CANCEL_FLAG.get(r)));
  }
}
