package io.tally.spark;

import static org.apache.spark.sql.functions.avg;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.sum;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.spi.ToolProvider;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded {@code tally-spark.jar} on Spark's class path alone, as {@code spark-submit --jars}
 * puts it: every class it references is in it or in Spark (jdeps), and the README's Java lines read
 * a folder and run a GROUP BY with the aggregate pushed down, spilling under a small {@code
 * memory_limit}. Uses only Spark's API: Tally's own classes here are the jar's.
 */
class ShadedJarIT {
    /** Annotation-only packages Arrow's classes mention; the JVM ignores missing annotations. */
    private static final List<String> ANNOTATIONS_ONLY =
            List.of("org.immutables.value.", "org.checkerframework.");

    private static final int ROWS_PER_FILE = 50_000;
    private static final int KEYS = 20_000;

    @TempDir Path dir;

    @Test
    void everyReferencedClassIsInTheJarOrInSpark() {
        String jar = System.getProperty("tally.spark.jar");
        List<String> sparkPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (entry.endsWith(".jar")
                    && !new File(entry).getAbsoluteFile().equals(new File(jar).getAbsoluteFile())) {
                sparkPath.add(entry);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream print = new PrintStream(out, true, StandardCharsets.UTF_8);
        // jdeps exits non-zero when anything is missing, even annotations: the lines decide
        ToolProvider.findFirst("jdeps")
                .orElseThrow()
                .run(
                        print,
                        print,
                        "--multi-release",
                        "17",
                        "--missing-deps",
                        "--class-path",
                        String.join(File.pathSeparator, sparkPath),
                        jar);
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(
                report.contains("io.tally.spark.shaded.org.apache.arrow"), "jdeps ran: " + report);
        List<String> missing = new ArrayList<>();
        for (String line : report.split("\n")) {
            String[] parts = line.trim().split("\\s+");
            // "   from.Class -> to.Class   not found" (indented; the jar's own summary line is not)
            if (line.startsWith(" ")
                    && parts.length == 4
                    && parts[1].equals("->")
                    && parts[3].equals("found")
                    && ANNOTATIONS_ONLY.stream().noneMatch(parts[2]::startsWith)) {
                missing.add(line.trim());
            }
        }
        assertEquals(List.of(), missing, report);
    }

    @Test
    void readmeJavaRecipeRunsOnTheShadedJar() throws IOException {
        writeCsv(dir.resolve("h2o/part-0.csv"), 1);
        writeCsv(dir.resolve("h2o/part-1.csv"), 2);
        String path = dir.resolve("h2o").toString();
        SparkSession spark =
                SparkSession.builder()
                        .master("local[2]")
                        .appName("tally-spark-it")
                        .config("spark.ui.enabled", "false")
                        .config("spark.driver.host", "127.0.0.1")
                        .config("spark.driver.bindAddress", "127.0.0.1")
                        .getOrCreate();
        try {
            spark.sparkContext().setLogLevel("ERROR");
            // the README's lines
            Dataset<Row> h2o =
                    spark.read().format("tally").option("memory_limit", "4MB").load(path);
            Dataset<Row> byKey = h2o.groupBy("id").agg(sum("v"), avg("x"), count("*"), max("name"));
            String plan = byKey.queryExecution().executedPlan().toString();
            assertTrue(
                    plan.contains(
                            "PushedAggregation: [SUM(v), SUM(x), COUNT(x), COUNT(*), MAX(name)]"),
                    plan);
            Dataset<Row> reference =
                    spark.read()
                            .option("header", "true")
                            .option("inferSchema", "true")
                            .csv(path)
                            .groupBy("id")
                            .agg(sum("v"), avg("x"), count("*"), max("name"));
            Answers.assertSame(reference.collectAsList(), byKey.collectAsList());

            Files.writeString(dir.resolve("bad.csv"), "id:BIGINT,v:BIGINT\n1,2\n3,four\n");
            SparkException e =
                    assertThrows(
                            SparkException.class,
                            () ->
                                    spark.read()
                                            .format("tally")
                                            .load(dir.resolve("bad.csv").toString())
                                            .groupBy("id")
                                            .sum("v")
                                            .collectAsList());
            assertTrue(
                    e.getMessage()
                            .contains(
                                    "bad.csv:3: column 2 'v': value 'four' is not a valid"
                                            + " BIGINT"),
                    e.getMessage());
        } finally {
            spark.stop();
        }
    }

    /** {@code id} (KEYS distinct), {@code v} integer, {@code x} double with NULLs, {@code name}. */
    private static void writeCsv(Path file, long seed) throws IOException {
        Files.createDirectories(file.getParent());
        Random random = new Random(seed);
        StringBuilder csv = new StringBuilder("id,v,x,name\n");
        for (int i = 0; i < ROWS_PER_FILE; i++) {
            int id = random.nextInt(KEYS);
            String x = random.nextInt(10) == 0 ? "" : Double.toString(random.nextInt(1000) / 8.0);
            csv.append(id)
                    .append(',')
                    .append(random.nextInt(100))
                    .append(',')
                    .append(x)
                    .append(",n")
                    .append(random.nextInt(500))
                    .append('\n');
        }
        Files.writeString(file, csv);
    }
}
