package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Random;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every column type the source hands Spark (BOOLEAN, INT, DATE, TIMESTAMP, DECIMAL narrow and wide,
 * DOUBLE, VARCHAR; NULLs in each) through scans, pushed filters on each type's literals and pushed
 * aggregates, against Spark's own CSV reader given the same types.
 */
class TypesTest {
    private static final int ROWS = 3_000;
    private static final String SPARK_SCHEMA =
            "k STRING, b BOOLEAN, i INT, d DATE, ts TIMESTAMP_NTZ,"
                    + " big DECIMAL(30, 4), small DECIMAL(10, 2), f DOUBLE";

    private static final DateTimeFormatter SECONDS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    @TempDir static Path dir;
    private static SparkSession spark;

    @BeforeAll
    static void data() throws IOException {
        Random random = new Random(11);
        StringBuilder typed =
                new StringBuilder(
                        "k,b:BOOLEAN,i:INT,d:DATE,ts:TIMESTAMP,"
                                + "\"big:DECIMAL(30,4)\",\"small:DECIMAL(10,2)\",f:DOUBLE\n");
        StringBuilder narrow =
                new StringBuilder(
                        "k,b:BOOLEAN,i:INT,d:DATE,ts:TIMESTAMP,"
                                + "\"small:DECIMAL(10,2)\",f:DOUBLE\n");
        for (int r = 0; r < ROWS; r++) {
            LocalDate day = LocalDate.of(2024, 1, 1).plusDays(random.nextInt(200));
            LocalDateTime time = day.atStartOfDay().plusSeconds(random.nextInt(86_400));
            String head =
                    cell(random, "k" + random.nextInt(5))
                            + ","
                            + cell(random, Boolean.toString(random.nextBoolean()))
                            + ","
                            + cell(random, Integer.toString(random.nextInt(2_000_000) - 1_000_000))
                            + ","
                            + cell(random, day.toString())
                            + ","
                            + cell(random, time.format(SECONDS))
                            + ",";
            String big =
                    cell(random, (random.nextLong() / 1000) + "." + (1000 + random.nextInt(9000)));
            String tail =
                    cell(random, random.nextInt(100_000) + "." + (10 + random.nextInt(90)))
                            + ","
                            + cell(random, Double.toString(random.nextDouble() * 100))
                            + "\n";
            typed.append(head).append(big).append(',').append(tail);
            narrow.append(head).append(tail);
        }
        Files.createDirectories(dir.resolve("typed"));
        Files.createDirectories(dir.resolve("narrow"));
        Files.writeString(dir.resolve("typed/types.csv"), typed);
        Files.writeString(dir.resolve("narrow/narrow.csv"), narrow);
        spark = SparkSessions.local();
        view("typed", SPARK_SCHEMA);
        view("narrow", SPARK_SCHEMA.replace(" big DECIMAL(30, 4),", ""));
    }

    /** Views {@code name} (the tally source) and {@code name_spark} (Spark's reader). */
    private static void view(String name, String schema) {
        String path = dir.resolve(name).toString();
        spark.read().format("tally").load(path).createOrReplaceTempView(name);
        spark.read()
                .option("header", "true")
                .option("timestampNTZFormat", "yyyy-MM-dd HH:mm:ss")
                .schema(schema)
                .csv(path)
                .createOrReplaceTempView(name + "_spark");
    }

    /** A value, or (one time in ten) an empty field: NULL. */
    private static String cell(Random random, String value) {
        return random.nextInt(10) == 0 ? "" : value;
    }

    @AfterAll
    static void noArrowMemoryLeft() {
        assertEquals(0, EngineMemory.root().getAllocatedMemory(), "bytes still allocated");
    }

    private static String same(String sql) {
        return same(sql, "typed");
    }

    /** Runs {@code sql} on view {@code view} and on Spark's reader; returns the tally plan. */
    private static String same(String sql, String view) {
        Dataset<Row> tally = spark.sql(sql.replace("{t}", view));
        Answers.assertSame(
                spark.sql(sql.replace("{t}", view + "_spark")).collectAsList(),
                tally.collectAsList());
        return tally.queryExecution().executedPlan().toString();
    }

    @Test
    void theSchemaIsTallys() {
        assertEquals(
                "struct<k:string,b:boolean,i:int,d:date,ts:timestamp_ntz,big:decimal(30,4),"
                        + "small:decimal(10,2),f:double>",
                spark.table("typed").schema().simpleString());
    }

    @Test
    void everyTypeScansAsSparkReadsIt() {
        same("SELECT * FROM {t}");
    }

    @Test
    void aggregatesOfEveryType() {
        String plan =
                same(
                        "SELECT k, COUNT(b), MIN(d), MAX(ts), SUM(big), SUM(small), MIN(big),"
                                + " MAX(small), SUM(i), MIN(i), MAX(f), COUNT(*) FROM {t} GROUP BY k");
        assertTrue(plan.contains("PushedAggregation: [COUNT(b), MIN(d), MAX(ts), SUM(big)"), plan);
        plan = same("SELECT d, b, SUM(f), COUNT(*) FROM {t} GROUP BY d, b");
        assertTrue(plan.contains("PushedGroupBy: [d, b]"), plan);
    }

    @Test
    void filtersOnEveryTypesLiterals() {
        String plan =
                same(
                        "SELECT k, COUNT(*), SUM(small) FROM {t} WHERE d >= DATE '2024-03-01'"
                                + " AND ts < TIMESTAMP_NTZ '2024-06-01 12:00:00' AND small > 10.50 AND b = true"
                                + " AND i BETWEEN -500000 AND 900000 GROUP BY k",
                        "narrow");
        assertTrue(plan.contains("PushedAggregation: [COUNT(*), SUM(small)]"), plan);
        plan =
                same(
                        "SELECT k, COUNT(*), SUM(small) FROM {t} WHERE d >= DATE '2024-03-01'"
                                + " AND ts < TIMESTAMP_NTZ '2024-06-01 12:00:00' AND small > 10.50 AND b = true"
                                + " AND big <> 0 AND i BETWEEN -500000 AND 900000 GROUP BY k");
        assertTrue(
                plan.contains("PushedFilters: [] (none pushed: column big is DECIMAL(30, 4)"),
                plan);
        assertTrue(plan.contains("PushedAggregation: none"), plan);
        plan =
                same(
                        "SELECT k, i FROM {t} WHERE k IN ('k1', 'k3') AND (f < 20 OR d IS NULL) AND NOT b",
                        "narrow");
        assertTrue(
                plan.contains("k IN ('k1', 'k3'), (f < 20.0) OR (d IS NULL), NOT (b = true)]"),
                plan);
        same("SELECT COUNT(*) FROM {t} WHERE k <=> NULL OR small <=> 12.34", "narrow");
    }
}
