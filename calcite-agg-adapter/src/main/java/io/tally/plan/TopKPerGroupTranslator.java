package io.tally.plan;

import io.tally.batch.DataType;
import io.tally.exec.AggregateSpec;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.TopKOrder;
import io.tally.exec.topk.TopKExpander;
import io.tally.runtime.BlockedAggregateCall;
import io.tally.runtime.RowShape;
import io.tally.runtime.TopKOutput;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.type.RelDataTypeField;

/**
 * Describes an {@link EnumerableTopKPerGroup} for the runtime as a blocked aggregate: group keys
 * are the partition columns, one TOP_K call carries every other column (plus any sort column that
 * is a key), and a {@link TopKOutput} maps the groups back to the input's columns.
 */
final class TopKPerGroupTranslator {
    private TopKPerGroupTranslator() {}

    static BlockedAggregateCall translate(
            EnumerableTopKPerGroup rel, RowShape inputShape, RowShape outputShape) {
        List<RelDataTypeField> fields = rel.getInput().getRowType().getFieldList();
        int n = fields.size();
        List<DataType> types = new ArrayList<>();
        for (RelDataTypeField f : fields) {
            types.add(ExecTypes.of(f.getType(), "column " + f.getName()));
        }
        List<Integer> keys = rel.partition.asList();
        List<Integer> args = new ArrayList<>();
        List<TopKExpander.Source> sources = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            if (keys.contains(c)) {
                sources.add(TopKExpander.Source.key(keys.indexOf(c)));
            } else {
                sources.add(TopKExpander.Source.arg(args.size()));
                args.add(c);
            }
        }
        List<TopKOrder.SortKey> sortKeys = new ArrayList<>();
        for (RelFieldCollation fc : rel.order.getFieldCollations()) {
            int arg = args.indexOf(fc.getFieldIndex());
            if (arg < 0) {
                arg = args.size();
                args.add(fc.getFieldIndex());
            }
            sortKeys.add(new TopKOrder.SortKey(arg, fc.direction.isDescending(), nullsFirst(fc)));
        }
        List<DataType> outputTypes = new ArrayList<>(types);
        if (rel.rowNumber) {
            sources.add(TopKExpander.Source.rowNumber());
            outputTypes.add(ExecTypes.of(rel.getRowType().getFieldList().get(n).getType(), "rn"));
        }
        List<DataType> argTypes = args.stream().map(types::get).toList();
        String name = "EnumerableTopKPerGroup#" + rel.getId();
        AggregateCall call = AggregateCall.topK(args, new TopKOrder(rel.limit, sortKeys), "top");
        int[] columns = new int[n];
        for (int c = 0; c < n; c++) {
            columns[c] = c;
        }
        return new BlockedAggregateCall(
                AggregateSpec.groupBy(types, keys, List.of(call)),
                columns,
                inputShape,
                outputShape,
                name,
                !rel.vectorize,
                new TopKOutput(argTypes, sources, outputTypes),
                false);
    }

    /** Where NULLs go under {@code fc}, Calcite's default for its direction if unspecified. */
    static boolean nullsFirst(RelFieldCollation fc) {
        RelFieldCollation.NullDirection d =
                fc.nullDirection == RelFieldCollation.NullDirection.UNSPECIFIED
                        ? fc.direction.defaultNullDirection()
                        : fc.nullDirection;
        return d == RelFieldCollation.NullDirection.FIRST;
    }
}
