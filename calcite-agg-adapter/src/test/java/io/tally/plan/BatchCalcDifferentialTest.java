package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import io.tally.schema.SqlFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs many generated filters and projections over random data with NULLs twice: vectorized ({@link
 * TallyBatchCalc}) and with {@link TallyBatchCalcRule} switched off through its system property, so
 * Calcite's own {@code EnumerableCalc} computes the reference answer. Answers (or the root error
 * message) must agree, and no Arrow memory may stay allocated.
 */
class BatchCalcDifferentialTest {
    private static final long SEED = 20_240_611L;
    private static final int ROWS = 5000;
    private static final int QUERIES = 100;

    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        System.clearProperty(TallyBatchCalcRule.DISABLE_PROPERTY);
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void generatedExpressionsAgreeWithCalcite() throws Exception {
        Random random = new Random(SEED);
        writeTable(random);
        ExpressionGenerator gen = new ExpressionGenerator(random);
        int vectorized = 0;
        try (SqlFixture db = SqlFixture.tally(dir)) {
            for (int q = 0; q < QUERIES; q++) {
                String sql =
                        q % 2 == 0
                                ? "select "
                                        + gen.integer(3)
                                        + ", "
                                        + gen.string(2)
                                        + ", "
                                        + gen.real(2)
                                        + ", "
                                        + gen.bool(2)
                                        + " from t where "
                                        + gen.bool(3)
                                : "select k, count(*), sum(v) from (select "
                                        + gen.integer(2)
                                        + " as k, "
                                        + gen.integer(3)
                                        + " as v from t where "
                                        + gen.bool(2)
                                        + ") group by k";
                long before = EngineMemory.root().getAllocatedMemory();
                Outcome fast = run(db, sql);
                assertEquals(before, EngineMemory.root().getAllocatedMemory(), "leak after " + sql);
                vectorized += fast.plan.contains("TallyBatchCalc") ? 1 : 0;
                Outcome reference = agreesWithCalcite(db, sql, fast);
                if (reference.error != null && fast.error != null) {
                    assertEquals(reference.error, fast.error, sql);
                }
            }
        }
        assertTrue(vectorized > QUERIES * 3 / 4, "only " + vectorized + " queries vectorized");
    }

    /**
     * Integer columns cast to DOUBLE (converted vector to vector when the batch is read whole, by
     * the kernels after a filter), as projections and as aggregate arguments, with NULLs.
     */
    @Test
    void integerToDoubleCastsAgreeWithCalcite() throws Exception {
        vectorizedAndAgree(
                SEED + 1,
                List.of(
                        "select cast(i as double), cast(j as double), d from t",
                        "select avg(cast(i as double)), sum(cast(j as double)), count(*) from t",
                        "select b, avg(cast(i as double)), avg(cast(j as double)) from t group by b",
                        "select cast(i as double), cast(j as double) from t where i > 3",
                        "select cast(i as double) + 1, cast(i as real) from t"));
    }

    /**
     * Subexpressions repeated across projections and the condition (evaluated once per batch by a
     * shared kernel), with NULLs, after a filter, and inside CASE branches (never shared there).
     */
    @Test
    void sharedSubexpressionsAgreeWithCalcite() throws Exception {
        vectorizedAndAgree(
                SEED + 2,
                List.of(
                        "select cast(i as double) * cast(j as double), cast(i as double),"
                                + " cast(i as double) * cast(i as double),"
                                + " cast(j as double) * cast(j as double) from t",
                        "select i * 3 + 1, (i * 3 + 1) * (i * 3 + 1), d * d from t"
                                + " where i * 3 + 1 > -20 and d * d < 1e6",
                        "select b, sum(cast(i as double) * d), sum(cast(i as double)),"
                                + " sum(d * d), count(*) from t group by b",
                        "select case when i <> 0 then j / i else 0 end, j / nullif(i, 0),"
                                + " case when i <> 0 then j / i else 0 end + 1 from t",
                        "select upper(s) || upper(s), char_length(upper(s)) from t"
                                + " where upper(s) like 'A%'"));
    }

