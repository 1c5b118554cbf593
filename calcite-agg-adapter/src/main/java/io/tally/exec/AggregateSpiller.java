package io.tally.exec;

import io.tally.batch.DataType;
import io.tally.batch.QueryCancelledException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.spill.PartitionOverflowException;
import io.tally.exec.spill.Partitioner;
import io.tally.exec.spill.SpillFileFormat;
import io.tally.exec.spill.SpillStaging;
import io.tally.exec.state.AggKind;
import io.tally.memory.MemoryLimitExceededException;
import io.tally.memory.MemoryPool;
import io.tally.memory.OperatorMemory;
import io.tally.spill.QuerySpillDirectory;
import io.tally.spill.SpillCounters;
import io.tally.spill.SpillDirectory;
import io.tally.spill.SpillOptions;
import io.tally.spill.SpillReader;
import io.tally.spill.SpillWriter;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Spilling for one aggregate: {@link #spill} writes every group of the sink — each block's keys and
 * states as a partial batch, radix-partitioned ({@link Partitioner}) into one file per partition,
 * DISTINCT pair streams into files of their own — then empties the sink. After the input, {@link
 * #loadNext} merges one partition at a time into the (empty) sink; a partition that does not fit is
 * split into {@link Partitioner#FANOUT} files on the next hash bits and those are merged instead,
 * recursively.
 *
 * <p>Rows are staged per file ({@link SpillStaging}) and written in batches of {@link
 * SpillStaging#SPILL_BATCH_ROWS}; the staging of all files of a level is bounded by bytes: when it
 * passes the budget the largest staging is written early and freed.
 *
 * <p>Memory: I/O batches and staging come from a child allocator of the operator. While the input
 * is spilled (level 0) they are not reserved from the pool: one serialized block (plus its binary
 * copy), one batch being encoded (plus compression buffers) and the level-0 staging budget {@link
 * #stagingSlack(long)} are the documented slack above {@code memory_limit}. A split (level 1 and
 * deeper) runs with the sink empty and reserves its larger staging budget from the pool for its
 * duration. Where spill files use direct I/O, the aligned buffers it needs are slack too: one write
 * chunk of at most {@code SpillFileOutput.CHUNK_BYTES} per write in flight (at most {@code
 * SpillIo.THREADS}) and one read window of {@code SpillFileInput.WINDOW_BYTES} per file being read
 * (256 KiB each). Encoded frames wait on the heap for the I/O threads: at most {@code
 * WriteBehind.MAX_BYTES} written behind per operator and one frame read ahead per open reader.
 */
final class AggregateSpiller implements AutoCloseable {
    /**
     * DISTINCT calls whose result follows the order values arrive in (the value log's lists,
     * multisets and JSON aggregates without an ORDER BY): their pairs stay with their group's
     * partition (replayed in order when it merges), so one group's pairs must fit.
     */
    private static final Set<AggKind> ORDERED =
            EnumSet.of(
                    AggKind.LISTAGG,
                    AggKind.ARRAY_AGG,
                    AggKind.COLLECT,
                    AggKind.FUSION,
                    AggKind.INTERSECTION,
                    AggKind.ARRAY_CONCAT_AGG,
                    AggKind.JSON_ARRAYAGG,
                    AggKind.JSON_OBJECTAGG);

    /** Most bytes any level's staging may hold. */
    static final long STAGING_MAX_BYTES = 8L << 20;

    /** Least level-0 staging budget, so that tiny limits still coalesce a little. */
    static final long STAGING_MIN_BYTES = 256L << 10;

    /** Level-0 staging (unreserved slack) is at most memory_limit / this. */
    static final int STAGING_LIMIT_DIVISOR = 4;

    /** A split reserves at most this many quarters of the pool's free bytes for its staging. */
    static final int SPLIT_STAGING_QUARTERS = 3;

    private final OperatorMemory memory;
    private final long level0Budget;
    private int[] order = new int[0];
    private final int[] starts = new int[Partitioner.FANOUT + 1];
    private final SinkState sink;
    private final PartialStates partials;
    private final SpillDirectory directory;
    private final SpillCounters counters = new SpillCounters();
    private final BufferAllocator io;
    private final Partitioner partitioner;
    private final SpillFileFormat format;
    private final Schema[] sideSchemas;

    /** Per DISTINCT call: its replayed states with the keys, a stream of the main partitions. */
    private final Schema[] stateSchemas;

    /** Per DISTINCT call: partitions its pairs by keys and argument values (null otherwise). */
    private final Partitioner[] pairPartitioners;

    private final int calls;
    private final String operator;

    /** Polled before every batch read back, so a cancel stops merging and splitting too. */
    private final BooleanSupplier cancelled;

    private Partition[] level0;

    /** Level 0 of the DISTINCT pairs' own partitions (null while no call has pairs). */
    private Partition[] pairLevel0;

    private final Deque<Partition> pending = new ArrayDeque<>();
    private final Deque<Partition> pendingPairs = new ArrayDeque<>();
    private boolean merging;
    long stateBytes;
    int partitions;
    int maxLevel;

    /** {@code query} is the query's spill directory; null gives this operator one of its own. */
    AggregateSpiller(
            SinkState sink,
            PartialStates partials,
            SpillOptions options,
            QuerySpillDirectory query,
            OperatorMemory memory,
            BlockLayout layout,
            AggregateSpec spec,
            BooleanSupplier cancelled) {
        this.sink = sink;
        this.cancelled = cancelled;
        this.partials = partials;
        this.directory =
                new SpillDirectory(
                        query != null ? query : new QuerySpillDirectory(Path.of(options.dir())),
                        options,
                        memory.name(),
                        counters);
        this.calls = spec.calls().size();
        this.operator = memory.name();
        List<DataType> keyTypes = new ArrayList<>();
        for (int k = 0; k < partials.keyCount(); k++) {
            keyTypes.add(sink.table.key(k).type);
        }
        this.partitioner = new Partitioner(keyTypes, layout, memory);
        List<List<Field>> states = new ArrayList<>();
        sideSchemas = new Schema[calls];
        stateSchemas = new Schema[calls];
        pairPartitioners = new Partitioner[calls];
        for (int c = 0; c < calls; c++) {
            states.add(
                    partials.hasSideStream(c) ? List.of() : sink.accumulators.get(c).stateFields());
            if (partials.hasSideStream(c)) {
                sideSchemas[c] = partials.sideSchema(c);
                if (!ORDERED.contains(spec.calls().get(c).kind())) {
                    stateSchemas[c] = partials.sideStateSchema(c);
                    List<DataType> pairTypes = new ArrayList<>(keyTypes);
                    pairTypes.addAll(sink.argTypes(c));
                    pairPartitioners[c] = new Partitioner(pairTypes, layout, memory);
                }
            }
        }
        this.format =
                new SpillFileFormat(
                        options.format(), partials.schema(), partials.keyCount(), states);
        this.io = memory.allocator().newChildAllocator(memory.name() + ".spill", 0, Long.MAX_VALUE);
        this.memory = memory;
        this.level0Budget = stagingSlack(memory.limit());
    }

    /** The level-0 staging budget for {@code limit}: limit / 4 within [256 KiB, 8 MiB]. */
    static long stagingSlack(long limit) {
        return Math.max(
                STAGING_MIN_BYTES, Math.min(STAGING_MAX_BYTES, limit / STAGING_LIMIT_DIVISOR));
    }

    Path directoryPath() {
        return directory.path();
    }

    SpillCounters counters() {
        return counters;
    }

    boolean spilled() {
        return level0 != null;
    }

    /** Whether a partition is being merged (the gate then reports overflow instead of spilling). */
    boolean merging() {
        return merging;
    }

    /** Writes all groups of the sink to the level-0 partitions and empties the sink. */
    void spill() {
        long start = System.nanoTime();
        if (level0 == null) {
            level0 = newLevel(0, false);
            pairLevel0 = newLevel(0, true);
        }
        for (int c = 0; c < calls; c++) {
            if (partials.hasSideStream(c)) {
                for (int b = 0; b < partials.sideBlocks(c); b++) {
                    try (VectorSchemaRoot side = partials.serializeSide(c, b, sideSchemas[c], io)) {
                        route(
                                side,
                                0,
                                pairPartitioners[c] != null ? pairLevel0 : level0,
                                c,
                                level0Budget);
                    }
                }
            }
        }
        int blocks = sink.table.blockCount();
        for (int b = 0; b < blocks; b++) {
            try (VectorSchemaRoot typed = partials.serialize(b, io)) {
                sink.releaseBlock(b);
                VectorSchemaRoot stored = format.toFile(typed, io);
                try {
                    stateBytes += format.stateBytes(stored);
                    route(stored, 0, level0, -1, level0Budget);
                } finally {
                    if (stored != typed) {
                        stored.close();
                    }
                }
            }
        }
        sink.reset();
        counters.writeNanos += System.nanoTime() - start;
    }

    /**
     * Stages {@code root}'s rows into the partitions of {@code level} (stream -1 = main), writing
     * every full staged batch and keeping all staging of {@code targets} within {@code budget}.
     */
    private void route(
            VectorSchemaRoot root, int level, Partition[] targets, int stream, long budget) {
        int n = root.getRowCount();
        if (n == 0) {
            return;
        }
        Partitioner by = targets[0].pairs ? pairPartitioners[stream] : partitioner;
        int[] parts = by.partitions(root, level);
        if (order.length < n) {
            order = new int[n];
        }
        Arrays.fill(starts, 0);
        for (int i = 0; i < n; i++) {
            starts[parts[i] + 1]++;
        }
        for (int p = 0; p < Partitioner.FANOUT; p++) {
            starts[p + 1] += starts[p];
        }
        int[] at = Arrays.copyOf(starts, Partitioner.FANOUT);
        for (int i = 0; i < n; i++) {
            order[at[parts[i]]++] = i;
        }
        for (int p = 0; p < Partitioner.FANOUT; p++) {
            int from = starts[p];
            int to = starts[p + 1];
            while (from < to) {
                SpillStaging staging = targets[p].staging(stream);
                int take = Math.min(staging.room(), to - from);
                staging.add(root, order, from, from + take);
                if (stream < 0) {
                    targets[p].mainRows += take;
                }
                from += take;
                if (staging.room() == 0) {
                    staging.flush(false);
                }
                keepWithin(targets, budget);
            }
        }
    }

    /**
     * Writes and frees the fullest staging (most rows, so the early batch is as large as it can be)
     * of {@code targets} until all staging fits in {@code budget}.
     */
    private static void keepWithin(Partition[] targets, long budget) {
        while (true) {
            long total = 0;
            SpillStaging fullest = null;
            for (Partition t : targets) {
                for (SpillStaging s : t.stagings()) {
                    if (s != null && s.bytes() > 0) {
                        total += s.bytes();
                        if (fullest == null || s.rows() > fullest.rows()) {
                            fullest = s;
                        }
                    }
                }
            }
            if (total <= budget || fullest == null) {
                return;
            }
            fullest.flush(true);
        }
    }

    /**
     * Replays the DISTINCT pairs into per-group states (see {@link #resolvePairs}), then closes the
     * level-0 files and queues them for merging, partition 0 first.
     */
    void finishWriting() {
        resolvePairs();
        for (int p = Partitioner.FANOUT - 1; p >= 0; p--) {
            level0[p].closeWriters();
            if (level0[p].hasFiles()) {
                pending.push(level0[p]);
            }
        }
    }

    /**
     * Turns the spilled DISTINCT pairs into states: each pair partition (pairs partitioned by keys
     * and argument values, so all copies of a pair are in one partition) is replayed through the
     * calls' DISTINCT filters into the empty sink, and the groups' states of the DISTINCT calls
     * (over disjoint sets of values, so they merge) are written to the main level-0 partitions. A
     * pair partition that does not fit is split on the next bits of its pair hash, which always
     * divides it, even for one group with a huge distinct set (a global aggregate).
     */
    private void resolvePairs() {
        for (int p = Partitioner.FANOUT - 1; p >= 0; p--) {
            pairLevel0[p].closeWriters();
            if (pairLevel0[p].hasFiles()) {
                pendingPairs.push(pairLevel0[p]);
            }
        }
        while (!pendingPairs.isEmpty()) {
            Partition p = pendingPairs.pop();
            try {
                // one call at a time, so every group written has pairs of that call (no empty
                // states);
                // a call done is dropped from the partition, so a split after it leaves it out
                for (int c = 0; c < calls; c++) {
                    if (p.sides[c] != null) {
                        merging = true;
                        replayPairs(p, c);
                        merging = false;
                        writeReplayedStates(c);
                        p.deleteStream(c);
                    }
                }
                p.delete();
            } catch (PartitionOverflowException e) {
                merging = false;
                sink.reset();
                if (p.level + 1 >= Partitioner.MAX_LEVELS) {
                    throw overflow(e);
                }
                split(p, pendingPairs);
            } finally {
                merging = false;
            }
        }
    }

    /** Replays the pairs of DISTINCT call {@code c} in pair partition {@code p} into the sink. */
    private void replayPairs(Partition p, int c) {
        try (SpillReader reader = new SpillReader(p.sides[c], p.schema(c), counters, io)) {
            VectorSchemaRoot side;
            while ((side = nextBatch(reader)) != null) {
                try (VectorSchemaRoot s = side) {
                    partials.mergeSide(c, s);
                }
            }
        }
    }

    /** Routes every group's states of call {@code c} into the main level 0; empties the sink. */
    private void writeReplayedStates(int c) {
        int blocks = sink.table.blockCount();
        for (int b = 0; b < blocks; b++) {
            try (VectorSchemaRoot states = partials.serializeSideState(c, b, stateSchemas[c], io)) {
                route(states, 0, level0, c, level0Budget);
            }
            sink.releaseBlock(b);
        }
        sink.reset();
    }

    private MemoryLimitExceededException overflow(PartitionOverflowException e) {
        return new MemoryLimitExceededException(
                "Operator "
                        + operator
                        + " cannot aggregate within"
                        + " memory_limit "
                        + MemoryPool.formatBytes(e.limit)
                        + ": a spilled partition still"
                        + " needs "
                        + MemoryPool.formatBytes(e.needed)
                        + " more after "
                        + Partitioner.MAX_LEVELS
                        + " levels of repartitioning (its groups cannot be split further)");
    }

    /**
     * Merges the next partition into the empty sink and finishes it; false when none is left. A
     * partition that overflows the pool is split on the next hash bits and retried as parts.
     */
    boolean loadNext() {
        while (!pending.isEmpty()) {
            Partition p = pending.pop();
            merging = true;
            try {
                mergeInto(p);
                merging = false;
                sink.finish();
                p.delete();
                return true;
            } catch (PartitionOverflowException e) {
                merging = false;
                sink.reset();
                if (p.level + 1 >= Partitioner.MAX_LEVELS) {
                    throw overflow(e);
                }
                split(p, pending);
            } finally {
                merging = false;
            }
        }
        return false;
    }

    private void mergeInto(Partition p) {
        if (p.main != null) {
            // its rows bound its groups: size the index once instead of doubling it on the way
            sink.table.presize(p.mainRows);
            try (SpillReader reader = new SpillReader(p.main, format.fileSchema(), counters, io)) {
                VectorSchemaRoot stored;
                while ((stored = nextBatch(reader)) != null) {
                    try (VectorSchemaRoot s = stored;
                            VectorSchemaRoot typed = format.fromFile(s, io)) {
                        partials.merge(typed);
                    }
                }
            }
        }
        for (int c = 0; c < calls; c++) {
            if (p.sides[c] != null) {
                try (SpillReader reader = new SpillReader(p.sides[c], p.schema(c), counters, io)) {
                    VectorSchemaRoot side;
                    while ((side = nextBatch(reader)) != null) {
                        try (VectorSchemaRoot s = side) {
                            if (p.pairs || pairPartitioners[c] == null) {
                                partials.mergeSide(c, s);
                            } else {
                                partials.mergeSideState(c, s);
                            }
                        }
                    }
                }
            }
        }
    }

    /** The next batch of a spill file, once the query is known not to be cancelled. */
    private VectorSchemaRoot nextBatch(SpillReader reader) {
        if (cancelled.getAsBoolean()) {
            throw new QueryCancelledException(operator);
        }
        return reader.next();
    }

    /** Re-routes partition {@code p}'s files into FANOUT parts on the next hash bits. */
    private void split(Partition p, Deque<Partition> queue) {
        long start = System.nanoTime();
        Partition[] parts = newLevel(p.level + 1, p.pairs);
        maxLevel = Math.max(maxLevel, p.level + 1);
        long reserved = memory.reserveShare(STAGING_MAX_BYTES, SPLIT_STAGING_QUARTERS);
        try {
            splitInto(p, parts, Math.max(level0Budget, reserved));
        } catch (RuntimeException e) {
            for (Partition part : parts) {
                part.closeQuietly();
            }
            throw e;
        } finally {
            memory.release(reserved);
        }
        p.delete();
        for (int i = Partitioner.FANOUT - 1; i >= 0; i--) {
            if (parts[i].hasFiles()) {
                queue.push(parts[i]);
            }
        }
        counters.writeNanos += System.nanoTime() - start;
    }

    /** Routes {@code p}'s streams into {@code parts} and finishes their files. */
    private void splitInto(Partition p, Partition[] parts, long budget) {
        for (int stream = -1; stream < calls; stream++) {
            Path file = stream < 0 ? p.main : p.sides[stream];
            if (file == null) {
                continue;
            }
            Schema schema = p.schema(stream);
            try (SpillReader reader = new SpillReader(file, schema, counters, io)) {
                VectorSchemaRoot root;
                while ((root = nextBatch(reader)) != null) {
                    try (VectorSchemaRoot r = root) {
                        route(r, p.level + 1, parts, stream, budget);
                    }
                }
            }
        }
        for (Partition part : parts) {
            part.closeWriters();
        }
    }

    private Partition[] newLevel(int level, boolean pairs) {
        Partition[] parts = new Partition[Partitioner.FANOUT];
        for (int p = 0; p < parts.length; p++) {
            parts[p] = new Partition(level, p, pairs);
        }
        return parts;
    }

    /** Deletes every spill file and directory and frees the I/O allocator. */
    @Override
    public void close() {
        try {
            for (Partition[] level : new Partition[][] {level0, pairLevel0}) {
                if (level != null) {
                    for (Partition p : level) {
                        p.closeQuietly();
                    }
                }
            }
            for (Deque<Partition> queue : List.of(pending, pendingPairs)) {
                for (Partition p : queue) {
                    p.closeQuietly();
                }
                queue.clear();
            }
        } finally {
            directory.close();
            io.close();
        }
    }

    /**
     * One partition with its staging while being written: a main partition holds the main file and
     * one file of replayed states per DISTINCT call; a pair partition one file of pairs per
     * DISTINCT call.
     */
    private final class Partition {
        final int level;
        final String label;
        final boolean pairs;
        Path main;

        /** Rows routed to the main stream: no fewer than the groups they hold. */
        long mainRows;

        final Path[] sides = new Path[calls];

        /** Staging per stream: index 0 is the main file, 1 + c the DISTINCT pairs of call c. */
        private final SpillStaging[] stagings = new SpillStaging[1 + calls];

        Partition(int level, int index, boolean pairs) {
            this.level = level;
            this.pairs = pairs;
            this.label = (pairs ? "pairs-L" : "L") + level + "-P" + index;
        }

        /** The schema of stream {@code stream} (-1 = main) of this partition. */
        Schema schema(int stream) {
            return stream < 0
                    ? format.fileSchema()
                    : pairs || pairPartitioners[stream] == null
                            ? sideSchemas[stream]
                            : stateSchemas[stream];
        }

        SpillStaging[] stagings() {
            return stagings;
        }

        /** The staging of {@code stream} (-1 = main); its file is created on its first write. */
        SpillStaging staging(int stream) {
            SpillStaging s = stagings[stream + 1];
            if (s != null) {
                return s;
            }
            if (stream < 0) {
                s =
                        new SpillStaging(
                                label,
                                format.fileSchema(),
                                io,
                                () -> {
                                    SpillWriter w =
                                            directory.newFile(label, format.fileSchema(), io);
                                    main = w.file();
                                    partitions++;
                                    return w;
                                });
            } else {
                String name = label + (pairs ? "-distinct" : "-states") + stream;
                s =
                        new SpillStaging(
                                name,
                                schema(stream),
                                io,
                                () -> {
                                    SpillWriter w = directory.newFile(name, schema(stream), io);
                                    sides[stream] = w.file();
                                    return w;
                                });
            }
            stagings[stream + 1] = s;
            return s;
        }

        boolean hasFiles() {
            if (main != null) {
                return true;
            }
            for (Path s : sides) {
                if (s != null) {
                    return true;
                }
            }
            return false;
        }

        /** Writes what is staged and closes the files; the staging is released either way. */
        void closeWriters() {
            RuntimeException failure = null;
            for (int i = 0; i < stagings.length; i++) {
                if (stagings[i] != null) {
                    try {
                        if (failure == null) {
                            stagings[i].finish();
                        }
                    } catch (RuntimeException e) {
                        failure = e;
                    } finally {
                        try {
                            stagings[i].close();
                        } catch (RuntimeException e) {
                            if (failure == null) {
                                failure = e;
                            }
                        }
                        stagings[i] = null;
                    }
                }
            }
            if (failure != null) {
                throw failure;
            }
        }

        /** Closes files and frees staging without writing what is staged (the query failed). */
        void closeQuietly() {
            for (int i = 0; i < stagings.length; i++) {
                if (stagings[i] != null) {
                    try {
                        stagings[i].close();
                    } catch (RuntimeException ignored) {
                        // the directory is deleted next anyway
                    }
                    stagings[i] = null;
                }
            }
        }

        /** Deletes the file of stream {@code c} (its content is dealt with). */
        void deleteStream(int c) {
            deleteFile(sides[c]);
            sides[c] = null;
        }

        void delete() {
            closeWriters();
            deleteFile(main);
            main = null;
            for (int c = 0; c < calls; c++) {
                deleteFile(sides[c]);
                sides[c] = null;
            }
        }

        private void deleteFile(Path f) {
            if (f != null) {
                directory.deleteLater(f);
            }
        }
    }
}
