package io.tally.plan;

import io.tally.batch.DataType;
import io.tally.exec.AggregateSpec;
import io.tally.runtime.BlockedAggregateCall;
import io.tally.runtime.RowShape;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Translates a Calcite {@link Aggregate} into the {@link BlockedAggregateCall} its generated code
 * hands the runtime: the used input columns and their runtime types, the group keys and grouping
 * sets over them, and one runtime {@link io.tally.exec.state.AggregateCall} per Calcite call.
 */
final class AggregateTranslator {
    private AggregateTranslator() {}

    /**
     * Describes {@code agg} for the runtime; with {@code rowInput} its input is always read as
     * rows, with {@code batchOutput} its output may go on as batches.
     *
     * @throws UnsupportedQueryException naming the function or column Tally cannot aggregate
     */
    static BlockedAggregateCall translate(
            Aggregate agg,
            RowShape inputShape,
            RowShape outputShape,
            boolean rowInput,
            boolean batchOutput) {
        AggregateSpec spec = spec(agg);
        int[] columns = usedColumns(agg);
        String name = "EnumerableBlockedAggregate#" + agg.getId();
        return new BlockedAggregateCall(
                spec, columns, inputShape, outputShape, name, rowInput, null, batchOutput);
    }

    /**
     * Whether the columns {@code agg}'s runtime emits have the types of its row type (nullability
     * aside: a column declared NOT NULL never holds a NULL), so that an operator planned against
     * that row type can read the emitted batches as they are; false if Tally cannot run {@code
     * agg}.
     */
    static boolean emitsRowType(Aggregate agg) {
        List<DataType> emitted;
        List<DataType> declared = new ArrayList<>();
        try {
            emitted = spec(agg).outputTypes();
            for (RelDataTypeField f : agg.getRowType().getFieldList()) {
                declared.add(ExecTypes.of(f.getType(), "column " + f.getName()));
            }
        } catch (UnsupportedQueryException | IllegalArgumentException e) {
            return false;
        }
        if (emitted.size() != declared.size()) {
            return false;
        }
        for (int i = 0; i < emitted.size(); i++) {
            if (!emitted.get(i).withNullable(true).equals(declared.get(i).withNullable(true))) {
                return false;
            }
        }
        return true;
    }

    /** The input columns {@code agg} uses (group keys and call arguments), ascending. */
    private static int[] usedColumns(Aggregate agg) {
        TreeSet<Integer> used = new TreeSet<>(agg.getGroupSet().asList());
        for (AggregateCall call : agg.getAggCallList()) {
            used.addAll(AggregateCalls.columns(call));
        }
        return used.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The runtime's description of {@code agg} over its {@link #usedColumns}. */
    private static AggregateSpec spec(Aggregate agg) {
        int[] columns = usedColumns(agg);
        int[] position = new int[agg.getInput().getRowType().getFieldCount()];
        List<DataType> types = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            position[columns[i]] = i;
            RelDataType t = agg.getInput().getRowType().getFieldList().get(columns[i]).getType();
            types.add(
                    ExecTypes.of(
                            t,
                            "column "
                                    + agg.getInput().getRowType().getFieldNames().get(columns[i])));
        }
        List<Integer> keys = new ArrayList<>();
        agg.getGroupSet().forEach(k -> keys.add(position[k]));
        List<BitSet> sets = new ArrayList<>();
        for (ImmutableBitSet set : agg.getGroupSets()) {
            BitSet b = new BitSet();
            set.forEach(k -> b.set(position[k]));
            sets.add(b);
        }
        List<io.tally.exec.state.AggregateCall> calls = new ArrayList<>();
        List<String> names = agg.getRowType().getFieldNames();
        int firstCall = agg.getGroupCount();
        for (int i = 0; i < agg.getAggCallList().size(); i++) {
            calls.add(
                    AggregateCalls.toExec(
                            agg.getAggCallList().get(i), names.get(firstCall + i), position));
        }
        try {
            return new AggregateSpec(types, keys, sets, calls);
        } catch (IllegalArgumentException e) {
            throw new UnsupportedQueryException(e.getMessage());
        }
    }
}
