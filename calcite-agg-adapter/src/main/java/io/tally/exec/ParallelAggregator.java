package io.tally.exec;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSource;
import io.tally.batch.BatchSplit;
import io.tally.batch.ProjectedCursor;
import io.tally.batch.QueryCancelledException;
import io.tally.batch.SplittableBatchSource;
import io.tally.exec.exchange.AggregateWorkers;
import io.tally.exec.exchange.Exchange;
import io.tally.exec.exchange.ExchangePartitioner;
import io.tally.exec.exchange.PassThroughPolicy;
import io.tally.exec.exchange.PassThroughSwitch;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import io.tally.memory.PeakTracker;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.QuerySpillDirectory;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * GROUP BY on several threads: partial aggregation per input split, an exchange of partial states
 * by key hash, and final tables drained block by block.
 *
 * <ol>
 *   <li><b>Partial</b>: worker {@code i} reads split {@code i} into its own {@link
 *       BlockedAggregator}.
 *   <li><b>Exchange and merge</b>: at the end of its input (and earlier whenever its table passes
 *       {@link #PARTIAL_SHARE} of the memory limit or a pass-through check flushes it) a worker
 *       hands its table block by block to the final tables table to table ({@link TableHandOff}):
 *       each block's groups are split by final partition and merged into final table {@code p}
 *       under that table's lock, keys read in place by their stored hashes. When the pool refuses
 *       the partial table mid-batch it is instead serialized into partial-state batches ({@link
 *       BlockedAggregator#flushPartials}), split by {@link ExchangePartitioner} (the same
 *       partitions) and merged likewise. Then every final table is finished on its own thread.
 *   <li><b>Pass-through</b>: a partial table that is full (by group count or memory) while fewer
 *       than a third of its rows found their group in it stops probing: its groups are handed on
 *       and the following batches' rows go straight into the final tables as input rows, decoded
 *       and hashed once by the worker and routed by partition in pieces, each sunk into its table
 *       under the table's lock when the table is free ({@link RowRouter}, {@link
 *       PassThroughPolicy}), re-checked periodically.
 *   <li><b>Drain</b>: {@link #nextBlock} emits the final tables one after the other, one block per
 *       call, each block freed as the next is requested and each table closed when it is used up,
 *       so memory falls while draining. A consumer that reads on several threads (an aggregate over
 *       this one) takes {@link #drainPart}s instead: each thread emits and reads its own share of
 *       the final tables.
 * </ol>
 *
 * <p>Memory: every table reserves from the one query pool. Partial tables never spill: under
 * pressure they hand their groups to the final tables, and a final table spills (to its own files)
 * when the pool refuses it, first itself, then the other final tables it can lock.
 *
 * <p>Cases run on one thread by the caller instead (see {@link #serialReason}): DISTINCT calls that
 * keep a value table (their partial state is not in the exchanged columns). A query with an empty
 * grouping set (a global aggregate, ROLLUP) uses one final table, because every final table would
 * otherwise create that set's group.
 *
 * <p>Failure: the first error of any thread is rethrown as it was thrown, after every thread has
 * stopped (the others see it at their next cancel check); {@link #close} then frees all memory and
 * spill files. The query thread alone calls the public methods.
 */
public final class ParallelAggregator implements Aggregator {
    /** Aggregates whose state holds every input value (see {@link #preferSerialReason}). */
    static final Set<AggKind> HOLISTIC = holistic();

    /**
     * Holistic aggregates whose answer does not depend on the order their values arrive in, so
     * their rows may reach the final tables in any order (see {@link #repartitions}).
     */
    static final Set<AggKind> ORDER_FREE_HOLISTIC =
            EnumSet.of(AggKind.MEDIAN, AggKind.PERCENTILE_CONT);

    /** Share of memory_limit all partial tables together may hold before they flush. */
    static final double PARTIAL_SHARE = 0.25;

    /**
     * Inputs known to hold at most this many rows (the groups of an aggregate below, already built)
     * are read on the query thread: handing 100 rows to two workers took 2-3 ms of wall time at
     * threads=2 against 0.5 ms on one thread (q1's outer checksum aggregate), and a few thousand
     * rows take well under a millisecond to aggregate.
     */
    static final long INLINE_INPUT_ROWS = 2048;

    /** A partial table may always hold this much before flushing (tiny limits). */
    static final long MIN_PARTIAL_BYTES = 256 << 10;

    private final AggregateSpec spec;
    private final AggregateConfig config;
    private final int threads;
    private final BufferAllocator parent;

    /**
     * The allocator every table of this aggregate allocates under (partial and final tables, their
     * spill I/O, the exchanges): its peak is the most bytes they held allocated at the same time.
     */
    private final BufferAllocator tables;

    /** The reservations of all those tables together, and their peak. */
    private final PeakTracker reserved = new PeakTracker();

    private final MemoryPool pool;
    private final BooleanSupplier cancelled;
    private final String name;
    private final AggregateMetrics metrics = new AggregateMetrics();
    private final long partialCap;
    private final PassThroughPolicy passThrough;
    private final BlockedAggregator[] partials;
    private final FinalTables finals;
    private final FinalDrain drain;

    private AggregateWorkers workers;

    /** The single part {@link #nextBlock} reads, made on its first call. */
    private BatchCursor serialDrain;

    private long buildStart;
    private long partialDone;
    private volatile boolean built;
    private volatile boolean merged;
    private boolean finished;
    private volatile Runnable onBatch = () -> {};
    private boolean closed;

    /** As below, each final table spilling into a directory of its own. */
    public ParallelAggregator(
            AggregateSpec spec,
            AggregateConfig config,
            int threads,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String operatorName) {
        this(spec, config, threads, parent, pool, cancelled, operatorName, null);
    }

    /**
     * An aggregate of {@code spec} on {@code threads} threads (at least 2), its tables named after
     * {@code operatorName} under {@code parent}, reserving from {@code pool}; final tables spill
     * into subdirectories of {@code spillDirectory} (null: directories of their own).
     */
    public ParallelAggregator(
            AggregateSpec spec,
            AggregateConfig config,
            int threads,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String operatorName,
            QuerySpillDirectory spillDirectory) {
        this(
                spec,
                config,
                threads,
                parent,
                pool,
                cancelled,
                operatorName,
                spillDirectory,
                PassThroughPolicy.DEFAULT);
    }

    /**
     * As above, partial tables passing rows through under {@code passThrough}, or under {@link
     * PassThroughPolicy#ALWAYS} when {@code spec} {@link #repartitions}.
     */
    ParallelAggregator(
            AggregateSpec spec,
            AggregateConfig config,
            int threads,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String operatorName,
            QuerySpillDirectory spillDirectory,
            PassThroughPolicy passThrough) {
        if (threads < 2) {
            throw new IllegalArgumentException(
                    "a parallel aggregate needs 2 or more threads, got " + threads);
        }
        String reason = serialReason(spec);
        if (reason != null) {
            throw new IllegalArgumentException(operatorName + " cannot run in parallel: " + reason);
        }
        this.spec = spec;
        this.config = config;
        this.passThrough = repartitions(spec) ? PassThroughPolicy.ALWAYS : passThrough;
        this.threads = threads;
        this.parent = parent;
        this.pool = pool;
        this.name = operatorName;
        this.partialCap =
                Math.max(MIN_PARTIAL_BYTES, (long) (pool.limit() * PARTIAL_SHARE / threads));
        this.partials = new BlockedAggregator[threads];
        this.metrics.threads = threads;
        this.cancelled = () -> cancelled.getAsBoolean() || (workers != null && workers.aborted());
        this.tables = parent.newChildAllocator(operatorName, 0, Long.MAX_VALUE);
        try {
            this.finals =
                    new FinalTables(
                            hasEmptySet(spec) ? 1 : threads,
                            spec,
                            config,
                            tables,
                            pool,
                            this.cancelled,
                            name,
                            spillDirectory,
                            reserved);
        } catch (RuntimeException | Error e) {
            tables.close();
            throw e;
        }
        this.drain = new FinalDrain(finals, metrics, name, this::trackPeaks);
        createPartials();
    }

    /**
     * Creates every worker's partial table now, while the query's pool is still empty: a worker
     * that started late would otherwise reserve its first table's index from a pool the other
     * workers have already filled, which nothing can relieve before the table exists.
     */
    private void createPartials() {
        try {
            for (int i = 0; i < threads; i++) {
                partials[i] =
                        new BlockedAggregator(
                                spec,
                                config,
                                tables,
                                pool,
                                cancelled,
                                name + ".partial" + i,
                                null,
                                reserved);
            }
        } catch (RuntimeException e) {
            RuntimeException failure = FinalTables.closeEach(partials, null);
            try {
                finals.close();
            } catch (RuntimeException f) {
                failure = failure == null ? f : failure;
            }
            try {
                tables.close();
            } catch (RuntimeException f) {
                failure = failure == null ? f : failure;
            }
            if (failure != null) {
                e.addSuppressed(failure);
            }
            throw e;
        }
    }

    /**
     * Why {@code spec} must run on one thread, or null when it can run in parallel: a DISTINCT call
     * whose state is a value table has no column state to exchange.
     */
    public static String serialReason(AggregateSpec spec) {
        for (AggregateCall call : spec.calls()) {
            if (SinkState.keepsDistinctTable(call)) {
                return call.kind()
                        + "(DISTINCT …) keeps a value table whose partial state is not"
                        + " exchangeable";
            }
        }
        return null;
    }

    /**
     * Why one thread is the better plan although {@code spec} could run in parallel, or null: a
     * holistic aggregate (MODE, LISTAGG, ARRAY_AGG, COLLECT, the JSON and multiset aggregates)
     * keeps every value in its state, so partial tables do not shrink the input and the exchange
     * copies every value once more (q6 of h2o ran 2x slower on 2 threads than on 1). MEDIAN and
     * PERCENTILE_CONT do not care about order, so they run in parallel by {@link #repartitions}.
     */
    public static String preferSerialReason(AggregateSpec spec) {
        if (repartitions(spec)) {
            return null;
        }
        for (AggregateCall call : spec.calls()) {
            if (HOLISTIC.contains(call.kind())) {
                return call.kind()
                        + " keeps every value, so partial states would not shrink its input";
            }
        }
        return null;
    }

    /**
     * Whether {@code spec} runs by repartitioning its input rows instead of aggregating them twice:
     * it has a holistic call and all of them are order-free, and its rows can be routed straight to
     * their final tables ({@link RowRouter#supports}). Every worker then passes every row through
     * ({@link PassThroughPolicy#ALWAYS}), so each value is copied once, into the final table that
     * owns its group, and the final tables aggregate in parallel.
     */
    static boolean repartitions(AggregateSpec spec) {
        boolean holistic = false;
        for (AggregateCall call : spec.calls()) {
            if (HOLISTIC.contains(call.kind())) {
                if (!ORDER_FREE_HOLISTIC.contains(call.kind())) {
                    return false;
                }
                holistic = true;
            }
        }
        return holistic && RowRouter.supports(spec);
    }

    private static Set<AggKind> holistic() {
        Set<AggKind> kinds = EnumSet.copyOf(Accumulators.VALUE_LOG);
        kinds.add(AggKind.MEDIAN);
        kinds.add(AggKind.PERCENTILE_CONT);
        return kinds;
    }

    private static boolean hasEmptySet(AggregateSpec spec) {
        for (BitSet set : spec.groupingSets()) {
            if (set.isEmpty()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public AggregateMetrics metrics() {
        return metrics;
    }

    /** Worker threads (and input splits) this aggregate uses. */
    public int threads() {
        return threads;
    }

    /** Final tables (1 for queries with an empty grouping set, else the thread count). */
    public int partitions() {
        return finals.count();
    }

    /**
     * Reads {@code input}'s splits, one per thread, on the worker threads (partial aggregation and
     * exchange into the final tables); returns when every worker is done or rethrows the first
     * failure.
     *
     * @throws IllegalStateException if several threads cannot read {@code input}
     */
    @Override
    public void sink(BatchSource input, Runnable afterEachBatch) {
        sinkSplits(SplittableBatchSource.splitsOf(input, threads, name), null, afterEachBatch);
    }

    /**
     * {@link #sink} and {@link #finish} for a caller holding the splits: each batch is projected to
     * {@code columns} first.
     */
    public void build(List<BatchSplit> splits, int[] columns, Runnable afterEachBatch) {
        sinkSplits(splits, columns, afterEachBatch);
        finish();
    }

    /** The partial phase on {@code splits}; {@code columns} null: batches are used as they come. */
    private void sinkSplits(List<BatchSplit> splits, int[] columns, Runnable afterEachBatch) {
        if (built) {
            throw new IllegalStateException(name + ": sink() called twice");
        }
        if (splits.size() != threads) {
            throw new IllegalArgumentException(
                    name + ": " + splits.size() + " splits for " + threads + " threads");
        }
        built = true;
        onBatch = afterEachBatch;
        buildStart = System.nanoTime();
        AtomicBoolean[] opened = new AtomicBoolean[threads];
        for (int i = 0; i < threads; i++) {
            opened[i] = new AtomicBoolean();
        }
        try {
            String inline = inlineReason(splits);
            workers = inline == null ? AggregateWorkers.start(threads) : inline(inline);
            workers.runAll(threads, i -> runWorker(i, splits.get(i), opened[i], columns));
            partialDone = System.nanoTime();
            merged = true;
            metrics.partialNanos = partialDone - buildStart;
        } catch (RuntimeException | Error e) {
            stopWorkers();
            throw e;
        } finally {
            discardUnopened(splits, opened);
        }
    }

    /** Opens {@code split}, noting first that it no longer needs to be discarded. */
    private static BatchCursor open(
            BatchSplit split, AtomicBoolean opened, BufferAllocator allocator) {
        opened.set(true);
        return split.open(allocator);
    }

    /** Discards every split whose worker never got to it (see {@link BatchSplit#discard}). */
    private static void discardUnopened(List<BatchSplit> splits, AtomicBoolean[] opened) {
        for (int i = 0; i < splits.size(); i++) {
            if (!opened[i].get()) {
                splits.get(i).discard();
            }
        }
    }

    /**
     * Why the workers' tasks run on the calling thread, or null: the splits together produce at
     * most {@link #INLINE_INPUT_ROWS} rows.
     */
    private static String inlineReason(List<BatchSplit> splits) {
        long rows = 0;
        for (BatchSplit split : splits) {
            rows += Math.min(split.rowsAtMost(), INLINE_INPUT_ROWS + 1);
        }
        return rows > INLINE_INPUT_ROWS
                ? null
                : "an input of at most " + rows + " rows is read on the query thread";
    }

    /** Workers running on the calling thread, the metrics saying so and {@code why}. */
    private AggregateWorkers inline(String why) {
        metrics.threads = 1;
        metrics.serialReason = why;
        return AggregateWorkers.inline();
    }

    /** Merges and finishes every final table on the worker threads, then stops the workers. */
    @Override
    public void finish() {
        if (!merged || workers == null) {
            throw new IllegalStateException(name + ": finish() before sink()");
        }
        try {
            workers.runAll(finals.count(), p -> finals.table(p).finish());
            long finishedAt = System.nanoTime();
            metrics.drainStarted(finishedAt);
            metrics.mergeNanos = finishedAt - partialDone;
            metrics.buildNanos = finishedAt - buildStart;
            finished = true;
        } finally {
            stopWorkers();
        }
    }

    /** Ends the worker threads (once) and collects what the tables built. */
    private void stopWorkers() {
        if (workers == null) {
            return;
        }
        metrics.workerCpuNanos = workers.cpuNanos();
        workers.close();
        workers = null;
        finals.collectBuildMetrics(metrics);
        synchronized (metrics) {
            trackPeaks();
        }
    }

    /**
     * Sets the aggregate's memory peaks: the most bytes all its tables held at the same time, in
     * the pool and allocated (caller holds the metrics' lock).
     */
    private void trackPeaks() {
        metrics.poolPeak = reserved.peak();
        metrics.livePeak = tables.getPeakMemoryAllocation();
    }

    /**
     * Worker {@code i}: partial aggregation of its split (or, while a full partial table found too
     * few of its rows' groups, pass-through of each batch as row states, see {@link
     * PassThroughPolicy}), then the exchange of its groups.
     */
    private void runWorker(int i, BatchSplit split, AtomicBoolean opened, int[] columns) {
        BlockedAggregator partial = partials[i];
        long passed = 0;
        long passedBatches = 0;
        try (OperatorMemory exchange =
                        new OperatorMemory(name + ".exchange" + i, tables, pool, reserved);
                Exchange out =
                        new Exchange(
                                i,
                                finals.mergeInto(),
                                finals.locks(),
                                new ExchangePartitioner(
                                        partial.partialKeyTypes(),
                                        finals.count(),
                                        config.hashMask(),
                                        BlockLayout.of(config.blockSize()),
                                        exchange),
                                exchange.allocator())) {
            TableHandOff handOff =
                    new TableHandOff(
                            i, finals, BlockLayout.of(config.blockSize()), exchange.allocator());
            RowRouter rows =
                    RowRouter.supports(spec)
                            ? new RowRouter(
                                    i,
                                    spec,
                                    finals,
                                    config.hashMask(),
                                    BlockLayout.of(config.blockSize()),
                                    exchange)
                            : null;
            PassThroughSwitch pass =
                    new PassThroughSwitch(rows != null ? passThrough : PassThroughPolicy.OFF);
            partial.onMemoryPressure(
                    need -> {
                        pass.flushedFull(partial.groupCount());
                        relievePartial(partial, out, need);
                    });
            partial.onMemoryPressureElsewhere(finals::makeRoom);
            try (BufferAllocator input =
                            parent.newChildAllocator(name + ".input" + i, 0, Long.MAX_VALUE);
                    BatchCursor cursor = open(split, opened, input)) {
                VectorSchemaRoot batch;
                while ((batch = cursor.next()) != null) {
                    VectorSchemaRoot view =
                            columns == null ? batch : ProjectedCursor.project(batch, columns);
                    if (pass.passing()) {
                        passOn(rows, view);
                        passed += view.getRowCount();
                        passedBatches++;
                        pass.passed(view.getRowCount());
                    } else {
                        partial.sink(view);
                        if (pass.aggregated(view.getRowCount(), partial.groupCount())) {
                            partial.handTable(handOff);
                            pass.flushed();
                        } else if (partial.poolBytes() > partialCap) {
                            pass.flushedFull(partial.groupCount());
                            partial.handTable(handOff);
                        }
                    }
                    onBatch.run();
                }
            }
            partial.handTable(handOff);
            if (rows != null) {
                rows.finish();
            }
            out.finish();
            synchronized (metrics) {
                metrics.inputRows += partial.metrics().inputRows + passed;
                metrics.inputBatches += partial.metrics().inputBatches + passedBatches;
                metrics.passthroughRows += passed;
                metrics.directRows += partial.metrics().directRows;
                metrics.exchangeBytes += out.bytes();
                metrics.exchangeBatches += out.batches();
                metrics.tableMergedGroups += handOff.groups();
            }
        } finally {
            partial.close();
        }
    }

    /** Passes {@code batch}'s rows straight into the final tables ({@link RowRouter}). */
    private void passOn(RowRouter rows, VectorSchemaRoot batch) {
        if (cancelled.getAsBoolean()) {
            throw new QueryCancelledException(name);
        }
        rows.route(batch);
    }

    /** A partial table the pool refused: hand its groups on, then spill finals if still short. */
    private void relievePartial(BlockedAggregator partial, Exchange out, long need) {
        partial.flushPartials(out::send);
        finals.makeRoom(need);
    }

    /**
     * A progress counter of groups (callable from any thread): while the workers read their input,
     * the larger of the largest partial table's group count and the final tables' groups so far
     * (both lower bounds of the distinct groups: a key may be in several partial tables, and
     * pass-through or flushed groups are already in the final tables); then the groups of the final
     * tables.
     */
    @Override
    public long groupCount() {
        long n = 0;
        if (!merged) {
            for (BlockedAggregator p : partials) {
                if (p != null) {
                    n = Math.max(n, p.groupCount());
                }
            }
        }
        return Math.max(n, finals.groupCount());
    }

    /**
     * The next output batch (one block of one final table), or null when every group has been
     * returned; valid until the next call or {@link #close}. The final tables are drained one after
     * the other on the calling thread; see {@link #drainPart} for a parallel drain instead.
     */
    @Override
    public VectorSchemaRoot nextBlock() {
        if (serialDrain == null) {
            serialDrain = drainPart(0, 1);
        }
        return serialDrain.next();
    }

    /**
     * The output of the final tables {@code part}, {@code part + parts}, {@code part + 2 * parts},
     * … as a cursor that another thread may read while other parts are read on theirs: each final
     * table is touched by one thread only, emits its blocks on that thread, and is closed as soon
     * as its last block has been read (or when the cursor closes). Each batch is valid until the
     * next call of that cursor. Together the cursors of {@code 0 .. parts-1} return every group
     * once; the drain metrics cover them all (first batch of any part, longest gap between two
     * batches of any part, memory of the tables not yet closed).
     *
     * @throws IllegalStateException before {@link #finish}, or if a cursor of this part was made
     */
    public BatchCursor drainPart(int part, int parts) {
        if (!finished) {
            throw new IllegalStateException(name + ": drain before finish()");
        }
        if (part < 0 || part >= parts) {
            throw new IllegalArgumentException(name + ": drain part " + part + " of " + parts);
        }
        return drain.part(part, parts);
    }

    /** Partial table {@code i} (its metrics stay readable after it closed). */
    BlockedAggregator partialTable(int i) {
        return partials[i];
    }

    /** Final table {@code p} (its metrics stay readable after it closed). */
    BlockedAggregator finalTable(int p) {
        return finals.table(p);
    }

    /** Bytes the final tables not yet drained hold reserved now. */
    public long poolBytes() {
        return drain.poolBytes();
    }

    /** Bytes the allocators of the final tables not yet drained hold now. */
    public long liveBytes() {
        return drain.liveBytes();
    }

    /** Releases every table's memory and spill files; safe at any point, idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (workers != null) { // sunk but never finished
            workers.close();
            workers = null;
        }
        RuntimeException failure = FinalTables.closeEach(partials, null);
        try {
            finals.close();
        } catch (RuntimeException e) {
            failure = failure == null ? e : failure;
        }
        try {
            tables.close();
        } catch (RuntimeException e) {
            failure = failure == null ? e : failure;
        }
        if (failure != null) {
            throw failure;
        }
    }
}
