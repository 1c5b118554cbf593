package io.tally.bench.h2o;

import java.util.ArrayList;
import java.util.List;

/**
 * Wraps an h2o query so its answer is consumed inside the engine, as db-benchmark materialises each
 * answer and checksums it: {@code SELECT COUNT(*) AS n, <terms of every column> FROM (<query>) a},
 * where each column's terms are those of its {@link OutputColumn.Kind}. Only this one row crosses
 * JDBC, so the time measured is the engine's, not its client driver's.
 */
final class ChecksumQuery {
    private ChecksumQuery() {}

    /** The checksum SQL of {@code query} over {@code table} (an engine's identifier for it). */
    static String sql(H2oQuery query, String table) {
        return wrap(query.sql(table), query.columns());
    }

    /** The checksum SQL of any {@code sql} whose answer has {@code columns}. */
    static String wrap(String sql, List<OutputColumn> columns) {
        List<String> terms = new ArrayList<>();
        terms.add("COUNT(*) AS n");
        columns.forEach(c -> terms.addAll(c.terms()));
        return "SELECT " + String.join(", ", terms) + " FROM (" + sql + ") a";
    }
}
