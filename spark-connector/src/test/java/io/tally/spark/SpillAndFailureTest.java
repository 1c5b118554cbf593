package io.tally.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.datasets.DatasetWriter;
import io.tally.datasets.FileFormat;
import io.tally.datasets.H2oGenerator;
import io.tally.memory.EngineMemory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.SparkException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.datasources.v2.BatchScanExec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A partition larger than {@code memory_limit} spills and still answers correctly (the scan's spill
 * metric says it spilled and the spill directory is empty afterwards); a corrupt file fails the job
 * with Tally's message naming the file, line and column.
 */
class SpillAndFailureTest {
    /** One partition of this many rows and as many id3 groups (h2o: id3 takes rows / k values). */
    private static final long ROWS = 120_000;

    @TempDir static Path dir;
    @TempDir static Path spill;
    private static SparkSession spark;

    @BeforeAll
    static void data() throws Exception {
        DatasetWriter.write(
                new H2oGenerator(ROWS, 1, 0, false, 3), dir.resolve("big.csv"), FileFormat.CSV);
        spark = SparkSessions.local();
    }

    @AfterAll
    static void noArrowMemoryLeft() {
        assertEquals(0, EngineMemory.root().getAllocatedMemory(), "bytes still allocated");
    }

    @Test
    void aPartitionOverTheMemoryLimitSpills() throws Exception {
        String sql =
                "SELECT id3, SUM(v1) AS v1, COUNT(*) AS n, MAX(id1) AS m FROM {t} GROUP BY id3";
        spark.read()
                .format("tally")
                .option("memory_limit", "4MB")
                .option("spill_dir", spill.toString())
                .load(dir.resolve("big.csv").toString())
                .createOrReplaceTempView("spilling");
        spark.read()
                .option("header", "true")
                .option("inferSchema", "true")
                .csv(dir.resolve("big.csv").toString())
                .createOrReplaceTempView("reference");
        Dataset<Row> tally = spark.sql(sql.replace("{t}", "spilling"));
        List<Row> rows = tally.collectAsList();
        Answers.assertSame(spark.sql(sql.replace("{t}", "reference")).collectAsList(), rows);
        BatchScanExec scan = scan(tally.queryExecution().executedPlan());
        long spilled = scan.metrics().apply(TallyMetrics.SPILLED_BYTES).value();
        long peak = scan.metrics().apply(TallyMetrics.PEAK_MEMORY).value();
        assertTrue(spilled > 0, "spilled bytes " + spilled);
        assertTrue(peak <= 4 << 20, "peak reserved " + peak);
        try (var left = Files.walk(spill)) {
            assertEquals(List.of(spill), left.toList(), "spill files left behind");
        }
    }

    @Test
    void aCorruptCsvFileFailsTheJobWithTallysMessage() throws Exception {
        Path bad = dir.resolve("bad");
        Files.createDirectories(bad);
        Files.writeString(bad.resolve("bad.csv"), "id:VARCHAR,v:BIGINT\na,1\nb,2\nc,x7\n");
        SparkException e =
                assertThrows(
                        SparkException.class,
                        () ->
                                spark.read()
                                        .format("tally")
                                        .load(bad.toString())
                                        .groupBy("id")
                                        .sum("v")
                                        .collectAsList());
        assertTrue(
                e.getMessage()
                        .contains(
                                bad.resolve("bad.csv")
                                        + ":4: column 2 'v': value 'x7' is"
                                        + " not a valid BIGINT"),
                e.getMessage());
    }

    @Test
    void aTruncatedArrowFileFailsTheJobWithTallysMessage() throws Exception {
        Path arrow = dir.resolve("arrow");
        Files.createDirectories(arrow);
        DatasetWriter.write(
                new H2oGenerator(10_000, 10, 0, false, 1),
                arrow.resolve("a.arrow"),
                FileFormat.ARROW);
        byte[] whole = Files.readAllBytes(arrow.resolve("a.arrow"));
        Files.write(arrow.resolve("b.arrow"), Arrays.copyOf(whole, whole.length / 2));
        Exception e =
                assertThrows(
                        Exception.class,
                        () ->
                                spark.read()
                                        .format("tally")
                                        .load(arrow.resolve("b.arrow").toString())
                                        .groupBy("id1")
                                        .count()
                                        .collectAsList());
        assertTrue(
                e.getMessage()
                        .contains(
                                arrow.resolve("b.arrow") + ": corrupt or truncated Arrow IPC file"),
                e.getMessage());
    }

    @Test
    void filesWithOtherColumnsAreRefusedByName() throws Exception {
        Path mixed = dir.resolve("mixed");
        Files.createDirectories(mixed);
        Files.writeString(mixed.resolve("1.csv"), "a,b\n1,2\n");
        Files.writeString(mixed.resolve("2.csv"), "a,c\n1,x\n");
        SparkException e =
                assertThrows(
                        SparkException.class,
                        () -> spark.read().format("tally").load(mixed.toString()).collectAsList());
        assertTrue(
                e.getMessage().contains(mixed.resolve("2.csv") + ": its columns"), e.getMessage());
    }

    private static BatchScanExec scan(SparkPlan plan) {
        for (SparkPlan leaf : CollectionConverters.asJava(plan.collectLeaves())) {
            if (leaf instanceof BatchScanExec b) {
                return b;
            }
        }
        throw new AssertionError("no BatchScanExec in " + plan);
    }
}
