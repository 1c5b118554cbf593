package io.tally.exec;

import io.tally.batch.DataType;
import io.tally.batch.TallyException;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.hash.GroupHashTable;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggregateCall;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The multi-column partial-aggregate format (what spilling writes): per group its key columns
 * (group keys in their input types, plus the hidden INTEGER grouping-set id when there are several
 * sets) followed by every call's typed state columns ({@link Accumulator#stateFields()}). {@link
 * #serialize} turns one block into such a batch; {@link #merge} folds a batch back in.
 *
 * <p>A call with a DISTINCT value table (e.g. {@code COUNT(DISTINCT x)}) has no state columns here:
 * its state is rebuilt from its own stream of {@code (keys, argument values)} pairs ({@link
 * #sideSchema}, {@link #serializeSide}, {@link #mergeSide}), so merging stays exact.
 */
final class PartialStates {
    private final SinkState sink;
    private final AggregateSpec spec;
    private final Schema schema;

    /** {@link #schema} without the key columns: what {@link #serializeStates} writes. */
    private final Schema stateSchema;

    private final List<Field> keyFields = new ArrayList<>();
    private final DecodedColumn[] keyInputs;
    private final int keyCount;
    private final boolean[] sideStream;

    PartialStates(SinkState sink, AggregateSpec spec) {
        this.sink = sink;
        this.spec = spec;
        keyCount = sink.table.keyCount();
        keyInputs = new DecodedColumn[keyCount];
        for (int k = 0; k < keyCount; k++) {
            DataType t = sink.table.key(k).type.withNullable(true);
            keyFields.add(t.toField("key" + k));
            keyInputs[k] = new DecodedColumn(t, "partial key " + k);
        }
        List<Field> fields = new ArrayList<>(keyFields);
        sideStream = new boolean[spec.calls().size()];
        for (int c = 0; c < sideStream.length; c++) {
            sideStream[c] = sink.hasDistinctTable(c);
            if (!sideStream[c]) {
                fields.addAll(sink.accumulators.get(c).stateFields());
            }
        }
        this.schema = new Schema(fields);
        this.stateSchema = new Schema(fields.subList(keyCount, fields.size()));
    }

    Schema schema() {
        return schema;
    }

    int keyCount() {
        return keyCount;
    }

    /** Whether call {@code c} is spilled as a pair stream instead of state columns. */
    boolean hasSideStream(int c) {
        return sideStream[c];
    }

    /** Fails (naming the call) if some call's state is only complete with its pair stream. */
    void requireNoSideStreams(String what) {
        for (int c = 0; c < sideStream.length; c++) {
            if (sideStream[c]) {
                AggregateCall call = spec.calls().get(c);
                throw new TallyException(
                        what
                                + ": partial states of "
                                + call.kind()
                                + "(DISTINCT …) ('"
                                + call.name()
                                + "') need their distinct-value stream, which this API does not carry");
            }
        }
    }

    /**
     * Block {@code block}'s keys and states as a new batch from {@code allocator} (caller closes).
     */
    VectorSchemaRoot serialize(int block, BufferAllocator allocator) {
        int rows = sink.table.layoutRows(block);
        VectorSchemaRoot root = allocate(schema, rows, allocator);
        try {
            List<FieldVector> vectors = root.getFieldVectors();
            writeKeys(block, rows, vectors);
            writeStates(block, rows, vectors, keyCount);
            finishRoot(root, rows);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /**
     * Block {@code block}'s states alone, as a new batch of the state columns of {@link #schema()}
     * from {@code allocator} (caller closes); the keys stay in the table ({@link #mergeStored}).
     */
    VectorSchemaRoot serializeStates(int block, BufferAllocator allocator) {
        int rows = sink.table.layoutRows(block);
        VectorSchemaRoot root = allocate(stateSchema, rows, allocator);
        try {
            writeStates(block, rows, root.getFieldVectors(), 0);
            finishRoot(root, rows);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /** Writes block {@code block}'s state columns into {@code vectors} from index {@code at}. */
    private void writeStates(int block, int rows, List<FieldVector> vectors, int at) {
        for (int c = 0; c < sideStream.length; c++) {
            if (!sideStream[c]) {
                Accumulator a = sink.accumulators.get(c);
                int width = a.stateFields().size();
                a.serialize(block, rows, vectors.subList(at, at + width));
                at += width;
            }
        }
    }

    /** Writes block {@code block}'s key columns into the first vectors of a partial batch. */
    private void writeKeys(int block, int rows, List<FieldVector> vectors) {
        for (int k = 0; k < keyCount; k++) {
            sink.table.key(k).write(block, rows, vectors.get(k));
        }
    }

    /** Folds a batch in {@link #schema()} into the groups, creating groups for new keys. */
    void merge(VectorSchemaRoot partial) {
        int n = partial.getRowCount();
        requireStates(partial.getSchema());
        List<FieldVector> vectors = partial.getFieldVectors();
        for (int k = 0; k < keyCount; k++) {
            keyInputs[k].decode(vectors.get(k), n);
        }
        sink.resolveDecoded(
                keyInputs,
                n,
                g -> mergeBound(vectors, keyCount, g, n),
                g -> merge(vectors, keyCount, g, n));
    }

    /**
     * Whether every call's state merges state column to state column ({@link
     * Accumulator#mergesStored}), so {@link #mergeStored} needs no serialized states.
     */
    boolean statesInPlace() {
        for (int c = 0; c < sideStream.length; c++) {
            if (!sideStream[c] && !sink.accumulators.get(c).mergesStored()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Folds groups {@code srcGids[0..n-1]} of {@code src} (the partial states of an aggregator of
     * the same spec, all in its block {@code block}) into the groups, creating groups for new keys:
     * their keys come from {@code src}'s table by its stored hashes ({@link
     * SinkState#resolveStored}); their states from {@code src}'s accumulators in place when {@code
     * states} is null ({@link #statesInPlace}), else from {@code states} (rows {@code 0..n-1}, the
     * state columns of {@link #schema()}).
     */
    void mergeStored(
            PartialStates src,
            int block,
            int[] srcGids,
            int[] srcHashes,
            int n,
            VectorSchemaRoot states) {
        GroupHashTable table = src.sink.table;
        if (states == null) {
            List<Accumulator> from = src.sink.accumulators;
            sink.resolveStored(
                    table,
                    block,
                    srcGids,
                    srcHashes,
                    n,
                    g -> 0,
                    g -> mergeInPlace(from, srcGids, g, n));
            return;
        }
        if (!sameTypes(states.getSchema(), stateSchema, 0) || states.getRowCount() != n) {
            throw new TallyException(
                    "partial states " + states.getSchema() + " do not match " + stateSchema);
        }
        List<FieldVector> vectors = states.getFieldVectors();
        sink.resolveStored(
                table,
                block,
                srcGids,
                srcHashes,
                n,
                g -> mergeBound(vectors, 0, g, n),
                g -> merge(vectors, 0, g, n));
    }

    /** Folds the states of {@code from}'s groups {@code srcGids} into groups {@code gids}. */
    private void mergeInPlace(List<Accumulator> from, int[] srcGids, int[] gids, int n) {
        for (int c = 0; c < sideStream.length; c++) {
            if (!sideStream[c]) {
                sink.accumulators.get(c).mergeStored(from.get(c), srcGids, gids, n);
            }
        }
    }

    /**
     * Merges the state columns ({@code vectors} from index {@code at}) of {@code n} rows into
     * groups {@code gids}.
     */
    private void merge(List<FieldVector> vectors, int at, int[] gids, int n) {
        for (int c = 0; c < sideStream.length; c++) {
            if (!sideStream[c]) {
                Accumulator a = sink.accumulators.get(c);
                int width = a.stateFields().size();
                a.merge(vectors.subList(at, at + width), gids, n);
                at += width;
            }
        }
    }

    /**
     * Fails unless {@code other} has this format's state columns after as many key columns; keys
     * may be vectors of any type their decoding accepts.
     */
    private void requireStates(Schema other) {
        if (!sameTypes(other, schema, keyCount)) {
            throw new TallyException("partial batch schema " + other + " does not match " + schema);
        }
    }

    /** Whether two schemas have as many fields, of the same types from index {@code from} on. */
    private static boolean sameTypes(Schema other, Schema want, int from) {
        List<Field> got = other.getFields();
        List<Field> fields = want.getFields();
        boolean same = got.size() == fields.size();
        for (int i = from; same && i < fields.size(); i++) {
            same = sameType(got.get(i), fields.get(i));
        }
        return same;
    }

    /** Whether two fields have the same Arrow type, their children too (names may differ). */
    private static boolean sameType(Field a, Field b) {
        if (!a.getType().equals(b.getType()) || a.getChildren().size() != b.getChildren().size()) {
            return false;
        }
        for (int c = 0; c < a.getChildren().size(); c++) {
            if (!sameType(a.getChildren().get(c), b.getChildren().get(c))) {
                return false;
            }
        }
        return true;
    }

    private long mergeBound(List<FieldVector> vectors, int at, int[] gids, int n) {
        long bytes = 0;
        for (int c = 0; c < sideStream.length; c++) {
            if (!sideStream[c]) {
                Accumulator a = sink.accumulators.get(c);
                int width = a.stateFields().size();
                bytes += a.mergeBound(vectors.subList(at, at + width), gids, n);
                at += width;
            }
        }
        return bytes;
    }

    /** The pair stream of DISTINCT call {@code c}: the key columns, then its argument columns. */
    Schema sideSchema(int c) {
        List<Field> fields = new ArrayList<>(keyFields);
        List<DataType> args = sink.argTypes(c);
        for (int a = 0; a < args.size(); a++) {
            fields.add(args.get(a).withNullable(true).toField("arg" + a));
        }
        return new Schema(fields);
    }

    /** Number of pair blocks DISTINCT call {@code c} holds. */
    int sideBlocks(int c) {
        return sink.distinctFilter(c).pairs().blockCount();
    }

    /**
     * Pair block {@code block} of DISTINCT call {@code c} with its groups' keys (caller closes).
     */
    VectorSchemaRoot serializeSide(int c, int block, Schema side, BufferAllocator allocator) {
        GroupHashTable pairs = sink.distinctFilter(c).pairs();
        int rows = pairs.layoutRows(block);
        int first = block << layoutShift(pairs);
        int[] groups = new int[rows];
        for (int i = 0; i < rows; i++) {
            groups[i] = (int) pairs.key(0).longAt(first + i);
        }
        VectorSchemaRoot root = allocate(side, rows, allocator);
        try {
            List<FieldVector> vectors = root.getFieldVectors();
            for (int k = 0; k < keyCount; k++) {
                sink.table.key(k).writeRows(groups, rows, vectors.get(k));
            }
            for (int a = keyCount; a < vectors.size(); a++) {
                pairs.key(1 + a - keyCount).write(block, rows, vectors.get(a));
            }
            finishRoot(root, rows);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    private static int layoutShift(GroupHashTable pairs) {
        return pairs.key(0).layout.shift();
    }

    /** Folds a pair batch of DISTINCT call {@code c} (see {@link #sideSchema}) into the groups. */
    void mergeSide(int c, VectorSchemaRoot side) {
        int n = side.getRowCount();
        List<FieldVector> vectors = side.getFieldVectors();
        for (int k = 0; k < keyCount; k++) {
            keyInputs[k].decode(vectors.get(k), n);
        }
        List<DataType> types = sink.argTypes(c);
        DecodedColumn[] args = new DecodedColumn[types.size()];
        for (int a = 0; a < args.length; a++) {
            args[a] = new DecodedColumn(types.get(a), "distinct argument " + a);
            args[a].decode(vectors.get(keyCount + a), n);
        }
        sink.resolveDecoded(
                keyInputs,
                n,
                g -> sink.replayBound(c, args, g, n),
                g -> sink.replayDistinct(c, args, g, n));
    }

    /**
     * The states DISTINCT call {@code c} has after its spilled pairs were replayed: the key
     * columns, then the call's state columns (states over disjoint sets of values, which merge).
     */
    Schema sideStateSchema(int c) {
        List<Field> fields = new ArrayList<>(keyFields);
        fields.addAll(sink.accumulators.get(c).stateFields());
        return new Schema(fields);
    }

    /** Block {@code block}'s keys and call {@code c}'s states (see {@link #sideStateSchema}). */
    VectorSchemaRoot serializeSideState(
            int c, int block, Schema schema, BufferAllocator allocator) {
        int rows = sink.table.layoutRows(block);
        VectorSchemaRoot root = allocate(schema, rows, allocator);
        try {
            List<FieldVector> vectors = root.getFieldVectors();
            writeKeys(block, rows, vectors);
            sink.accumulators
                    .get(c)
                    .serialize(block, rows, vectors.subList(keyCount, vectors.size()));
            finishRoot(root, rows);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    /** Folds a batch of {@link #sideStateSchema}{@code (c)} into call {@code c}'s states. */
    void mergeSideState(int c, VectorSchemaRoot states) {
        int n = states.getRowCount();
        List<FieldVector> vectors = states.getFieldVectors();
        for (int k = 0; k < keyCount; k++) {
            keyInputs[k].decode(vectors.get(k), n);
        }
        List<FieldVector> columns = vectors.subList(keyCount, vectors.size());
        Accumulator a = sink.accumulators.get(c);
        sink.resolveDecoded(
                keyInputs, n, g -> a.mergeBound(columns, g, n), g -> a.merge(columns, g, n));
    }

    /** A batch of {@code schema} with room for {@code rows} rows from {@code allocator}. */
    static VectorSchemaRoot allocate(Schema schema, int rows, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        for (FieldVector v : root.getFieldVectors()) {
            v.setInitialCapacity(rows);
            v.allocateNew();
        }
        return root;
    }

    private static void finishRoot(VectorSchemaRoot root, int rows) {
        root.setRowCount(rows);
    }
}
