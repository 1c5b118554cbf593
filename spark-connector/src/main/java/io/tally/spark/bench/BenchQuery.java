package io.tally.spark.bench;

import java.util.List;
import java.util.Locale;

/**
 * The h2o groupby questions the tally source pushes down (q1–q5, q10), in Spark SQL over a view
 * {@code t}, with the key and aggregate columns an answer digest reads.
 */
enum BenchQuery {
    Q1("SELECT id1, SUM(v1) AS v1 FROM t GROUP BY id1", "id1", "v1"),
    Q2("SELECT id1, id2, SUM(v1) AS v1 FROM t GROUP BY id1, id2", "id1, id2", "v1"),
    Q3("SELECT id3, SUM(v1) AS v1, AVG(v3) AS v3 FROM t GROUP BY id3", "id3", "v1", "v3"),
    Q4(
            "SELECT id4, AVG(CAST(v1 AS DOUBLE)) AS v1, AVG(CAST(v2 AS DOUBLE)) AS v2, AVG(v3) AS v3"
                    + " FROM t GROUP BY id4",
            "id4",
            "v1",
            "v2",
            "v3"),
    Q5(
            "SELECT id6, SUM(v1) AS v1, SUM(v2) AS v2, SUM(v3) AS v3 FROM t GROUP BY id6",
            "id6",
            "v1",
            "v2",
            "v3"),
    Q10(
            "SELECT id1, id2, id3, id4, id5, id6, SUM(v3) AS v3, COUNT(*) AS cnt FROM t"
                    + " GROUP BY id1, id2, id3, id4, id5, id6",
            "id1, id2, id3, id4, id5, id6",
            "v3",
            "cnt");

    final String sql;
    private final String keys;
    private final List<String> values;

    BenchQuery(String sql, String keys, String... values) {
        this.sql = sql;
        this.keys = keys;
        this.values = List.of(values);
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * One row that stands for the answer: the row count, a sum of the keys' hashes (exact, over the
     * keys as strings) and the sum of each value column as a double (compared within a relative
     * tolerance).
     */
    String digestSql() {
        StringBuilder sql = new StringBuilder("SELECT COUNT(*), SUM(CAST(xxhash64(");
        String[] names = keys.split(", ");
        for (int i = 0; i < names.length; i++) {
            // as strings: the readers may type an integer key INT or BIGINT, which hash differently
            sql.append(i == 0 ? "" : ", ").append("CAST(").append(names[i]).append(" AS STRING)");
        }
        sql.append(") AS DECIMAL(38, 0)))");
        for (String v : values) {
            sql.append(", SUM(CAST(").append(v).append(" AS DOUBLE))");
        }
        return sql.append(" FROM (").append(this.sql).append(") q").toString();
    }
}
