package io.tally.exec;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import io.tally.exec.hash.BlockLayout;
import io.tally.exec.hash.KeyColumn;
import io.tally.exec.state.Accumulator;
import io.tally.exec.state.AggKind;
import io.tally.exec.state.AggregateCall;
import io.tally.exec.state.BitwiseAccumulator;
import io.tally.exec.state.BytesValueAccumulator;
import io.tally.exec.state.CountAccumulator;
import io.tally.exec.state.FixedValueAccumulator;
import io.tally.exec.state.GroupingAccumulator;
import io.tally.exec.state.ListAccumulator;
import io.tally.exec.state.MedianAccumulator;
import io.tally.exec.state.SumAccumulator;
import io.tally.exec.state.TopKOrder;
import io.tally.exec.state.VarianceAccumulator;
import io.tally.exec.topk.TopKAccumulator;
import io.tally.memory.OperatorMemory;
import java.util.List;
import java.util.Set;

/** Checks aggregate calls against their argument types and creates their accumulators. */
final class Accumulators {
  private Accumulators() {}

  /** Fails with a message naming the call if its arguments do not suit its function. */
  static void check(AggregateCall call, List<DataType> inputTypes, Set<Integer> keys) {
    AggKind kind = call.kind();
    int argc = call.args().size();
    DataType arg = argc > 0 ? inputTypes.get(call.args().get(0)) : null;
    switch (kind) {
      case COUNT:
        checkOutput(call, null);
        return;
      case LISTAGG:
        if (argc < 1 || argc > 2 || call.args().stream().anyMatch(a -> !isText(inputTypes.get(a)))
            || !isText(call.outputType())) {
          throw bad(call, "takes a VARCHAR and an optional VARCHAR separator, giving VARCHAR");
        }
        return;
      case ARRAY_AGG:
        if (argc != 1 || !isText(inputTypes.get(call.args().get(0)))
            || call.outputType().type() != ColumnType.VARCHAR_ARRAY) {
          throw bad(call, "takes one VARCHAR, giving VARCHAR ARRAY");
        }
        return;
      case TOP_K:
        checkTopK(call, argc);
        return;
      case GROUPING:
      case GROUPING_ID:
        if (argc == 0 || argc > 63 || !keys.containsAll(call.args())) {
          throw bad(call, "arguments must be 1 to 63 group keys");
        }
        checkOutput(call, null);
        return;
      default:
        if (argc != 1) {
          throw bad(call, "takes exactly one argument");
        }
    }
    ColumnType t = arg.type();
    boolean numeric = t.isInteger() || t == ColumnType.REAL || t == ColumnType.DOUBLE || t == ColumnType.DECIMAL;
    switch (kind) {
      case SUM: case SUM0: case AVG: case STDDEV_POP: case STDDEV_SAMP: case VAR_POP: case VAR_SAMP:
        require(call, numeric, arg);
        break;
      case BOOL_AND: case BOOL_OR:
        require(call, t == ColumnType.BOOLEAN, arg);
        break;
      case MEDIAN:
        require(call, numeric, arg);
        if (call.outputType().type() != ColumnType.DOUBLE) {
          throw bad(call, "gives DOUBLE, not " + call.outputType());
        }
        return;
      case BIT_AND: case BIT_OR: case BIT_XOR:
        require(call, t.isInteger(), arg);
        break;
      case MIN: case MAX:
        require(call, t != ColumnType.VARCHAR_ARRAY, arg);
        break;
      default:
        break;
    }
    checkOutput(call, arg);
  }

  private static void checkTopK(AggregateCall call, int argc) {
    if (argc == 0 || call.distinct() || call.outputType().type() != ColumnType.VARBINARY) {
      throw bad(call, "carries at least one column, without DISTINCT, giving VARBINARY");
    }
    for (TopKOrder.SortKey key : call.topK().keys()) {
      if (key.arg() < 0 || key.arg() >= argc) {
        throw bad(call, "sorts by argument " + key.arg() + " of " + argc);
      }
    }
  }

