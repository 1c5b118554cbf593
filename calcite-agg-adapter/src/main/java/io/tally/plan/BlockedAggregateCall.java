package io.tally.plan;

import io.tally.exec.state.AggKind;
import io.tally.exec.AggregateSpec;
import io.tally.batch.DataType;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import io.tally.schema.MedianFunction;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.schema.impl.AggregateFunctionImpl;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.validate.SqlUserDefinedAggFunction;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * What generated code hands the runtime for one {@link EnumerableBlockedAggregate}: the
 * runtime's {@link AggregateSpec} over the input columns the aggregate uses, which input
 * ordinals those are, how input and output rows are shaped, and whether the input is read as
 * rows even when it could hand over batches ({@code vectorize=false}).
 */
public final class BlockedAggregateCall implements Serializable {
  private static final long serialVersionUID = 1L;
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

  private final AggregateSpec spec;
  private final int[] inputColumns;
  private final RowShape inputShape;
  private final RowShape outputShape;
  private final String operatorName;
  private final boolean rowInput;
  private final TopKOutput topK;

  BlockedAggregateCall(AggregateSpec spec, int[] inputColumns, RowShape inputShape,
      RowShape outputShape, String operatorName, boolean rowInput, TopKOutput topK) {
    this.spec = spec;
    this.inputColumns = inputColumns;
    this.inputShape = inputShape;
    this.outputShape = outputShape;
    this.operatorName = operatorName;
    this.rowInput = rowInput;
    this.topK = topK;
  }

  /**
   * Describes {@code agg} for the runtime; with {@code rowInput} its input is always read as
   * rows.
   *
   * @throws IllegalArgumentException naming the function or column Tally cannot aggregate
   */
  static BlockedAggregateCall of(Aggregate agg, RowShape inputShape, RowShape outputShape,
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

  /** How groups become rows for a top-k-per-group operator; null for a plain aggregate. */
  public TopKOutput topK() {
    return topK;
  }

  public AggregateSpec spec() {
    return spec;
  }

  /** For each column of the spec's input, the ordinal of the aggregate's input column. */
  public int[] inputColumns() {
    return inputColumns.clone();
  }

  public RowShape inputShape() {
    return inputShape;
  }

  public RowShape outputShape() {
    return outputShape;
  }

  /** Whether the input is read as rows even if it can give batches (planned with vectorize=false). */
  public boolean rowInput() {
    return rowInput;
  }

  /** The operator's name in allocators, errors and metrics, e.g. {@code EnumerableBlockedAggregate#12}. */
  public String operatorName() {
    return operatorName;
  }
}
