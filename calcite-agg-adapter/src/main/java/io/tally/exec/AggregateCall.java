package io.tally.exec;

import java.io.Serializable;
import java.util.List;

/**
 * One aggregate call of an {@link AggregateSpec}: function, argument input columns, DISTINCT,
 * FILTER column (a BOOLEAN input column; only rows where it is TRUE count; -1 for none), result
 * type and name. For GROUPING/GROUPING_ID the arguments are group-key input columns.
 */
public record AggregateCall(AggKind kind, List<Integer> args, boolean distinct, int filterArg,
    DataType outputType, String name) implements Serializable {
  public AggregateCall {
    args = List.copyOf(args);
    if (kind == null || outputType == null || name == null) {
      throw new IllegalArgumentException("kind, outputType and name are required");
    }
  }

  /** A call without DISTINCT or FILTER. */
  public static AggregateCall of(AggKind kind, List<Integer> args, DataType outputType, String name) {
    return new AggregateCall(kind, args, false, -1, outputType, name);
  }

  public AggregateCall withDistinct(boolean isDistinct) {
    return new AggregateCall(kind, args, isDistinct, filterArg, outputType, name);
  }

  public AggregateCall withFilter(int filterColumn) {
    return new AggregateCall(kind, args, distinct, filterColumn, outputType, name);
  }

  @Override
  public String toString() {
    return kind + (distinct ? "(DISTINCT " : "(") + args + ")"
        + (filterArg >= 0 ? " FILTER $" + filterArg : "") + " AS " + name + " " + outputType;
  }
}
