package io.tally.exec;

import io.tally.exec.exchange.PassThroughPolicy;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.DecodedColumn;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggregateCall;
import io.tally.memory.OperatorMemory;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * Turns an input batch into a partial-state batch with one state per row, for a partial table that
 * passes its input through ({@link PassThroughPolicy}): the key columns are the batch's own key
 * vectors (not copied), and each call's state columns are built column-wise by running the call's
 * own accumulator over the batch with row {@code i} as group {@code i} (FILTER rows keep the empty
 * state), so a row state merges exactly as a partial table's group would.
 *
 * <p>Memory: the scratch states take {@code rows × state width} bytes (plus variable-width values)
 * reserved from the worker's exchange memory, freed as soon as they are serialized.
 */
public final class RowStates {
    private final AggregateSpec spec;
    private final OperatorMemory memory;
    private final DecodedColumn[] decoded;
    private final Schema stateSchema;
    private int[] gids = new int[0];

    RowStates(AggregateSpec spec, OperatorMemory memory) {
        this.spec = spec;
        this.memory = memory;
        decoded = new DecodedColumn[spec.inputTypes().size()];
        for (AggregateCall call : spec.calls()) {
            for (int a : call.args()) {
                use(a);
            }
            if (call.filterArg() >= 0) {
                use(call.filterArg());
            }
        }
        List<Field> fields = new ArrayList<>();
        try (Scratch s = new Scratch(BlockLayout.of(1))) {
            for (Accumulator a : s.accumulators) {
                fields.addAll(a.stateFields());
            }
        }
        stateSchema = new Schema(fields);
    }

    /**
     * Whether {@code spec} can pass rows through: one non-empty grouping set (several sets would
     * need a row per set, an empty set gives every worker's rows one group) and no DISTINCT value
     * table (such calls run serially anyway).
     */
    static boolean supports(AggregateSpec spec) {
        List<BitSet> sets = spec.groupingSets();
        return sets.size() == 1
                && !sets.get(0).isEmpty()
                && ParallelAggregator.serialReason(spec) == null;
    }

    private void use(int column) {
        if (decoded[column] == null) {
            decoded[column] =
                    new DecodedColumn(spec.inputTypes().get(column), "input column " + column);
        }
    }

    /**
     * A partial batch viewing {@code input}'s keys plus new state columns; close it, not its root.
     */
    record Batch(VectorSchemaRoot root, VectorSchemaRoot owned) implements AutoCloseable {
        @Override
        public void close() {
            owned.close();
        }
    }

    /**
     * The row states of {@code input} (columns as in {@link AggregateSpec#inputTypes()}), state
     * vectors from {@code allocator}; {@code room} is first told the bytes the scratch states may
     * reserve, so it can free memory elsewhere.
     */
    Batch build(VectorSchemaRoot input, BufferAllocator allocator, LongConsumer room) {
        int n = input.getRowCount();
        for (int c = 0; c < decoded.length; c++) {
            if (decoded[c] != null) {
                decoded[c].decode(input.getVector(c), n);
            }
        }
        if (gids.length < n) {
            gids = new int[n];
        }
        VectorSchemaRoot states = PartialStates.allocate(stateSchema, n, allocator);
        try (Scratch s =
                new Scratch(
                        BlockLayout.of(
                                Math.max(1, Integer.highestOneBit(Math.max(1, n - 1)) << 1)))) {
            room.accept(s.stateBound(n));
            for (Accumulator a : s.accumulators) {
                a.ensureGroups(n);
            }
            room.accept(s.updateBound(n));
            List<FieldVector> out = states.getFieldVectors();
            int at = 0;
            for (int c = 0; c < s.accumulators.size(); c++) {
                Accumulator a = s.accumulators.get(c);
                bindRows(spec.calls().get(c), n);
                a.bind(args(spec.calls().get(c)));
                a.update(gids, n);
                int width = a.stateFields().size();
                a.serialize(0, n, out.subList(at, at + width));
                at += width;
            }
            states.setRowCount(n);
            return new Batch(view(input, states, n), states);
        } catch (RuntimeException | Error e) {
            states.close();
            throw e;
        }
    }

    /** Group ids {@code 0..n-1}, with -1 where the call's FILTER is false or NULL. */
    private void bindRows(AggregateCall call, int n) {
        for (int i = 0; i < n; i++) {
            gids[i] = i;
        }
        if (call.filterArg() >= 0) {
            DecodedColumn f = decoded[call.filterArg()];
            for (int i = 0; i < n; i++) {
                if (f.nulls[i] != 0 || f.longs[i] == 0) {
                    gids[i] = -1;
                }
            }
        }
    }

    private DecodedColumn[] args(AggregateCall call) {
        DecodedColumn[] out = new DecodedColumn[call.args().size()];
        for (int a = 0; a < out.length; a++) {
            out[a] = decoded[call.args().get(a)];
        }
        return out;
    }

    private VectorSchemaRoot view(VectorSchemaRoot input, VectorSchemaRoot states, int n) {
        List<FieldVector> vectors = new ArrayList<>();
        for (int key : spec.groupKeys()) {
            vectors.add(input.getVector(key));
        }
        vectors.addAll(states.getFieldVectors());
        VectorSchemaRoot root = new VectorSchemaRoot(vectors);
        root.setRowCount(n);
        return root;
    }

    /** One accumulator per call over a one-block layout, closed (states freed) after use. */
    private final class Scratch implements AutoCloseable {
        final List<Accumulator> accumulators = new ArrayList<>();

        Scratch(BlockLayout layout) {
            try {
                for (AggregateCall call : spec.calls()) {
                    accumulators.add(Accumulators.create(call, spec, layout, memory, null));
                }
            } catch (RuntimeException e) {
                close();
                throw e;
            }
        }

        /** Bytes the fixed-width states of {@code n} rows (one group each) reserve. */
        long stateBound(int n) {
            long bytes = 0;
            for (Accumulator a : accumulators) {
                bytes += a.stateGrowthBound(n);
            }
            return bytes;
        }

        /** Bytes updating those states may add (variable-width values), once they exist. */
        long updateBound(int n) {
            long bytes = 0;
            for (int c = 0; c < accumulators.size(); c++) {
                Accumulator a = accumulators.get(c);
                bindRows(spec.calls().get(c), n);
                a.bind(args(spec.calls().get(c)));
                bytes += a.updateBound(gids, n);
            }
            return bytes;
        }

        @Override
        public void close() {
            for (Accumulator a : accumulators) {
                a.close();
            }
        }
    }
}
