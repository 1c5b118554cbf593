package io.tally.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Runs many generated filters and projections over random data with NULLs twice: vectorized
 * ({@link TallyBatchCalc}) and with {@link TallyBatchCalcRule} switched off through its system
 * property, so Calcite's own {@code EnumerableCalc} computes the reference answer. Answers (or
 * the root error message) must agree, and no Arrow memory may stay allocated.
 */
class BatchCalcDifferentialTest {
  private static final long SEED = 20_240_611L;
  private static final int ROWS = 5000;
  private static final int QUERIES = 150;

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
    try (SqlFixture db = new SqlFixture(dir)) {
      for (int q = 0; q < QUERIES; q++) {
        String sql = q % 2 == 0
            ? "select " + gen.integer(3) + ", " + gen.string(2) + ", " + gen.real(2)
                + ", " + gen.bool(2) + " from t where " + gen.bool(3)
            : "select k, count(*), sum(v) from (select " + gen.integer(2) + " as k, "
                + gen.integer(3) + " as v from t where " + gen.bool(2) + ") group by k";
        Outcome fast = run(db, sql);
        vectorized += fast.plan.contains("TallyBatchCalc") ? 1 : 0;
        if (!fast.plan.contains("TallyBatchCalc")) {
          System.out.println("ROWPATH " + sql + "\n" + fast.plan);
        }
        System.setProperty(TallyBatchCalcRule.DISABLE_PROPERTY, "false");
        Outcome reference = run(db, sql);
        System.clearProperty(TallyBatchCalcRule.DISABLE_PROPERTY);
        assertFalse(reference.plan.contains("TallyBatchCalc"), reference.plan);
        assertEquals(reference.result, fast.result, sql + "\n" + fast.plan);
        if (reference.error != null && fast.error != null) {
          assertEquals(reference.error, fast.error, sql);
        }
        try {
          SqlFixture.assertNoArrowMemory();
        } catch (AssertionError e) {
          throw new AssertionError(sql + "\n" + fast + "\n" + reference, e);
        }
      }
    }
    assertTrue(vectorized > QUERIES * 9 / 10, "only " + vectorized + " queries vectorized");
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
      return new Outcome(plan, "error", root.getMessage());
    }
  }

  private void writeTable(Random random) throws Exception {
    StringBuilder csv = new StringBuilder("i:INT,j:BIGINT,d:DOUBLE,s:VARCHAR,b:BOOLEAN,dt:DATE\n");
    String[] words = {"apple", "Banana", "cherry", "date", "", "ÄÖü", "a%b", "xyz", "ab", "ba"};
    for (int r = 0; r < ROWS; r++) {
      csv.append(nullOr(random, Integer.toString(random.nextInt(41) - 20))).append(',')
          .append(nullOr(random, Long.toString(random.nextLong() >> random.nextInt(64))))
          .append(',')
          .append(nullOr(random, Double.toString(Math.round(random.nextGaussian() * 1e4) / 1e2)))
          .append(',')
          .append(nullOr(random, words[random.nextInt(words.length)])).append(',')
          .append(nullOr(random, Boolean.toString(random.nextBoolean()))).append(',')
          .append(nullOr(random, String.format("%04d-%02d-%02d", 1990 + random.nextInt(40),
              1 + random.nextInt(12), 1 + random.nextInt(28))))
          .append('\n');
    }
    Files.writeString(dir.resolve("t.csv"), csv);
  }

  private static String nullOr(Random random, String value) {
    return random.nextInt(8) == 0 ? "" : value;
  }
}
