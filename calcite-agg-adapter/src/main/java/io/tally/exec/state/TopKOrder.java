package io.tally.exec.state;

import java.io.Serializable;
import java.util.List;

/**
 * How a {@link AggKind#TOP_K} call ranks the rows of a group: keep the first {@code limit} rows in
 * the order of {@code keys} (each naming a position in the call's argument list). Rows equal on
 * every key are interchangeable, as ROW_NUMBER over ties is.
 */
public record TopKOrder(int limit, List<SortKey> keys) implements Serializable {
    /** Largest {@code limit}: each group keeps up to this many rows in memory while building. */
    public static final int MAX_LIMIT = 1024;

    public TopKOrder {
        keys = List.copyOf(keys);
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException(
                    "top-k limit " + limit + " is outside 1.." + MAX_LIMIT);
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("top-k needs at least one sort key");
        }
    }

    /** One sort key: argument position {@code arg}, direction, and where NULLs go. */
    public record SortKey(int arg, boolean descending, boolean nullsFirst) implements Serializable {
        @Override
        public String toString() {
            return "#"
                    + arg
                    + (descending ? " DESC" : " ASC")
                    + (nullsFirst ? " NULLS FIRST" : " NULLS LAST");
        }
    }

    @Override
    public String toString() {
        return "TOP " + limit + " BY " + keys;
    }
}
