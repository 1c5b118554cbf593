package io.tally.exec.state;

import java.io.Serializable;
import java.util.List;

/**
 * What some aggregate calls need beyond their arguments: the {@code WITHIN GROUP} order of an
 * ordered aggregate ({@code order}, sort keys naming positions in the call's argument list), the
 * constant of LITERAL_AGG or the fraction of PERCENTILE_CONT/DISC ({@code constant}: a Boolean,
 * Long, Double, BigDecimal or String, or null), and whether NULL inputs are skipped where the
 * function would keep them ({@code skipNulls}: ARRAY_AGG … IGNORE NULLS, JSON_ARRAYAGG … ABSENT ON
 * NULL, JSON_OBJECTAGG … ABSENT ON NULL). An ordered call's own arguments are the first {@code
 * arity} of its arguments, the WITHIN GROUP columns not among them follow ({@code arity} -1: every
 * argument is the function's).
 */
public record CallOptions(
        List<TopKOrder.SortKey> order, Serializable constant, boolean skipNulls, int arity)
        implements Serializable {
    /** No order, no constant, NULLs as the function treats them. */
    public static final CallOptions NONE = new CallOptions(List.of(), null, false, -1);

    public CallOptions {
        order = List.copyOf(order);
    }

    /** Options ordering by {@code order}, of a function of {@code arity} arguments. */
    public static CallOptions ordered(List<TopKOrder.SortKey> order, int arity) {
        return new CallOptions(order, null, false, arity);
    }

    public CallOptions withConstant(Serializable value) {
        return new CallOptions(order, value, skipNulls, arity);
    }

    public CallOptions withSkipNulls(boolean skip) {
        return new CallOptions(order, constant, skip, arity);
    }

    /** How many of {@code argCount} arguments are the function's own. */
    public int ownArguments(int argCount) {
        return arity < 0 ? argCount : arity;
    }

    @Override
    public String toString() {
        return (order.isEmpty() ? "" : " WITHIN GROUP " + order)
                + (constant == null ? "" : " [" + constant + "]")
                + (skipNulls ? " SKIP NULLS" : "");
    }
}
