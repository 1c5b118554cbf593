package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.state.AggregateCall;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The read-only description of one aggregation, built by the planner: input column types, group key
 * input columns, grouping sets and aggregate calls. Grouping sets are bit sets of <em>input column
 * indexes</em> (like Calcite's {@code groupSets}), each a subset of the keys; one set equal to all
 * keys is a plain GROUP BY, an empty key list a global aggregate.
 *
 * <p>Output row: the keys in {@code groupKeys} order (NULL where a key is not in the row's grouping
 * set), then one column per call, in order.
 */
public final class AggregateSpec implements Serializable {
    private static final long serialVersionUID = 1L;
    private final List<DataType> inputTypes;
    private final List<Integer> groupKeys;
    private final List<BitSet> groupingSets;
    private final List<AggregateCall> calls;

    public AggregateSpec(
            List<DataType> inputTypes,
            List<Integer> groupKeys,
            List<BitSet> groupingSets,
            List<AggregateCall> calls) {
        this.inputTypes = List.copyOf(inputTypes);
        this.groupKeys = List.copyOf(groupKeys);
        List<BitSet> sets = new ArrayList<>();
        for (BitSet s : groupingSets) {
            sets.add((BitSet) s.clone());
        }
        this.groupingSets = List.copyOf(sets);
        this.calls = List.copyOf(calls);
        validate();
    }

    /** A plain GROUP BY {@code groupKeys} (global aggregate when empty). */
    public static AggregateSpec groupBy(
            List<DataType> inputTypes, List<Integer> groupKeys, List<AggregateCall> calls) {
        BitSet all = new BitSet();
        groupKeys.forEach(all::set);
        return new AggregateSpec(inputTypes, groupKeys, List.of(all), calls);
    }

    public List<DataType> inputTypes() {
        return inputTypes;
    }

    public List<Integer> groupKeys() {
        return groupKeys;
    }

    public List<BitSet> groupingSets() {
        List<BitSet> copy = new ArrayList<>();
        groupingSets.forEach(s -> copy.add((BitSet) s.clone()));
        return copy;
    }

    public List<AggregateCall> calls() {
        return calls;
    }

    /** Output column types: keys (nullable if some grouping set omits them), then call results. */
    public List<DataType> outputTypes() {
        List<DataType> out = new ArrayList<>();
        for (int key : groupKeys) {
            boolean omitted = groupingSets.stream().anyMatch(s -> !s.get(key));
            DataType t = inputTypes.get(key);
            out.add(t.withNullable(t.nullable() || omitted));
        }
        for (AggregateCall call : calls) {
            out.add(call.outputType());
        }
        return out;
    }

    /** The Arrow schema of output batches; keys are named {@code $f<input column>}. */
    public Schema outputSchema() {
        List<DataType> types = outputTypes();
        List<Field> fields = new ArrayList<>();
        for (int k = 0; k < groupKeys.size(); k++) {
            fields.add(types.get(k).toField("$f" + groupKeys.get(k)));
        }
        for (int c = 0; c < calls.size(); c++) {
            fields.add(types.get(groupKeys.size() + c).toField(calls.get(c).name()));
        }
        return new Schema(fields);
    }

    private void validate() {
        Set<Integer> keys = new HashSet<>();
        for (int key : groupKeys) {
            checkColumn(key, "group key");
            if (!keys.add(key)) {
                throw new IllegalArgumentException("group key column " + key + " listed twice");
            }
        }
        if (groupingSets.isEmpty()) {
            throw new IllegalArgumentException("at least one grouping set is required");
        }
        for (BitSet s : groupingSets) {
            s.stream()
                    .forEach(
                            b -> {
                                if (!keys.contains(b)) {
                                    throw new IllegalArgumentException(
                                            "grouping set "
                                                    + s
                                                    + " uses column "
                                                    + b
                                                    + " which is not a group key "
                                                    + groupKeys);
                                }
                            });
        }
        for (AggregateCall call : calls) {
            for (int a : call.args()) {
                checkColumn(a, "argument of " + call.name());
            }
            if (call.filterArg() >= 0) {
                checkColumn(call.filterArg(), "filter of " + call.name());
                if (inputTypes.get(call.filterArg()).type() != ColumnType.BOOLEAN) {
                    throw new IllegalArgumentException(
                            "filter column "
                                    + call.filterArg()
                                    + " of "
                                    + call.name()
                                    + " must be BOOLEAN, is "
                                    + inputTypes.get(call.filterArg()));
                }
            }
            Accumulators.check(call, inputTypes, keys);
        }
    }

    private void checkColumn(int column, String what) {
        if (column < 0 || column >= inputTypes.size()) {
            throw new IllegalArgumentException(
                    what + ": column " + column + " out of range 0.." + (inputTypes.size() - 1));
        }
    }

    @Override
    public String toString() {
        return "AggregateSpec{input="
                + inputTypes
                + ", keys="
                + groupKeys
                + ", sets="
                + groupingSets
                + ", calls="
                + calls
                + "}";
    }
}
