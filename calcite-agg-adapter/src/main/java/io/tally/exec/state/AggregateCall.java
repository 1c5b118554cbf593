package io.tally.exec.state;

import io.tally.batch.ColumnType;
import io.tally.batch.DataType;
import java.io.Serializable;
import java.util.List;

/**
 * One aggregate call of an aggregation ({@code io.tally.exec.AggregateSpec}): function, argument
 * input columns, DISTINCT, FILTER column (a BOOLEAN input column; only rows where it is TRUE count;
 * -1 for none), result type and name. For GROUPING/GROUPING_ID the arguments are group-key input
 * columns; for {@link AggKind#TOP_K} they are the carried columns and {@code topK} (null otherwise)
 * says how to rank them. {@code options} carry a WITHIN GROUP order (its columns among the
 * arguments, after the function's own), a constant and NULL handling ({@link CallOptions}).
 */
public record AggregateCall(
        AggKind kind,
        List<Integer> args,
        boolean distinct,
        int filterArg,
        DataType outputType,
        String name,
        TopKOrder topK,
        CallOptions options)
        implements Serializable {
    public AggregateCall {
        args = List.copyOf(args);
        if (kind == null || outputType == null || name == null || options == null) {
            throw new IllegalArgumentException("kind, outputType, name and options are required");
        }
        if ((kind == AggKind.TOP_K) != (topK != null)) {
            throw new IllegalArgumentException("a TOP_K call, and only it, needs a TopKOrder");
        }
        for (TopKOrder.SortKey key : options.order()) {
            if (key.arg() < 0 || key.arg() >= args.size()) {
                throw new IllegalArgumentException(
                        kind
                                + " ("
                                + name
                                + ") orders by argument "
                                + key.arg()
                                + " of "
                                + args.size());
            }
        }
    }

    /** A call without options. */
    public AggregateCall(
            AggKind kind,
            List<Integer> args,
            boolean distinct,
            int filterArg,
            DataType outputType,
            String name,
            TopKOrder topK) {
        this(kind, args, distinct, filterArg, outputType, name, topK, CallOptions.NONE);
    }

    /** A call of any function but TOP_K. */
    public AggregateCall(
            AggKind kind,
            List<Integer> args,
            boolean distinct,
            int filterArg,
            DataType outputType,
            String name) {
        this(kind, args, distinct, filterArg, outputType, name, null);
    }

    /** A TOP_K call carrying input columns {@code args}, ranked by {@code order}. */
    public static AggregateCall topK(List<Integer> args, TopKOrder order, String name) {
        return new AggregateCall(
                AggKind.TOP_K, args, false, -1, DataType.of(ColumnType.VARBINARY), name, order);
    }

    /** A call without DISTINCT or FILTER. */
    public static AggregateCall of(
            AggKind kind, List<Integer> args, DataType outputType, String name) {
        return new AggregateCall(kind, args, false, -1, outputType, name);
    }

    public AggregateCall withDistinct(boolean isDistinct) {
        return new AggregateCall(
                kind, args, isDistinct, filterArg, outputType, name, topK, options);
    }

    public AggregateCall withFilter(int filterColumn) {
        return new AggregateCall(
                kind, args, distinct, filterColumn, outputType, name, topK, options);
    }

    public AggregateCall withOptions(CallOptions callOptions) {
        return new AggregateCall(
                kind, args, distinct, filterArg, outputType, name, topK, callOptions);
    }

    /** Whether the call has a WITHIN GROUP order. */
    public boolean ordered() {
        return !options.order().isEmpty();
    }

    @Override
    public String toString() {
        return kind
                + (distinct ? "(DISTINCT " : "(")
                + args
                + ")"
                + (filterArg >= 0 ? " FILTER $" + filterArg : "")
                + (topK == null ? "" : " " + topK)
                + options
                + " AS "
                + name
                + " "
                + outputType;
    }
}
