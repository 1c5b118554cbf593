package io.tally.exec;

import io.tally.batch.BatchCursor;
import io.tally.batch.BatchSource;
import io.tally.batch.DataType;
import io.tally.batch.QueryCancelledException;
import io.tally.batch.RowBatcher;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.hash.GroupHashTable;
import io.tally.exec.spill.PartitionOverflowException;
import io.tally.memory.MemoryLimitExceededException;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import io.tally.memory.PeakTracker;
import io.tally.metrics.AggregateMetrics;
import io.tally.spill.QuerySpillDirectory;
import io.tally.spill.SpillCounters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The GROUP BY operator's mutable state and life: {@link #sink} batches, {@link #finish} (frees the
 * index), then {@link #nextBlock} until {@code null} (one block of groups per batch, each block's
 * keys and states freed as soon as its batch is built, the batch itself when the next one is
 * requested), and {@link #close} at any point. Single-threaded.
 *
 * <p>Under a memory limit: before the sink grows it asks {@link #gate} whether the bytes it may
 * need fit the pool; if not, every group is spilled ({@link AggregateSpiller}) and building goes on
 * in an empty table. If anything was spilled, {@link #finish} spills the rest too and the drain
 * merges one partition at a time and emits its blocks before loading the next.
 */
public final class BlockedAggregator implements Aggregator {
    /**
     * Index segments (1 MiB each, see {@link GroupHashTable#SEGMENT_SHIFT}) freed per poll at
     * least: the index is gone after a few polls, and no single poll pays for freeing all of it.
     */
    static final int INDEX_SEGMENTS_PER_POLL = 4;

    private enum Phase {
        BUILDING,
        DRAINING,
        DONE,
        FAILED,
        CLOSED
    }

    private final AggregateSpec spec;
    private final AggregateConfig config;
    private final BooleanSupplier cancelled;
    private final BufferAllocator parent;
    private final OperatorMemory memory;
    private final BlockLayout layout;
    private final AggregateMetrics metrics = new AggregateMetrics();
    private final SinkState sink;
    private final BlockEmitter emitter;
    private Phase phase = Phase.BUILDING;
    private int nextBlock;
    private BlockEmitter.Batch current;

    /** Emit mode ALL: every output batch, made before the first is returned (null before). */
    private ResultBuffer materialized;

    private PartialStates partialStates;
    private AggregateSpiller spiller;
    private final QuerySpillDirectory querySpill;
    private boolean partitionLoaded;
    private long buildStart = -1;

    /**
     * Times a refused table under {@link #onMemoryPressure} asks for relief before failing: freed
     * bytes are shared with other threads, which may reserve them first.
     */
    static final int RELIEF_ATTEMPTS = 16;

    /**
     * How long a query whose room is held by other queries (server_memory_limit) waits for them to
     * spill or finish before it fails: they spill at their next chunk once over their share.
     */
    static final long SERVER_WAIT_MILLIS = 30_000;

    /**
     * How long a table that may no longer empty itself keeps asking the query's other tables for
     * room (they spill, or free bytes their threads hold briefly) before the query fails.
     */
    static final long ELSEWHERE_WAIT_NANOS = 10_000_000_000L;

    /** Pause between two of those requests. */
    static final long ELSEWHERE_PAUSE_NANOS = 1_000_000L;

    /**
     * Groups a table that found no reduction may hold before it spills again: its index (2^17
     * slots, 1 MiB) stays in the L2 cache and its keys and states (tens of bytes a group) in the
     * L3, where a table grown to the memory limit misses the cache on nearly every probe. Near
     * unique keys (h2o q10 under a memory limit) then cost a cached probe per row before they are
     * partitioned to disk, as they would without any table.
     */
    static final int SPILL_TABLE_GROUPS = 1 << 16;

    /**
     * A spilled table reduced its input when it resolved at least this many rows per group, in
     * sixteenths (20/16 = 1.25 rows a group): below it, it keeps to {@link #SPILL_TABLE_GROUPS}.
     */
    static final int REDUCTION_SIXTEENTHS = 20;

    private LongConsumer relief;

    /** What frees memory held elsewhere when this table may no longer free itself (or null). */
    private LongConsumer roomElsewhere;

    /**
     * Creates the operator: a child allocator named {@code operatorName} under {@code parent},
     * reserving from {@code pool}; {@code cancelled} is polled once per batch.
     */
    public BlockedAggregator(
            AggregateSpec spec,
            AggregateConfig config,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String operatorName) {
        this(spec, config, parent, pool, cancelled, operatorName, null);
    }

    /**
     * As above, spilling into a subdirectory of the query's {@code spillDirectory} (null: a
     * directory of this operator's own under {@code spill_dir}).
     */
    public BlockedAggregator(
            AggregateSpec spec,
            AggregateConfig config,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String operatorName,
            QuerySpillDirectory spillDirectory) {
        this(spec, config, parent, pool, cancelled, operatorName, spillDirectory, null);
    }

    /**
     * As above, the table's reservations also counted in {@code shared} (null: nowhere), the peak
     * tracker of the operator it is a part of (see {@link ParallelAggregator}).
     */
    BlockedAggregator(
            AggregateSpec spec,
            AggregateConfig config,
            BufferAllocator parent,
            MemoryPool pool,
            BooleanSupplier cancelled,
            String operatorName,
            QuerySpillDirectory spillDirectory,
            PeakTracker shared) {
        this.spec = spec;
        this.querySpill = spillDirectory;
        this.config = config;
        this.cancelled = cancelled;
        this.layout = BlockLayout.of(config.blockSize());
        this.parent = parent;
        this.memory = new OperatorMemory(operatorName, parent, pool, shared);
        try {
            this.sink = new SinkState(spec, layout, memory, config.hashMask());
            this.emitter = new BlockEmitter(spec, sink, layout, memory, cancelled);
            sink.setGate(this::gate);
        } catch (RuntimeException e) {
            memory.close();
            throw e;
        }
    }

    public Schema outputSchema() {
        return spec.outputSchema();
    }

    public AggregateSpec spec() {
        return spec;
    }

    public AggregateConfig config() {
        return config;
    }

    @Override
    public AggregateMetrics metrics() {
        return metrics;
    }

    /** Folds one input batch (columns as in {@link AggregateSpec#inputTypes()}) into the groups. */
    public void sink(VectorSchemaRoot batch) {
        require(Phase.BUILDING, "sink");
        checkCancelled();
        if (buildStart < 0) {
            buildStart = System.nanoTime();
        }
        try {
            sink.sink(batch);
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
        metrics.inputRows += batch.getRowCount();
        metrics.inputBatches++;
        metrics.directRows = sink.directRows();
        trackPeaks();
    }

    /**
     * Folds {@code n} input rows another thread decoded and hashed already into the groups while
     * building (see {@link SinkState#sinkDecoded}): {@code columns} indexed as {@link
     * AggregateSpec#inputTypes()}, {@code hash32} their probe hashes. Used by {@link RowRouter}.
     */
    void sinkDecoded(DecodedColumn[] columns, long[] hash32, int n) {
        require(Phase.BUILDING, "sinkDecoded");
        checkCancelled();
        if (buildStart < 0) {
            buildStart = System.nanoTime();
        }
        try {
            sink.sinkDecoded(columns, hash32, n);
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
        metrics.directRows = sink.directRows();
        trackPeaks();
    }

    /**
     * Sinks every batch of {@code input}, read through a child allocator {@code <name>.input} of
     * the parent (input batches are not this operator's memory).
     */
    @Override
    public void sink(BatchSource input, Runnable afterEachBatch) {
        try (BufferAllocator allocator =
                        parent.newChildAllocator(memory.name() + ".input", 0, Long.MAX_VALUE);
                BatchCursor cursor = input.openBatches(allocator)) {
            VectorSchemaRoot batch;
            while ((batch = cursor.next()) != null) {
                sink(batch);
                afterEachBatch.run();
            }
        }
    }

    /** Packs Calcite-style rows (see {@link RowBatcher}) into batches and sinks them. */
    public void sinkRows(Iterator<Object[]> rows) {
        try (RowBatcher batcher =
                new RowBatcher(
                        spec.inputTypes(), memory.allocator(), RowBatcher.DEFAULT_BATCH_ROWS)) {
            VectorSchemaRoot batch;
            while ((batch = batcher.fill(rows)) != null) {
                sink(batch);
            }
        }
    }

    /**
     * The schema of partial-state batches (keys, hidden grouping-set id, typed state columns), the
     * format spilling writes. Fails for DISTINCT calls that keep a value set.
     */
    public Schema partialSchema() {
        partials().requireNoSideStreams("partialSchema");
        return partials().schema();
    }

    /** The types of the key columns leading a partial batch (group keys, then any set id). */
    List<DataType> partialKeyTypes() {
        List<DataType> types = new ArrayList<>();
        for (int k = 0; k < sink.table.keyCount(); k++) {
            types.add(sink.table.key(k).type);
        }
        return types;
    }

    /** Groups built so far (a progress counter; readable in any phase before close). */
    @Override
    public long groupCount() {
        return sink.table.groupCount();
    }

    /** Blocks currently holding groups (while building). */
    public int blockCount() {
        return sink.table.blockCount();
    }

    /**
     * Block {@code block}'s keys and states as a partial batch from {@code target}; caller closes
     * it.
     */
    public VectorSchemaRoot serializeBlock(int block, BufferAllocator target) {
        require(Phase.BUILDING, "serializeBlock");
        partials().requireNoSideStreams("serializeBlock");
        return partials().serialize(block, target);
    }

    /** Folds a partial batch (see {@link #partialSchema()}) into the groups while building. */
    public void mergePartial(VectorSchemaRoot partial) {
        require(Phase.BUILDING, "mergePartial");
        checkCancelled();
        partials().requireNoSideStreams("mergePartial");
        try {
            partials().merge(partial);
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
        trackPeaks();
    }

    /**
     * Folds groups {@code srcGids[0..n-1]} of another aggregator's partial states {@code src} (same
     * spec and config, all in its block {@code block}) into this one, table to table: keys by
     * {@code src}'s stored hashes {@code srcHashes}, states in place or from {@code states} (see
     * {@link PartialStates#mergeStored}, {@link TableHandOff}).
     */
    void mergeTable(
            PartialStates src,
            int block,
            int[] srcGids,
            int[] srcHashes,
            int n,
            VectorSchemaRoot states) {
        require(Phase.BUILDING, "mergeTable");
        checkCancelled();
        partials().requireNoSideStreams("mergeTable");
        try {
            partials().mergeStored(src, block, srcGids, srcHashes, n, states);
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
        trackPeaks();
    }

    /**
     * Hands every group to {@code handOff} table to table, one block at a time (its keys and, where
     * {@link PartialStates#statesInPlace}, its states read in place, else its states as a
     * states-only batch), each block freed after {@code handOff} returns; then goes on building in
     * an empty table.
     */
    void handTable(TableHandOff handOff) {
        require(Phase.BUILDING, "handTable");
        PartialStates source = partials();
        source.requireNoSideStreams("handTable");
        try {
            GroupHashTable table = sink.table;
            int[] hashes = table.storedHashes();
            int blocks = table.blockCount();
            boolean inPlace = source.statesInPlace();
            sink.keepForReset(); // the empty table's bytes stay ours (see flushPartials)
            for (int b = 0; b < blocks; b++) {
                try (VectorSchemaRoot states =
                        inPlace ? null : source.serializeStates(b, memory.allocator())) {
                    handOff.merge(source, b, table.layoutRows(b), hashes, states);
                }
                sink.releaseBlock(b);
            }
            sink.reset();
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
    }

    private PartialStates partials() {
        if (partialStates == null) {
            partialStates = new PartialStates(sink, spec);
        }
        return partialStates;
    }

    /**
     * The sink's memory check: holds {@code need} bytes (the value of {@code bound} now) for the
     * step if the pool has them (see {@link OperatorMemory#tryHold}); otherwise, while building
     * (and if {@code mayFree}) spills every group and holds them then; while merging a spilled
     * partition, reports that the partition must be split. The hold is the step's: it is released
     * at the next check, or by the sink when the step is over.
     */
    private boolean gate(long need, LongSupplier bound, boolean mayFree) {
        memory.releaseHold();
        // over its share of server_memory_limit while another query waits: spill to make room
        boolean yieldShare =
                mayFree && memory.overFairShare() && !merging() && sink.table.groupCount() > 0;
        if (!yieldShare && memory.tryHold(need)) {
            return false;
        }
        if (merging()) {
            // the partition fits the query's own limit if other queries give their bytes back
            if (memory.awaitHold(need, SERVER_WAIT_MILLIS, cancelled)) {
                return false;
            }
            throw new PartitionOverflowException(need, memory.limit());
        }
        if (!mayFree) {
            // the chunk's groups are resolved into this table, so it cannot empty itself now; the
            // bytes may be held by the query's other tables (other threads' partial or final
            // tables, exchange pieces in flight), which can spill or hand them on
            holdFreedElsewhere(need, "even right after spilling");
            return false;
        }
        if (relief != null) {
            // other threads may take freed bytes before this one holds them: ask again
            for (int attempt = 0; attempt < RELIEF_ATTEMPTS; attempt++) {
                relief.accept(need);
                need = bound.getAsLong();
                if (memory.tryHold(need)) {
                    return true;
                }
            }
        } else {
            spill();
        }
        holdFreedElsewhere(bound.getAsLong(), "even with every group spilled");
        return true;
    }

    /**
     * Holds {@code need} bytes once the query's other tables have freed them ({@link
     * #onMemoryPressureElsewhere}, asked again for up to {@link #ELSEWHERE_WAIT_NANOS} while other
     * threads take or hold the bytes) or other queries have (waiting for server memory), else fails
     * with the limit error.
     */
    private void holdFreedElsewhere(long need, String when) {
        long deadline = System.nanoTime() + ELSEWHERE_WAIT_NANOS;
        while (roomElsewhere != null) {
            roomElsewhere.accept(need);
            if (memory.tryHold(need)) {
                return;
            }
            if (System.nanoTime() > deadline || cancelled.getAsBoolean()) {
                break;
            }
            LockSupport.parkNanos(ELSEWHERE_PAUSE_NANOS);
        }
        if (!memory.awaitHold(need, SERVER_WAIT_MILLIS, cancelled)) {
            throw limitError(need, when);
        }
    }

    private boolean merging() {
        return spiller != null && spiller.merging();
    }

    /**
     * Makes memory pressure while building call {@code relieve} with the bytes needed instead of
     * spilling: it must empty this aggregator ({@link #flushPartials} or {@link #spillNow}) and may
     * free memory elsewhere. Used by {@link ParallelAggregator}.
     */
    public void onMemoryPressure(LongConsumer relieve) {
        this.relief = relieve;
    }

    /**
     * Makes a refusal this aggregator cannot answer by emptying itself (its current chunk is
     * already resolved into its groups) call {@code makeRoom} with the bytes needed before it
     * fails: it must free memory held by other tables of the query, waiting for bytes other threads
     * hold only briefly. Used by {@link ParallelAggregator}.
     */
    public void onMemoryPressureElsewhere(LongConsumer makeRoom) {
        this.roomElsewhere = makeRoom;
    }

    /**
     * Hands every group to {@code target} as partial batches (see {@link #partialSchema()}), one
     * per block, each block freed before its batch is handed on and the batch closed after {@code
     * target} returns; then goes on building in an empty table.
     */
    public void flushPartials(Consumer<VectorSchemaRoot> target) {
        require(Phase.BUILDING, "flushPartials");
        partials().requireNoSideStreams("flushPartials");
        try {
            int blocks = sink.table.blockCount();
            sink.keepForReset();
            for (int b = 0; b < blocks; b++) {
                try (VectorSchemaRoot batch = partials().serialize(b, memory.allocator())) {
                    sink.releaseBlock(b);
                    target.accept(batch);
                }
            }
            sink.reset();
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
    }

    /** Spills every group now (while building; nothing happens when there is none). */
    public void spillNow() {
        require(Phase.BUILDING, "spillNow");
        if (sink.table.groupCount() > 0) {
            spill();
        }
    }

    private void spill() {
        if (spiller == null) {
            spiller =
                    new AggregateSpiller(
                            sink,
                            partials(),
                            config.spill(),
                            querySpill,
                            memory,
                            layout,
                            spec,
                            cancelled);
        }
        boolean reducing =
                sink.rowsSinceReset() * 16 >= (long) sink.table.groupCount() * REDUCTION_SIXTEENTHS;
        spiller.spill();
        metrics.spillCount++;
        limitGroupsUnlessReducing(reducing);
    }

    /**
     * After a spill while building: a table that resolved fewer than {@link #REDUCTION_SIXTEENTHS}
     * / 16 rows per group ({@code reducing} false) saved little by growing, so the next one spills
     * at {@link #SPILL_TABLE_GROUPS} groups and gets the index for them now; one that reduced more
     * grows until the memory limit again.
     */
    private void limitGroupsUnlessReducing(boolean reducing) {
        sink.setGroupLimit(reducing ? Integer.MAX_VALUE : SPILL_TABLE_GROUPS, this::spill);
        if (!reducing) {
            sink.table.presize(SPILL_TABLE_GROUPS);
        }
    }

    private MemoryLimitExceededException limitError(long need, String when) {
        return new MemoryLimitExceededException(
                "Operator "
                        + memory.name()
                        + " exceeded memory_limit "
                        + MemoryPool.formatBytes(memory.limit())
                        + ": it needs "
                        + MemoryPool.formatBytes(need)
                        + " to aggregate the next rows "
                        + when
                        + ", but only "
                        + MemoryPool.formatBytes(Math.max(0, memory.available()))
                        + " is free");
    }

    /** Whether this operator has spilled groups to disk. */
    public boolean spilled() {
        return spiller != null && spiller.spilled();
    }

    /** Where this operator's spill files are (null before the first spill or after close). */
    public Path spillDirectory() {
        return spiller == null ? null : spiller.directoryPath();
    }

    /** Sinks every batch of {@code cursor} (the caller still closes the cursor). */
    public void sinkAll(BatchCursor cursor) {
        VectorSchemaRoot batch;
        while ((batch = cursor.next()) != null) {
            sink(batch);
        }
    }

    /** Ends the input: frees the index (and DISTINCT tables); the groups are ready to drain. */
    @Override
    public void finish() {
        require(Phase.BUILDING, "finish");
        checkCancelled();
        long now = System.nanoTime();
        metrics.drainStarted(now);
        metrics.buildNanos = buildStart < 0 ? 0 : now - buildStart;
        if (spilled()) {
            finishSpilled();
            return;
        }
        sink.finish();
        metrics.groups = sink.table.groupCount();
        metrics.blocks = sink.table.blockCount();
        phase = Phase.DRAINING;
        if (config.emit() == AggregateConfig.EmitMode.ALL) {
            sink.table.freeIndex();
            try {
                materialized = newResultBuffer();
                if (sink.table.groupCount() > 0 && !emitAllAtOnce()) {
                    // no room for one copy of every group: write them block by block to disk
                    // instead
                    materialized.spillFromNow();
                    while (nextBlock < sink.table.blockCount()) {
                        materialized.add(emitAndRelease());
                    }
                }
            } catch (RuntimeException e) {
                phase = Phase.FAILED;
                throw e;
            }
        }
    }

    /** Spills the last groups and prepares the partition-by-partition drain. */
    private void finishSpilled() {
        try {
            spill();
            sink.setGroupLimit(Integer.MAX_VALUE, null);
            spiller.finishWriting();
            phase = Phase.DRAINING;
            copySpillMetrics();
            if (config.emit() == AggregateConfig.EmitMode.ALL) {
                // the merged partitions need the pool: their output goes to disk until the drain
                materialized = newResultBuffer();
                materialized.spillFromNow();
                BlockEmitter.Batch b;
                while ((b = nextSpilledBatch()) != null) {
                    materialized.add(b);
                }
            }
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
    }

    private ResultBuffer newResultBuffer() {
        return new ResultBuffer(
                memory,
                spec.outputSchema(),
                config.spill(),
                querySpill,
                spiller != null ? spiller.counters() : new SpillCounters());
    }

    /**
     * Emit ALL without spilling: one batch copying every group, if the pool has room for it
     * (checked before any block is released); returns whether it was made.
     */
    private boolean emitAllAtOnce() {
        try {
            materialized.add(emitter.emitAll(sink::releaseBlock));
        } catch (MemoryLimitExceededException e) {
            return false;
        }
        nextBlock = sink.table.blockCount();
        return true;
    }

    /** The next block of the spilled drain, loading (merging) the next partition when needed. */
    private BlockEmitter.Batch nextSpilledBatch() {
        while (true) {
            if (partitionLoaded && nextBlock < sink.table.blockCount()) {
                return emitAndRelease();
            }
            if (partitionLoaded) {
                if (memory.held() < sink.emptyBytes()) {
                    memory.awaitHold(sink.emptyBytes(), SERVER_WAIT_MILLIS, cancelled);
                }
                sink.reset();
                partitionLoaded = false;
            }
            boolean loaded = spiller.loadNext();
            copySpillMetrics();
            if (!loaded) {
                return null;
            }
            partitionLoaded = true;
            nextBlock = 0;
            metrics.groups += sink.table.groupCount();
            metrics.blocks += sink.table.blockCount();
        }
    }

    private void copySpillMetrics() {
        metrics.spilled(
                spiller.counters(),
                spiller.partitions,
                spiller.maxLevel,
                spiller.stateBytes,
                config.spill().format().name().toLowerCase(Locale.ROOT));
    }

    /**
     * The next output batch, or {@code null} when all groups have been returned. The batch stays
     * valid until the next call or {@link #close()}; with emit BLOCKED it is exactly one block,
     * with emit ALL the single batch of every group.
     */
    @Override
    public VectorSchemaRoot nextBlock() {
        if (phase == Phase.DONE) {
            return null;
        }
        require(Phase.DRAINING, "nextBlock");
        checkCancelled();
        releaseCurrent();
        try {
            if (config.emit() == AggregateConfig.EmitMode.ALL) {
                current = materialized.poll();
            } else if (spilled()) {
                current = nextSpilledBatch();
            } else if (nextBlock < sink.table.blockCount()) {
                current = emitAndRelease();
            }
        } catch (RuntimeException e) {
            phase = Phase.FAILED;
            throw e;
        }
        long now = System.nanoTime();
        if (current == null) {
            metrics.drainEnded(now);
            phase = Phase.DONE;
            return null;
        }
        recordBatch(now, current.root().getRowCount());
        return current.root();
    }

    private BlockEmitter.Batch emitAndRelease() {
        BlockEmitter.Batch batch;
        try {
            releaseIndexStep();
            batch = emitter.emit(nextBlock);
        } finally {
            memory.releaseHold();
        }
        if (spilled() && nextBlock == sink.table.blockCount() - 1) {
            sink.keepForReset(); // the next partition's empty table (see nextSpilledBatch)
        }
        sink.releaseBlock(nextBlock);
        nextBlock++;
        return batch;
    }

    /**
     * Frees the next part of the retired index before a block is emitted: at least {@link
     * #INDEX_SEGMENTS_PER_POLL} segments, more if needed to be done by the last block, and all of
     * it when the block's output batch would not otherwise fit the memory limit; else the batch's
     * bytes are held for the emit (other threads drain other tables from the same pool).
     */
    private void releaseIndexStep() {
        GroupHashTable table = sink.table;
        int held = table.retiredSegments();
        if (held == 0) {
            return;
        }
        int blocksLeft = Math.max(1, table.blockCount() - nextBlock);
        int step = Math.max(INDEX_SEGMENTS_PER_POLL, (held + blocksLeft - 1) / blocksLeft);
        if (table.freeIndexSegments(step) > 0 && !memory.tryHold(emitter.estimate(nextBlock))) {
            table.freeIndex();
        }
    }

    private void recordBatch(long now, int rows) {
        trackPeaks();
        metrics.batchOut(now, rows, memory::reserved, memory::live);
    }

    private void trackPeaks() {
        metrics.poolPeak = memory.reservedPeak();
        metrics.livePeak = memory.livePeak();
    }

    /** Bytes this operator holds reserved in the pool now. */
    public long poolBytes() {
        return memory.reserved();
    }

    /** Bytes this operator's allocator holds now. */
    public long liveBytes() {
        return memory.live();
    }

    private void releaseCurrent() {
        if (current != null) {
            current.root().close();
            memory.release(current.reserved());
            current = null;
        }
    }

    private void checkCancelled() {
        if (cancelled.getAsBoolean()) {
            phase = Phase.FAILED;
            throw new QueryCancelledException(memory.name());
        }
    }

    private void require(Phase expected, String call) {
        if (phase != expected) {
            throw new IllegalStateException(
                    call
                            + "() on "
                            + memory.name()
                            + " in phase "
                            + phase
                            + ", expected "
                            + expected);
        }
    }

    /** Releases every buffer and reservation; safe in any phase, idempotent. */
    @Override
    public void close() {
        if (phase == Phase.CLOSED) {
            return;
        }
        phase = Phase.CLOSED;
        try {
            releaseCurrent();
            if (materialized != null) {
                materialized.close();
            }
            sink.close();
            if (spiller != null) {
                spiller.close();
            }
        } finally {
            memory.close();
        }
    }
}
