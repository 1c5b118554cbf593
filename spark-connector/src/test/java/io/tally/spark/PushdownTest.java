package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.datasets.DatasetWriter;
import io.tally.datasets.FileFormat;
import io.tally.datasets.H2oGenerator;
import io.tally.memory.EngineMemory;
import java.nio.file.Path;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What is pushed and what stays in Spark, each checked in the plan and against Spark's own answer
 * over the same data (h2o with 5% NULLs, one CSV and one Arrow IPC file).
 */
class PushdownTest {
    private static final long ROWS = 30_000;

    @TempDir static Path dir;
    private static SparkSession spark;

    @BeforeAll
    static void data() throws Exception {
        H2oGenerator h2o = new H2oGenerator(ROWS, 10, 5, false, 7);
        DatasetWriter.write(h2o, dir.resolve("csv/h2o.csv"), FileFormat.CSV);
        DatasetWriter.write(h2o, dir.resolve("arrow/h2o.arrow"), FileFormat.ARROW);
        spark = SparkSessions.local();
        spark.read()
                .format("tally")
                .load(dir.resolve("csv").toString())
                .createOrReplaceTempView("t");
        spark.read()
                .format("tally")
                .load(dir.resolve("arrow/*.arrow").toString())
                .createOrReplaceTempView("a");
        spark.read()
                .option("header", "true")
                .option("inferSchema", "true")
                .csv(dir.resolve("csv").toString())
                .createOrReplaceTempView("s");
    }

    @AfterAll
    static void noArrowMemoryLeft() {
        assertEquals(0, EngineMemory.root().getAllocatedMemory(), "bytes still allocated");
    }

    private static String plan(Dataset<Row> df) {
        return df.queryExecution().executedPlan().toString();
    }

    /** Runs {@code sql} on {@code table} and on Spark's own reader; returns the tally plan. */
    private static String same(String sql, String table) {
        Dataset<Row> tally = spark.sql(sql.replace("{t}", table));
        Answers.assertSame(
                spark.sql(sql.replace("{t}", "s")).collectAsList(), tally.collectAsList());
        return plan(tally);
    }

    @Test
    void explainShowsTheAggregateAndFiltersPushed() {
        String plan =
                same(
                        "SELECT id3, SUM(v1) AS v1, AVG(v3) AS v3 FROM {t} "
                                + "WHERE id1 IN ('id001', 'id002') AND v2 >= 3 GROUP BY id3",
                        "t");
        assertTrue(plan.contains("PushedAggregation: [SUM(v1), SUM(v3), COUNT(v3)]"), plan);
        assertTrue(plan.contains("PushedGroupBy: [id3]"), plan);
        assertTrue(plan.contains("PushedFilters: [") && plan.contains("v2 >= 3"), plan);
        assertTrue(plan.contains("Tally blocked hash table per partition"), plan);
    }

    @Test
    void arrowFilesGiveTheSameAnswers() {
        String plan =
                same(
                        "SELECT id2, id4, MIN(v3) AS lo, MAX(v3) AS hi, COUNT(v1) AS n, COUNT(*) AS c"
                                + " FROM {t} GROUP BY id2, id4",
                        "a");
        assertTrue(
                plan.contains("PushedAggregation: [MIN(v3), MAX(v3), COUNT(v1), COUNT(*)]"), plan);
    }

    @Test
    void globalAggregateAndStringMinMax() {
        same("SELECT COUNT(*), MIN(id3), MAX(id1), SUM(v2) FROM {t} WHERE v1 IS NOT NULL", "t");
        same("SELECT COUNT(*) FROM {t} WHERE id6 = -1", "a");
    }

    @Test
    void distinctFallsBackVisibly() {
        String plan = same("SELECT id1, COUNT(DISTINCT id2) AS n FROM {t} GROUP BY id1", "t");
        assertTrue(plan.contains("PushedAggregation: none"), plan);
        assertTrue(plan.contains("HashAggregate"), plan);
    }

    @Test
    void keyExpressionFallsBackWithItsReason() {
        String plan = same("SELECT v1 % 3 AS m, SUM(v3) AS s FROM {t} GROUP BY v1 % 3", "t");
        assertTrue(plan.contains("PushedAggregation: none"), plan);
        assertTrue(plan.contains("is not a column"), plan);
    }

    @Test
    void holisticFunctionsStayInSpark() {
        String plan = same("SELECT id1, median(v3) AS m FROM {t} GROUP BY id1", "t");
        assertTrue(plan.contains("PushedAggregation: none"), plan);
    }

    @Test
    void aFilterLeftToSparkKeepsTheAggregateInSpark() {
        String plan = same("SELECT id1, SUM(v3) AS s FROM {t} WHERE v1 + v2 > 5 GROUP BY id1", "t");
        assertTrue(plan.contains("PushedAggregation: none"), plan);
        assertTrue(plan.contains("Filter"), plan);
    }

    @Test
    void plainScansApplyPushedFilters() {
        String plan =
                same(
                        "SELECT id1, id4, v3 FROM {t} WHERE v3 > 50.5 AND id4 <> 3 AND "
                                + "(id2 LIKE 'id00%' OR v1 IS NULL)",
                        "t");
        assertTrue(plan.contains("PushedFilters: [") && plan.contains("v3 > 50.5"), plan);
        same("SELECT COUNT(*) FROM (SELECT id1 FROM {t} WHERE id5 BETWEEN 2 AND 4)", "a");
        same("SELECT * FROM {t} WHERE id3 = 'id000000007'", "t");
    }

    @Test
    void badOptionsNameTheOption() {
        Exception e =
                assertThrows(
                        Exception.class,
                        () ->
                                spark.read()
                                        .format("tally")
                                        .option("memory_limit", "lots")
                                        .load(dir.resolve("csv").toString())
                                        .groupBy("id1")
                                        .count()
                                        .collectAsList());
        assertTrue(
                e.getMessage().contains("invalid value 'lots' for option 'memory_limit'"),
                e.getMessage());
        Exception missing =
                assertThrows(
                        Exception.class,
                        () ->
                                spark.read()
                                        .format("tally")
                                        .load(dir.resolve("nothing-here").toString()));
        assertTrue(
                missing.getMessage().contains("no such file or directory"), missing.getMessage());
        assertFalse(missing.getMessage().contains("\n\tat "), missing.getMessage());
    }
}
