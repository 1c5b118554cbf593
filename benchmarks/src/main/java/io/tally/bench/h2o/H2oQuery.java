package io.tally.bench.h2o;

import java.util.List;
import java.util.Locale;

/**
 * The ten db-benchmark groupby questions in portable SQL ({@code {t}} is the table). Integer
 * columns are cast to DOUBLE where an average or a product is taken, so every engine computes in
 * the same type (Calcite's AVG of an INTEGER is an INTEGER). q6 uses MEDIAN, which not every engine
 * has; q9 spells out r² = corr(v1, v2)² from sums, which all of them can compute (NULL where v1 or
 * v2 is constant in a group, as CORR gives). Each query also lists its answer's columns and how
 * {@link ChecksumQuery} checksums them.
 */
enum H2oQuery {
    Q1("sum v1 by id1", "SELECT id1, SUM(v1) AS v1 FROM {t} GROUP BY id1", "id1 id, v1 integer"),
    Q2(
            "sum v1 by id1:id2",
            "SELECT id1, id2, SUM(v1) AS v1 FROM {t} GROUP BY id1, id2",
            "id1 id, id2 id, v1 integer"),
    Q3(
            "sum v1 mean v3 by id3",
            "SELECT id3, SUM(v1) AS v1, AVG(v3) AS v3 FROM {t} GROUP BY id3",
            "id3 id, v1 integer, v3 double"),
    Q4(
            "mean v1:v3 by id4",
            "SELECT id4, AVG(CAST(v1 AS DOUBLE)) AS v1, AVG(CAST(v2 AS DOUBLE)) AS v2, "
                    + "AVG(v3) AS v3 FROM {t} GROUP BY id4",
            "id4 integer, v1 double, v2 double, v3 double"),
    Q5(
            "sum v1:v3 by id6",
            "SELECT id6, SUM(v1) AS v1, SUM(v2) AS v2, SUM(v3) AS v3 FROM {t} GROUP BY id6",
            "id6 integer, v1 integer, v2 integer, v3 double"),
    Q6(
            "median v3 sd v3 by id4 id5",
            "SELECT id4, id5, MEDIAN(v3) AS median_v3, STDDEV_SAMP(v3) AS sd_v3 "
                    + "FROM {t} GROUP BY id4, id5",
            "id4 integer, id5 integer, median_v3 double, sd_v3 nullable_double"),
    Q7(
            "max v1 - min v2 by id3",
            "SELECT id3, MAX(v1) - MIN(v2) AS range_v1_v2 FROM {t} GROUP BY id3",
            "id3 id, range_v1_v2 integer"),
    Q8(
            "largest two v3 by id6",
            "SELECT id6, v3 AS largest2_v3 FROM (SELECT id6, v3, ROW_NUMBER() OVER "
                    + "(PARTITION BY id6 ORDER BY v3 DESC) AS rn FROM {t} WHERE v3 IS NOT NULL) s WHERE rn <= 2",
            "id6 integer, largest2_v3 double"),
    Q9(
            "regression v1 v2 by id2 id4",
            "SELECT id2, id4, "
                    + "(COUNT(*) * SUM(x * y) - SUM(x) * SUM(y)) * (COUNT(*) * SUM(x * y) - SUM(x) * SUM(y)) "
                    + "/ NULLIF((COUNT(*) * SUM(x * x) - SUM(x) * SUM(x)) * (COUNT(*) * SUM(y * y) - SUM(y) * SUM(y)), 0) AS r2 "
                    + "FROM (SELECT id2, id4, CAST(v1 AS DOUBLE) AS x, CAST(v2 AS DOUBLE) AS y FROM {t}) s GROUP BY id2, id4",
            "id2 id, id4 integer, r2 nullable_double"),
    Q10(
            "sum v3 count by id1:id6",
            "SELECT id1, id2, id3, id4, id5, id6, SUM(v3) AS v3, COUNT(*) AS cnt "
                    + "FROM {t} GROUP BY id1, id2, id3, id4, id5, id6",
            "id1 id, id2 id, id3 id, id4 integer, id5 integer, id6 integer, v3 double, cnt integer");

    private final String question;
    private final String sql;
    private final List<OutputColumn> columns;

    H2oQuery(String question, String sql, String columns) {
        this.question = question;
        this.sql = sql;
        this.columns = OutputColumn.parse(columns);
    }

    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** db-benchmark's name of the question. */
    String question() {
        return question;
    }

    String sql(String table) {
        return sql.replace("{t}", table);
    }

    /** The answer's columns and how each is checksummed. */
    List<OutputColumn> columns() {
        return columns;
    }

    static List<H2oQuery> parse(List<String> names) {
        return names.stream().map(n -> valueOf(n.trim().toUpperCase(Locale.ROOT))).toList();
    }
}
