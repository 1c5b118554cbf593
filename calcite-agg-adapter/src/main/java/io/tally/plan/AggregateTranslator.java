package io.tally.plan;

import io.tally.batch.DataType;
import io.tally.exec.AggregateSpec;
import io.tally.exec.state.AggKind;
import io.tally.runtime.BlockedAggregateCall;
import io.tally.runtime.RowShape;
import io.tally.schema.MedianFunction;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Translates a Calcite {@link Aggregate} into the {@link BlockedAggregateCall} its generated code
 * hands the runtime: the used input columns and their runtime types, the group keys and grouping
 * sets over them, and one runtime {@link io.tally.exec.state.AggregateCall} per Calcite call.
 */
final class AggregateTranslator {
  private static final Map<SqlKind, AggKind> KINDS = Map.ofEntries(
      Map.entry(SqlKind.COUNT, AggKind.COUNT), Map.entry(SqlKind.SUM, AggKind.SUM),
      Map.entry(SqlKind.SUM0, AggKind.SUM0), Map.entry(SqlKind.AVG, AggKind.AVG),
      Map.entry(SqlKind.MIN, AggKind.MIN), Map.entry(SqlKind.MAX, AggKind.MAX),
      Map.entry(SqlKind.STDDEV_POP, AggKind.STDDEV_POP),
      Map.entry(SqlKind.STDDEV_SAMP, AggKind.STDDEV_SAMP),
      Map.entry(SqlKind.VAR_POP, AggKind.VAR_POP), Map.entry(SqlKind.VAR_SAMP, AggKind.VAR_SAMP),
      Map.entry(SqlKind.ANY_VALUE, AggKind.ANY_VALUE),
      Map.entry(SqlKind.SINGLE_VALUE, AggKind.SINGLE_VALUE),
      Map.entry(SqlKind.GROUPING, AggKind.GROUPING),
      Map.entry(SqlKind.GROUPING_ID, AggKind.GROUPING_ID),
      Map.entry(SqlKind.BIT_AND, AggKind.BIT_AND), Map.entry(SqlKind.BIT_OR, AggKind.BIT_OR),
      Map.entry(SqlKind.BIT_XOR, AggKind.BIT_XOR),
      Map.entry(SqlKind.LISTAGG, AggKind.LISTAGG), Map.entry(SqlKind.STRING_AGG, AggKind.LISTAGG),
      Map.entry(SqlKind.ARRAY_AGG, AggKind.ARRAY_AGG));

  private AggregateTranslator() {}

  /**
   * Describes {@code agg} for the runtime; with {@code rowInput} its input is always read as
   * rows.
   *
   * @throws IllegalArgumentException naming the function or column Tally cannot aggregate
   */
  static BlockedAggregateCall translate(Aggregate agg, RowShape inputShape, RowShape outputShape,
      boolean rowInput) {
    TreeSet<Integer> used = new TreeSet<>(agg.getGroupSet().asList());
    for (AggregateCall call : agg.getAggCallList()) {
      used.addAll(call.getArgList());
      if (call.filterArg >= 0) {
        used.add(call.filterArg);
      }
    }
    int[] columns = used.stream().mapToInt(Integer::intValue).toArray();
    int[] position = new int[agg.getInput().getRowType().getFieldCount()];
    List<DataType> types = new ArrayList<>();
    for (int i = 0; i < columns.length; i++) {
      position[columns[i]] = i;
      RelDataType t = agg.getInput().getRowType().getFieldList().get(columns[i]).getType();
      types.add(ExecTypes.of(t, "column " + agg.getInput().getRowType().getFieldNames()
          .get(columns[i])));
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
      calls.add(call(agg.getAggCallList().get(i), names.get(firstCall + i), position));
    }
    String name = "EnumerableBlockedAggregate#" + agg.getId();
    return new BlockedAggregateCall(new AggregateSpec(types, keys, sets, calls), columns,
        inputShape, outputShape, name, rowInput, null);
  }

  private static io.tally.exec.state.AggregateCall call(AggregateCall call, String name,
      int[] position) {
    AggKind kind = isMedian(call) ? AggKind.MEDIAN : KINDS.get(call.getAggregation().getKind());
    if (kind == null || call.distinctKeys != null
        || !call.collation.getFieldCollations().isEmpty() && kind != AggKind.MIN
            && kind != AggKind.MAX) {
      throw new IllegalArgumentException("Aggregate function " + call.getAggregation().getName()
          + " in " + call + " is not supported by Tally's aggregate (set aggregate=calcite to"
          + " use Calcite's)");
    }
    List<Integer> args = new ArrayList<>();
    call.getArgList().forEach(a -> args.add(position[a]));
    DataType out = ExecTypes.of(call.getType(), "result of " + call);
    return new io.tally.exec.state.AggregateCall(kind, args, call.isDistinct(),
        call.filterArg >= 0 ? position[call.filterArg] : -1, out, name);
  }

  /** Whether {@code call} is Tally's {@code MEDIAN} ({@link MedianFunction}). */
  private static boolean isMedian(AggregateCall call) {
    return call.getAggregation() instanceof SqlUserDefinedAggFunction f
        && f.function instanceof AggregateFunctionImpl impl
        && impl.declaringClass == MedianFunction.class;
  }
}