  private static boolean isNumeric(DataType t) {
    ColumnType c = t.type();
    return c.isInteger() || c == ColumnType.REAL || c == ColumnType.DOUBLE || c == ColumnType.DECIMAL;
  }

  /** Fails unless the call's result type can hold what its function produces. */
  private static void checkOutput(AggregateCall call, DataType arg) {
    DataType out = call.outputType();
    boolean ok;
    switch (call.kind()) {
      case BOOL_AND: case BOOL_OR:
        ok = out.type() == ColumnType.BOOLEAN;
        break;
      case MIN: case MAX: case ANY_VALUE: case SINGLE_VALUE:
        ok = out.family() == arg.family() && (out.family() != ColumnType.Family.BYTES
            || (out.type() == ColumnType.VARCHAR_ARRAY) == (arg.type() == ColumnType.VARCHAR_ARRAY));
        break;
      case LISTAGG: case ARRAY_AGG:
        ok = true;
        break;
      default:
        ok = isNumeric(out);
    }
    if (!ok) {
      throw bad(call, "cannot produce " + out + (arg == null ? "" : " from " + arg));
    }
  }

  private static boolean isText(DataType t) {
    return t.type() == ColumnType.VARCHAR || t.type() == ColumnType.CHAR;
  }

  private static void require(AggregateCall call, boolean ok, DataType arg) {
    if (!ok) {
      throw bad(call, "does not accept " + arg);
    }
  }

  private static IllegalArgumentException bad(AggregateCall call, String why) {
    return new IllegalArgumentException(call.kind() + " (" + call.name() + ") " + why);
  }

  /** Creates the accumulator of a (checked) call; GROUPING needs the set-id key column. */
  static Accumulator create(AggregateCall call, AggregateSpec spec, BlockLayout layout,
      OperatorMemory memory, KeyColumn setIds) {
    DataType arg = call.args().isEmpty() ? null : spec.inputTypes().get(call.args().get(0));
    switch (call.kind()) {
      case COUNT:
        return new CountAccumulator(call, layout, memory);
      case SUM: case SUM0: case AVG:
        return new SumAccumulator(call, arg, layout, memory);
      case STDDEV_POP: case STDDEV_SAMP: case VAR_POP: case VAR_SAMP:
        return new VarianceAccumulator(call, arg, layout, memory);
      case BOOL_AND: case BOOL_OR: case BIT_AND: case BIT_OR: case BIT_XOR:
        return new BitwiseAccumulator(call, layout, memory);
      case MIN: case MAX: case ANY_VALUE: case SINGLE_VALUE:
        return arg.family() == ColumnType.Family.BYTES
            ? new BytesValueAccumulator(call, arg, layout, memory)
            : new FixedValueAccumulator(call, arg, layout, memory);
      case LISTAGG: case ARRAY_AGG:
        return new ListAccumulator(call, layout, memory);
      case TOP_K:
        return new TopKAccumulator(call, argTypes(call, spec), layout, memory);
      case MEDIAN:
        return new MedianAccumulator(call, arg, layout, memory);
      case GROUPING: case GROUPING_ID:
        return new GroupingAccumulator(call, layout, memory, setIds, groupingValues(call, spec));
      default:
        throw new IllegalStateException("unhandled " + call.kind());
    }
  }

  private static List<DataType> argTypes(AggregateCall call, AggregateSpec spec) {
    return call.args().stream().map(a -> spec.inputTypes().get(a)).toList();
  }

  private static long[] groupingValues(AggregateCall call, AggregateSpec spec) {
    List<java.util.BitSet> sets = spec.groupingSets();
    long[] values = new long[sets.size()];
    List<Integer> args = call.args();
    for (int s = 0; s < sets.size(); s++) {
      long v = 0;
      for (int a : args) {
        v = (v << 1) | (sets.get(s).get(a) ? 0 : 1);
      }
      values[s] = v;
    }
    return values;
  }
}
