package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.io.Serializable;
import java.util.List;

/**
 * One aggregate call of an aggregation ({@code io.tally.exec.AggregateSpec}): function, argument
 * input columns, DISTINCT, FILTER column (a BOOLEAN input column; only rows where it is TRUE
 * count; -1 for none), result type and name. For GROUPING/GROUPING_ID the arguments are group-key input columns; for
 * {@link AggKind#TOP_K} they are the carried columns and {@code topK} (null otherwise) says how
 * to rank them.
 */
public record AggregateCall(AggKind kind, List<Integer> args, boolean distinct, int filterArg,
    DataType outputType, String name, TopKOrder topK) implements Serializable {
  public AggregateCall {
    args = List.copyOf(args);
    if (kind == null || outputType == null || name == null) {
      throw new IllegalArgumentException("kind, outputType and name are required");
    }
    if ((kind == AggKind.TOP_K) != (topK != null)) {
      throw new IllegalArgumentException("a TOP_K call, and only it, needs a TopKOrder");
    }
  }

  /** A call of any function but TOP_K. */
  public AggregateCall(AggKind kind, List<Integer> args, boolean distinct, int filterArg,
      DataType outputType, String name) {
    this(kind, args, distinct, filterArg, outputType, name, null);
  }

  /** A TOP_K call carrying input columns {@code args}, ranked by {@code order}. */
  public static AggregateCall topK(List<Integer> args, TopKOrder order, String name) {
    return new AggregateCall(AggKind.TOP_K, args, false, -1, DataType.of(ColumnType.VARBINARY),
        name, order);
  }

  /** A call without DISTINCT or FILTER. */
  public static AggregateCall of(AggKind kind, List<Integer> args, DataType outputType, String name) {
    return new AggregateCall(kind, args, false, -1, outputType, name);
  }

  public AggregateCall withDistinct(boolean isDistinct) {
    return new AggregateCall(kind, args, isDistinct, filterArg, outputType, name, topK);
  }

  public AggregateCall withFilter(int filterColumn) {
    return new AggregateCall(kind, args, distinct, filterColumn, outputType, name, topK);
  }

  @Override
  public String toString() {
    return kind + (distinct ? "(DISTINCT " : "(") + args + ")"
        + (filterArg >= 0 ? " FILTER $" + filterArg : "") + (topK == null ? "" : " " + topK)
        + " AS " + name + " " + outputType;
  }
}