    /** Over a table from {@code seed}: each query runs vectorized and agrees with Calcite. */
    private void vectorizedAndAgree(long seed, List<String> queries) throws Exception {
        writeTable(new Random(seed));
        try (SqlFixture db = SqlFixture.tally(dir)) {
            for (String sql : queries) {
                Outcome fast = run(db, sql);
                assertTrue(fast.plan.contains("TallyBatchCalc"), fast.plan);
                agreesWithCalcite(db, sql, fast);
            }
        }
    }

    /**
     * Runs {@code sql} again with the vectorized calc switched off and asserts that {@code fast}
     * gave the same rows and left no Arrow memory; returns Calcite's outcome.
     */
    private static Outcome agreesWithCalcite(SqlFixture db, String sql, Outcome fast)
            throws SQLException {
        System.setProperty(TallyBatchCalcRule.DISABLE_PROPERTY, "false");
        Outcome reference = run(db, sql);
        System.clearProperty(TallyBatchCalcRule.DISABLE_PROPERTY);
        assertFalse(reference.plan.contains("TallyBatchCalc"), reference.plan);
        assertEquals(reference.result, fast.result, sql + "\n" + fast.plan);
        SqlFixture.assertNoArrowMemory();
        return reference;
    }

    @Test
    void vectorizedErrorsMatchCalciteAndFreeMemory() throws Exception {
        writeTable(new Random(SEED));
        try (SqlFixture db = SqlFixture.tally(dir)) {
            for (String sql :
                    List.of(
                            "select j / (i - i) from t",
                            "select count(*), sum(mod(j, i - i)) from t",
                            "select substring(s, 1, i - 100) from t where s is not null and i is not null")) {
                Outcome fast = run(db, sql);
                assertTrue(fast.plan.contains("TallyBatchCalc"), fast.plan);
                assertEquals("error", fast.result, sql);
                SqlFixture.assertNoArrowMemory();
            }
            assertEquals(
                    List.of(List.of("0")),
                    db.strings(
                            "select count(*) from t where case when i <> 0 then j / i else 0 end = 12345"
                                    + " and i = 0"),
                    "a CASE branch not taken cannot fail");
        }
    }

    /**
     * The sorted rows (or "error") of a query, with its plan and the root error's message (null
     * when none or when HotSpot dropped it from a frequently thrown implicit exception).
     */
    private record Outcome(String plan, String result, String error) {}

    private static Outcome run(SqlFixture db, String sql) throws SQLException {
        String plan = db.explain(sql);
        try {
            List<String> rows = new ArrayList<>();
            for (List<String> row : db.strings(sql)) {
                rows.add(row.toString());
            }
            rows.sort(null);
            return new Outcome(plan, String.join("\n", rows), null);
        } catch (SQLException | RuntimeException e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            // Calcite's checked operators say "long overflow"; the kernels name type and operands
            String message =
                    root instanceof ArithmeticException
                                    && String.valueOf(root.getMessage()).contains("overflow")
                            ? "overflow"
                            : root.getMessage();
            return new Outcome(plan, "error", message);
        }
    }

    private void writeTable(Random random) throws Exception {
        StringBuilder csv =
                new StringBuilder("i:INT,j:BIGINT,d:DOUBLE,s:VARCHAR,b:BOOLEAN,dt:DATE\n");
        String[] words = {"apple", "Banana", "cherry", "date", "", "ÄÖü", "a%b", "xyz", "ab", "ba"};
        for (int r = 0; r < ROWS; r++) {
            csv.append(nullOr(random, Integer.toString(random.nextInt(41) - 20)))
                    .append(',')
                    .append(nullOr(random, Long.toString(random.nextLong() >> random.nextInt(64))))
                    .append(',')
                    .append(
                            nullOr(
                                    random,
                                    Double.toString(Math.round(random.nextGaussian() * 1e4) / 1e2)))
                    .append(',')
                    .append(nullOr(random, words[random.nextInt(words.length)]))
                    .append(',')
                    .append(nullOr(random, Boolean.toString(random.nextBoolean())))
                    .append(',')
                    .append(
                            nullOr(
                                    random,
                                    String.format(
                                            "%04d-%02d-%02d",
                                            1990 + random.nextInt(40),
                                            1 + random.nextInt(12),
                                            1 + random.nextInt(28))))
                    .append('\n');
        }
        Files.writeString(dir.resolve("t.csv"), csv);
    }

    private static String nullOr(Random random, String value) {
        return random.nextInt(8) == 0 ? "" : value;
    }
}
