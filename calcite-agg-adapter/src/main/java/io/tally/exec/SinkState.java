package io.tally.exec;

import io.tally.batch.CodedBatch;
import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.hash.GroupHashTable;
import io.tally.exec.hash.KeyColumn;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.ChunkTally;
import io.tally.exec.state.DistinctFilter;
import io.tally.exec.state.InterleavedSums;
import io.tally.exec.state.SumAccumulator;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.ToLongFunction;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The build side of {@link BlockedAggregator}: decodes each batch in chunks of {@link #CHUNK_ROWS}
 * rows, resolves group ids per grouping set into an {@code int[]}, then runs one update loop per
 * aggregate call (after its FILTER and DISTINCT). With several grouping sets a hidden INTEGER key
 * holds the set's index, and keys outside a set are fed as NULL.
 *
 * <p>Before each chunk resolves, and again before it updates, the bytes it could allocate are
 * bounded and put to the {@link MemoryGate}, which may spill the groups and {@link #reset} this
 * sink. Spilling between resolve and update is safe: new groups still hold empty states.
 */
final class SinkState implements AutoCloseable {
    /** Rows resolved between two memory checks: small enough that the bound stays tight. */
    static final int CHUNK_ROWS = 1024;

    /** Functions whose result ignores duplicates, so DISTINCT needs no filter table. */
    private static final Set<AggKind> DUPLICATE_INSENSITIVE =
            EnumSet.of(
                    AggKind.MIN,
                    AggKind.MAX,
                    AggKind.ANY_VALUE,
                    AggKind.BOOL_AND,
                    AggKind.BOOL_OR,
                    AggKind.BIT_AND,
                    AggKind.BIT_OR,
                    AggKind.GROUPING,
                    AggKind.GROUPING_ID);

    private static final DataType SET_ID = new DataType(ColumnType.INTEGER, 0, 0, false);

    private final AggregateSpec spec;
    private final BlockLayout layout;
    private final OperatorMemory memory;
    private final long hashMask;
    private final List<BitSet> sets;
    GroupHashTable table;
    final List<Accumulator> accumulators = new ArrayList<>();
    private DistinctFilter[] distinct;
    private final DecodedColumn[] decoded;

    /**
     * The input columns this sink reads (those with a {@link #decoded} column), in order: the chunk
     * loop visits only them, with no test for unread columns (a branch whose profile an aggregate
     * reading every column and one skipping some gave different answers, so each new mix of them
     * made C2 compile the sink again).
     */
    private final int[] usedColumns;

    /**
     * The columns the current chunk reads (keys, arguments, filters): {@link #decoded}, or while
     * {@link #sinkDecoded} runs the caller's; {@link #callArgs} point into it.
     */
    private DecodedColumn[] inputs;

    /** While {@link #sinkDecoded} runs: the rows' probe hashes; null otherwise. */
    private long[] givenHashes;

    private final DecodedColumn[] nullKeys;
    private final DecodedColumn setIdInput;
    private final DecodedColumn[] keyInputs;
    private final DecodedColumn[][] callArgs;

    /**
     * The spec's lists as arrays, read once per chunk: the input column of each group key, whether
     * each grouping set holds each key ({@code [set][key]}), each call's argument columns and
     * FILTER column (-1: none). A {@code List} read there is an interface call whose class differs
     * from one spec to another ({@code List.of} of one or two elements, of more, an {@code
     * ArrayList}), and each class the JIT had not seen at that call made it compile the chunk loop
     * again.
     */
    private final int[] keyColumns;

    private final boolean[][] keyInSet;
    private final int[][] callArgColumns;
    private final int[] filterArgs;
    private final boolean constantGroup;
    private MemoryGate gate = MemoryGate.OPEN;
    private int[] gids = new int[0];
    private int[] callGids = new int[0];
    private final ChunkTally chunkTally = new ChunkTally();

    /**
     * The interleaved sums of calls without a FILTER or a DISTINCT table, added in one pass per
     * chunk when they qualify ({@link InterleavedSums}); null when there are none.
     */
    private InterleavedSums interleaved;

    /**
     * While {@link #resolveStored} runs: the table whose groups are resolved, their ids there and
     * its stored hashes, and the block they are in; {@code storedSource} is null otherwise.
     */
    private GroupHashTable storedSource;

    private int[] storedGids;
    private int[] storedHashes;
    private int storedBlock;

    /** Rows of the chunk {@link #resolveInput} resolves, for its bound suppliers. */
    private int chunkRows;

    /** The input chunk's bounds, asked again by the gate after it freed memory. */
    private final LongSupplier inputBound = () -> inputBound(chunkRows);

    private final LongSupplier inputUpdateBound = () -> updateBound(chunkRows);

    /** Rows looked up in the direct index of tables emptied by {@link #reset}. */
    private long directRowsBefore;

    /** See {@link #emptyBytes()}. */
    private final long emptyBytes;

    /** Groups at which {@link #atGroupLimit} empties the table before a chunk resolves. */
    private int groupLimit = Integer.MAX_VALUE;

    private Runnable atGroupLimit;

    /** Rows (or merged groups) resolved into the current table since it was created. */
    private long rowsSinceReset;

    SinkState(AggregateSpec spec, BlockLayout layout, OperatorMemory memory, long hashMask) {
        this.spec = spec;
        this.layout = layout;
        this.memory = memory;
        this.hashMask = hashMask;
        this.sets = spec.groupingSets();
        List<DataType> types = spec.inputTypes();
        List<Integer> keys = spec.groupKeys();
        decoded = new DecodedColumn[types.size()];
        nullKeys = new DecodedColumn[keys.size()];
        for (int k = 0; k < keys.size(); k++) {
            nullKeys[k] = new DecodedColumn(types.get(keys.get(k)), "null key");
            use(keys.get(k));
        }
        setIdInput = new DecodedColumn(SET_ID, "grouping set id");
        keyInputs = new DecodedColumn[keys.size() + (sets.size() > 1 ? 1 : 0)];
        constantGroup = keyInputs.length == 0;
        keyColumns = keys.stream().mapToInt(Integer::intValue).toArray();
        keyInSet = new boolean[sets.size()][keyColumns.length];
        for (int s = 0; s < sets.size(); s++) {
            for (int k = 0; k < keyColumns.length; k++) {
                keyInSet[s][k] = sets.get(s).get(keyColumns[k]);
            }
        }
        List<AggregateCall> calls = spec.calls();
        callArgs = new DecodedColumn[calls.size()][];
        callArgColumns = new int[calls.size()][];
        filterArgs = new int[calls.size()];
        for (int c = 0; c < calls.size(); c++) {
            AggregateCall call = calls.get(c);
            callArgColumns[c] = call.args().stream().mapToInt(Integer::intValue).toArray();
            callArgs[c] = new DecodedColumn[callArgColumns[c].length];
            for (int a = 0; a < callArgColumns[c].length; a++) {
                callArgs[c][a] = use(callArgColumns[c][a]);
            }
            filterArgs[c] = call.filterArg();
            if (call.filterArg() >= 0) {
                use(call.filterArg());
            }
        }
        usedColumns = usedColumns(decoded);
        inputs = decoded;
        long before = memory.reserved();
        init();
        emptyBytes = memory.reserved() - before;
    }

    /**
     * Bytes the empty table, its accumulators and DISTINCT filters reserve when created: what a
     * {@link #reset} needs again (measured by the first creation; the same spec allocates the
     * same).
     */
    long emptyBytes() {
        return emptyBytes;
    }

    /**
     * Makes the next {@link #emptyBytes} this table's memory releases (e.g. its blocks, freed one
     * by one before a {@link #reset}) join the hold, so the empty table is made from them.
     */
    void keepForReset() {
        memory.keepReleased(emptyBytes);
    }

    /** Creates the empty table, accumulators and DISTINCT filters. */
    private void init() {
        List<DataType> types = spec.inputTypes();
        List<KeyColumn> keyColumns = new ArrayList<>();
        for (int key : spec.groupKeys()) {
            keyColumns.add(KeyColumn.create(types.get(key), layout, memory));
        }
        KeyColumn setIds = null;
        if (sets.size() > 1) {
            setIds = KeyColumn.create(SET_ID, layout, memory);
            keyColumns.add(setIds);
        }
        table = new GroupHashTable(keyColumns, layout, memory, hashMask);
        List<AggregateCall> calls = spec.calls();
        distinct = new DistinctFilter[calls.size()];
        try {
            for (int c = 0; c < calls.size(); c++) {
                AggregateCall call = calls.get(c);
                accumulators.add(Accumulators.create(call, spec, layout, memory, setIds));
                if (hasDistinctTable(c)) {
                    distinct[c] = new DistinctFilter(argTypes(c), layout, memory, hashMask);
                }
            }
            interleaved = SumAccumulator.interleaveSums(accumulators);
            for (int c = 0; c < calls.size() && interleaved != null; c++) {
                if (interleaved.covers(c)
                        && (calls.get(c).filterArg() >= 0 || distinct[c] != null)) {
                    interleaved = null;
                }
            }
            createEmptySetGroups();
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * Frees every group, state and DISTINCT table and starts over empty (after a spill); the empty
     * table's first buffers come out of the current hold and the bytes the old one frees (another
     * thread could take them from the pool in between), the rest goes back to the pool. A caller
     * that released the old table's blocks first keeps {@link #emptyBytes} of them ({@link
     * #keepForReset}).
     */
    void reset() {
        rowsSinceReset = 0;
        directRowsBefore = directRows();
        long heldBefore = memory.held();
        memory.keepReleased(Long.MAX_VALUE);
        try {
            close();
            init();
        } finally {
            memory.keepReleased(0);
            memory.tryHold(Math.min(heldBefore, memory.held()));
        }
    }

    /** Rows whose keys were looked up in a table's direct index, over every reset. */
    long directRows() {
        return directRowsBefore + (table == null ? 0 : table.directRows());
    }

    void setGate(MemoryGate gate) {
        this.gate = gate;
    }

    /**
     * Makes every chunk that finds the table holding {@code limit} groups or more first call {@code
     * empty}, which must empty this sink (spill it and {@link #reset}); {@code Integer.MAX_VALUE}
     * turns this off.
     */
    void setGroupLimit(int limit, Runnable empty) {
        this.groupLimit = limit;
        this.atGroupLimit = empty;
    }

    /** Rows (or merged groups) resolved into the current table since it was created or reset. */
    long rowsSinceReset() {
        return rowsSinceReset;
    }

    /** Whether {@code call} needs a DISTINCT value table (duplicates change its result). */
    static boolean keepsDistinctTable(AggregateCall call) {
        return call.distinct() && !DUPLICATE_INSENSITIVE.contains(call.kind());
    }

    /** Whether call {@code c} keeps a DISTINCT value table (spilled as its own stream). */
    boolean hasDistinctTable(int c) {
        AggregateCall call = spec.calls().get(c);
        return call.distinct() && !DUPLICATE_INSENSITIVE.contains(call.kind());
    }

    DistinctFilter distinctFilter(int c) {
        return distinct[c];
    }

    /** Input types of call {@code c}'s arguments. */
    List<DataType> argTypes(int c) {
        List<DataType> out = new ArrayList<>();
        for (int a : spec.calls().get(c).args()) {
            out.add(spec.inputTypes().get(a));
        }
        return out;
    }

    private DecodedColumn use(int column) {
        if (decoded[column] == null) {
            decoded[column] =
                    new DecodedColumn(spec.inputTypes().get(column), "input column " + column);
        }
        return decoded[column];
    }

    private static int[] usedColumns(DecodedColumn[] decoded) {
        int[] used = new int[decoded.length];
        int n = 0;
        for (int c = 0; c < decoded.length; c++) {
            if (decoded[c] != null) {
                used[n++] = c;
            }
        }
        return Arrays.copyOf(used, n);
    }

    /** An empty grouping set has its one group even when no row arrives (global aggregate). */
    private void createEmptySetGroups() {
        for (int s = 0; s < sets.size(); s++) {
            if (sets.get(s).isEmpty()) {
                ensureScratch(1);
                prepareKeys(s, 1, true);
                resolvePrepared(1);
                ensureBlocks();
            }
        }
    }

    void sink(VectorSchemaRoot batch) {
        int n = batch.getRowCount();
        if (batch.getFieldVectors().size() != decoded.length) {
            throw new TallyException(
                    "input batch has "
                            + batch.getFieldVectors().size()
                            + " columns, the aggregate expects "
                            + decoded.length);
        }
        for (int from = 0; from < n; from += CHUNK_ROWS) {
            int len = Math.min(CHUNK_ROWS, n - from);
            for (int c : usedColumns) {
                decoded[c].decode(batch.getVector(c), CodedBatch.codes(batch, c), from, len);
            }
            ensureScratch(len);
            for (int s = 0; s < keyInSet.length; s++) {
                prepareKeys(s, len, false);
                resolveInput(len);
            }
        }
    }

    /**
     * Folds {@code n} rows already decoded by the caller into the groups: {@code columns} is
     * indexed as the input columns (every column this sink reads present, the others may be null),
     * and {@code hash32} holds each row's probe hash ({@link
     * io.tally.exec.hash.BatchKeyHasher#probeHashes}), so the rows are neither decoded nor hashed
     * again. The memory gate is consulted as in {@link #sink}; keep {@code n} near {@link
     * #CHUNK_ROWS} for a tight bound. Only for one non-empty grouping set.
     */
    void sinkDecoded(DecodedColumn[] columns, long[] hash32, int n) {
        if (keyInSet.length != 1 || constantGroup) {
            throw new IllegalStateException("sinkDecoded needs one non-empty grouping set");
        }
        ensureScratch(n);
        bindInputs(columns);
        givenHashes = hash32;
        try {
            prepareKeys(0, n, false);
            resolveGated(
                    n,
                    g -> updateBound(n),
                    () -> {
                        chunkTally.tally(gids, n, table.groupCount());
                        updateCalls(n);
                    });
        } finally {
            givenHashes = null;
            bindInputs(decoded);
        }
    }

    /** Points {@link #inputs} and every call's arguments at {@code columns}. */
    private void bindInputs(DecodedColumn[] columns) {
        inputs = columns;
        for (int c = 0; c < callArgColumns.length; c++) {
            int[] args = callArgColumns[c];
            for (int a = 0; a < args.length; a++) {
                callArgs[c][a] = columns[args[a]];
            }
        }
    }

    /**
     * Resolves the prepared keys with the gate consulted for the keys' growth and then for {@code
     * next}, the bytes the following {@code step} needs, then runs {@code step}; if the gate
     * spilled at the second check the chunk resolves again into the emptied table, and then the
     * gate may no longer spill. Whatever the gate held for the step and the step did not use goes
     * back to the pool after it. A table at its {@link #setGroupLimit group limit} is emptied
     * first.
     */
    private void resolveGated(int n, ToLongFunction<int[]> next, Runnable step) {
        if (table.groupCount() >= groupLimit) {
            atGroupLimit.run();
        }
        try {
            boolean mayFree = true;
            boolean again = true;
            while (again) {
                gate.ensure(resolveBound(n), () -> resolveBound(n), mayFree);
                resolvePrepared(n);
                ensureBlocks();
                again = gate.ensure(next.applyAsLong(gids), () -> next.applyAsLong(gids), mayFree);
                mayFree = false;
            }
            step.run();
            rowsSinceReset += n;
        } finally {
            memory.releaseHold();
        }
    }

    /**
     * {@link #resolveGated} for a chunk of {@link #sink}'s input, written out apart from the merge
     * paths (stored groups, partial states, rows passed through): the JIT profiles every method per
     * bytecode, so when the merges of a parallel aggregate ran through the same code, its first
     * merge broke the input loop's compiled code, which had been compiled with threads=1 or by the
     * partial tables (new lambda classes at its calls, branches never taken before), and C2 spent
     * 50-90 ms a query for several queries compiling the sink again while both workers waited for a
     * core (h2o q1, threads=2 after threads=1). Only the input path runs through this method.
     */
    private void resolveInput(int n) {
        if (table.groupCount() >= groupLimit) {
            atGroupLimit.run();
        }
        chunkRows = n;
        try {
            boolean mayFree = true;
            boolean again = true;
            while (again) {
                gate.ensure(inputBound(n), inputBound, mayFree);
                resolveInputKeys(n);
                ensureBlocks();
                again = gate.ensure(updateBound(n), inputUpdateBound, mayFree);
                mayFree = false;
            }
            chunkTally.tally(gids, n, table.groupCount());
            updateCalls(n);
            rowsSinceReset += n;
        } finally {
            memory.releaseHold();
        }
    }

    /** {@link #resolveBound} for the input's keys. */
    private long inputBound(int n) {
        return (constantGroup ? 0 : table.growthBound(keyInputs, n)) + stateGrowthBound(n);
    }

    /** {@link #resolvePrepared} for the input's keys. */
    private void resolveInputKeys(int n) {
        if (constantGroup) {
            Arrays.fill(gids, 0, n, 0);
            if (table.groupCount() == 0) {
                table.resolve(keyInputs, 1, null, gids);
            }
        } else {
            table.resolve(keyInputs, n, null, gids);
        }
    }

    private long resolveBound(int n) {
        long bytes =
                constantGroup
                        ? 0
                        : storedSource != null
                                ? table.growthBoundStored(storedSource, storedBlock, n)
                                : table.growthBound(keyInputs, n);
        return bytes + stateGrowthBound(n);
    }

    /** Bytes the accumulators' states may grow by when {@code n} more groups are created. */
    private long stateGrowthBound(int n) {
        int after = (int) Math.min(Integer.MAX_VALUE, (long) table.groupCount() + n);
        long bytes = 0;
        for (Accumulator a : accumulators) {
            bytes += a.stateGrowthBound(after);
        }
        return bytes;
    }

    private long updateBound(int n) {
        long bytes = 0;
        for (int c = 0; c < accumulators.size(); c++) {
            Accumulator acc = accumulators.get(c);
            acc.bind(callArgs[c]);
            bytes += acc.updateBound(gids, n);
            if (distinct[c] != null) {
                bytes += distinct[c].growthBound(n, callArgs[c]);
            }
        }
        return bytes;
    }

    private void ensureScratch(int n) {
        if (gids.length < n) {
            gids = new int[Math.max(n, CHUNK_ROWS)];
            callGids = new int[gids.length];
        }
    }

    /** Points {@link #keyInputs} at set {@code set}'s keys (NULL outside the set). */
    private void prepareKeys(int set, int n, boolean allNull) {
        boolean[] inSet = keyInSet[set];
        for (int k = 0; k < keyColumns.length; k++) {
            if (allNull || !inSet[k]) {
                nullKeys[k].fillNull(n);
                keyInputs[k] = nullKeys[k];
            } else {
                keyInputs[k] = inputs[keyColumns[k]];
            }
        }
        if (keyInSet.length > 1) {
            setIdInput.fillConstant(set, n);
            keyInputs[keyColumns.length] = setIdInput;
        }
    }

    private void resolvePrepared(int n) {
        if (constantGroup) {
            Arrays.fill(gids, 0, n, 0);
            if (table.groupCount() == 0) {
                resolveKeys(1);
            }
            return;
        }
        resolveKeys(n);
    }

    /** Resolves the ids of the prepared keys, or of {@link #storedSource}'s groups. */
    private void resolveKeys(int n) {
        if (storedSource != null) {
            table.resolveStored(storedSource, storedGids, storedHashes, n, gids);
        } else if (givenHashes != null) {
            table.resolveHashed(keyInputs, n, givenHashes, gids);
        } else {
            table.resolve(keyInputs, n, null, gids);
        }
    }

    private void ensureBlocks() {
        int groups = table.groupCount();
        for (Accumulator a : accumulators) {
            a.ensureGroups(groups);
        }
    }

    private void updateCalls(int n) {
        boolean fused = interleaved != null && updateInterleaved(n);
        for (int c = 0; c < filterArgs.length; c++) {
            if (fused && interleaved.covers(c)) {
                continue;
            }
            int[] g = gids;
            int filterArg = filterArgs[c];
            if (filterArg >= 0 || distinct[c] != null) {
                g = callGids;
                System.arraycopy(gids, 0, g, 0, n);
                if (filterArg >= 0) {
                    DecodedColumn f = inputs[filterArg];
                    for (int i = 0; i < n; i++) {
                        if (f.nulls[i] != 0 || f.longs[i] == 0) {
                            g[i] = -1;
                        }
                    }
                }
                if (distinct[c] != null) {
                    distinct[c].filter(g, n, callArgs[c]);
                }
            }
            Accumulator acc = accumulators.get(c);
            acc.bind(callArgs[c], g == gids ? chunkTally : null);
            acc.update(g, n);
        }
    }

    /** Binds the interleaved sums' calls and adds the chunk to them in one pass if they qualify. */
    private boolean updateInterleaved(int n) {
        for (int c = 0; c < accumulators.size(); c++) {
            if (interleaved.covers(c)) {
                accumulators.get(c).bind(callArgs[c], chunkTally);
            }
        }
        return interleaved.update(gids, n);
    }

    /** Whether DISTINCT on this call needs no filter table (duplicates cannot change it). */
    boolean distinctFree(AggregateCall call) {
        return DUPLICATE_INSENSITIVE.contains(call.kind());
    }

    /**
     * Resolves group ids for already-decoded key columns (all keys plus the set id), consulting the
     * gate for the keys' growth and then for {@code next}, the bytes of {@code step}, which then
     * folds the rows into those groups (given a copy of the ids of its own).
     */
    void resolveDecoded(
            DecodedColumn[] keys, int n, ToLongFunction<int[]> next, Consumer<int[]> step) {
        ensureScratch(n);
        System.arraycopy(keys, 0, keyInputs, 0, keyInputs.length);
        resolveGated(n, next, () -> step.accept(Arrays.copyOf(gids, n)));
    }

    /**
     * As {@link #resolveDecoded} for groups {@code srcGids[0..n-1]} of {@code src} (all in its
     * block {@code block}, same keys and hash mask): their keys are probed with {@code src}'s
     * stored hashes and copied from its key columns ({@link GroupHashTable#resolveStored}).
     */
    void resolveStored(
            GroupHashTable src,
            int block,
            int[] srcGids,
            int[] srcHashes,
            int n,
            ToLongFunction<int[]> next,
            Consumer<int[]> step) {
        ensureScratch(n);
        storedSource = src;
        storedGids = srcGids;
        storedHashes = srcHashes;
        storedBlock = block;
        try {
            resolveGated(n, next, () -> step.accept(Arrays.copyOf(gids, n)));
        } finally {
            storedSource = null;
            storedGids = null;
            storedHashes = null;
        }
    }

    /**
     * Replays spilled DISTINCT pairs of call {@code c}: rows {@code 0..n-1} of {@code args} go to
     * groups {@code g} through the call's DISTINCT filter (so duplicates across spills count once)
     * into its accumulator.
     */
    void replayDistinct(int c, DecodedColumn[] args, int[] g, int n) {
        distinct[c].filter(g, n, args);
        Accumulator acc = accumulators.get(c);
        acc.bind(args);
        acc.update(g, n);
    }

    /** Bytes replaying {@code n} DISTINCT pairs of call {@code c} may allocate. */
    long replayBound(int c, DecodedColumn[] args, int[] g, int n) {
        Accumulator acc = accumulators.get(c);
        acc.bind(args);
        return distinct[c].growthBound(n, args) + acc.updateBound(g, n);
    }

    /**
     * Input is over: retires the index (its segments are freed by the drain, see {@link
     * GroupHashTable#freeIndexSegments}) and frees the DISTINCT tables.
     */
    void finish() {
        table.retireIndex();
        for (int c = 0; c < distinct.length; c++) {
            if (distinct[c] != null) {
                distinct[c].close();
                distinct[c] = null;
            }
        }
    }

    void releaseBlock(int block) {
        table.releaseBlock(block);
        for (Accumulator a : accumulators) {
            a.releaseBlock(block);
        }
    }

    @Override
    public void close() {
        if (distinct != null) {
            for (int c = 0; c < distinct.length; c++) {
                if (distinct[c] != null) {
                    distinct[c].close();
                    distinct[c] = null;
                }
            }
        }
        for (Accumulator a : accumulators) {
            a.close();
        }
        accumulators.clear();
        if (table != null) {
            table.close();
        }
    }
}
