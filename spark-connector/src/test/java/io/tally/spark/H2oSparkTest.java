package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.datasets.DatasetWriter;
import io.tally.datasets.FileFormat;
import io.tally.datasets.H2oGenerator;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The h2o groupby questions q1–q5 and q10 on {@code local[2]}: Spark's own CSV reader and aggregate
 * against the tally source with the aggregate pushed down, over the same two files (two input
 * partitions); the plan must show the pushed aggregate.
 */
class H2oSparkTest {
    private static final long ROWS_PER_FILE = 40_000;
    private static final int GROUPS = 20;

    @TempDir static Path dir;
    private static SparkSession spark;

    @BeforeAll
    static void data() throws Exception {
        DatasetWriter.write(
                new H2oGenerator(ROWS_PER_FILE, GROUPS, 5, false, 1),
                dir.resolve("part-0.csv"),
                FileFormat.CSV);
        DatasetWriter.write(
                new H2oGenerator(ROWS_PER_FILE, GROUPS, 5, false, 2),
                dir.resolve("part-1.csv"),
                FileFormat.CSV);
        spark = SparkSessions.local();
        spark.read().format("tally").load(dir.toString()).createOrReplaceTempView("h2o_tally");
        spark.read()
                .option("header", "true")
                .option("inferSchema", "true")
                .csv(dir.toString())
                .createOrReplaceTempView("h2o_spark");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "SELECT id1, SUM(v1) AS v1 FROM {t} GROUP BY id1",
                "SELECT id1, id2, SUM(v1) AS v1 FROM {t} GROUP BY id1, id2",
                "SELECT id3, SUM(v1) AS v1, AVG(v3) AS v3 FROM {t} GROUP BY id3",
                "SELECT id4, AVG(CAST(v1 AS DOUBLE)) AS v1, AVG(CAST(v2 AS DOUBLE)) AS v2, AVG(v3) AS v3 FROM {t} GROUP BY id4",
                "SELECT id6, SUM(v1) AS v1, SUM(v2) AS v2, SUM(v3) AS v3 FROM {t} GROUP BY id6",
                "SELECT id1, id2, id3, id4, id5, id6, SUM(v3) AS v3, COUNT(*) AS cnt FROM {t} GROUP BY id1, id2, id3, id4, id5, id6"
            })
    void sameAnswerWithTheAggregatePushed(String sql) {
        Dataset<Row> tally = spark.sql(sql.replace("{t}", "h2o_tally"));
        String plan = tally.queryExecution().executedPlan().toString();
        assertTrue(
                plan.contains("PushedAggregation: [") && !plan.contains("PushedAggregation: none"),
                plan);
        Answers.assertSame(
                spark.sql(sql.replace("{t}", "h2o_spark")).collectAsList(), tally.collectAsList());
    }
}
