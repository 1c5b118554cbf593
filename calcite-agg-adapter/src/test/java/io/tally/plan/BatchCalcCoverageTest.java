package io.tally.plan;

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
 * Every expression the vectorized path covers, run twice over data with NULLs and edge values: as a
 * {@link TallyBatchCalc} (the plan must say so, so lost coverage fails the test) and with {@link
 * TallyBatchCalcRule} switched off, Calcite's row calc giving the reference. Rows, their SQL types,
 * and errors must be identical.
 */
class BatchCalcCoverageTest {
    private static final int ROWS = 3000;
    private static final long SEED = 8_2026L;

    /** Expressions over {@code t}, each used as a projection and inside a filter. */
    static final List<String> PROJECTIONS =
            List.of(
                    // DECIMAL: columns, literals, + - *, negation, mixed with integers
                    "x",
                    "x + y",
                    "x - y",
                    "x * y",
                    "-x",
                    "x * 2",
                    "2 - x",
                    "x + i",
                    "x * (1 - y)",
                    "case when x between -1000000 and 1000000 then x * (1 + y) * (1 - y) end",
                    "x + 0.05",
                    "x * 0.5",
                    "y - 1.5",
                    "cast(x as double)",
                    "cast(y as double) * 2e0",
                    "cast(i as decimal(14, 2))",
                    "cast(x as decimal(16, 4))",
                    "case when i > 0 then x else -x end",
                    "case when i > 0 then x end",
                    "x > y",
                    "x = 1.50",
                    "x <= i",
                    "y between 0.05 and 0.07",
                    "x in (1.50, 2.25, 100)",
                    "i > x",
                    "x >= 2",
                    // DECIMAL wider than 18 digits (128-bit kernels): columns, results, literals,
                    // casts
                    "w",
                    "w + x",
                    "w - i",
                    "w * y",
                    "-w",
                    "abs(w)",
                    "x * x",
                    "x * x * y",
                    "w > x",
                    "w = 1.5",
                    "w <= i",
                    "i > w",
                    "cast(w as double)",
                    "cast(x as decimal(30, 6))",
                    "cast(i as decimal(25, 3))",
                    "case when i > 0 then w else x * x end",
                    "coalesce(w, x)",
                    "w + 12345678901234567890123.5",
                    "w * 1.5 > x",
                    "w * x - w",
                    // 38 digits: results that can exceed the type are range-checked on both paths
                    "z + 1",
                    "z - z",
                    "z * 2",
                    "z * i",
                    "-z",
                    "z >= i",
                    // rewritten by Calcite into CASE, comparisons and SEARCH
                    "coalesce(i, -1)",
                    "coalesce(x, y, 0)",
                    "coalesce(s, 'none')",
                    "nullif(i, 0)",
                    "nullif(s, '')",
                    "i between -3 and 4",
                    "s in ('apple', '12')",
                    "i not in (1, 2, 3)",
                    // numeric functions
                    "abs(i)",
                    "abs(j)",
                    "abs(x)",
                    "abs(d)",
                    "abs(-5)",
                    "exp(d / 100)",
                    "power(d, 2)",
                    "power(i, 0.5)",
                    "power(x, i)",
                    // string functions
                    "trim(s)",
                    "trim(leading ' ' from s)",
                    "trim(trailing 'a' from s)",
                    "char_length(trim(both ' ' from s))",
                    // strings to integers: digits read from the bytes, anything else as Calcite
                    "cast(cast(i as varchar) as bigint)",
                    "cast(' ' || cast(i as varchar) || ' ' as integer)",
                    "cast(case when s in ('12') then s end as smallint)",
                    "cast(trim(cast(i * 10 as varchar(20))) as tinyint)",
                    "cast(s as bigint)",
                    "cast(substring(cast(i as varchar), 2) as bigint)");

    @TempDir Path dir;

    @AfterEach
    void noLeaks() {
        System.clearProperty(TallyBatchCalcRule.DISABLE_PROPERTY);
        SqlFixture.assertNoArrowMemory();
    }

    @Test
    void everyCoveredExpressionIsVectorizedAndAgreesWithCalcite() throws Exception {
        writeTable(new Random(SEED));
        List<String> failures = new ArrayList<>();
        try (SqlFixture db = SqlFixture.tally(dir)) {
            for (String e : PROJECTIONS) {
                check(db, "select " + e + " from t", failures);
                check(db, "select count(*), min(i) from t where (" + e + ") is not null", failures);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static void check(SqlFixture db, String sql, List<String> failures)
            throws SQLException {
        String plan = db.explain(sql);
        if (plan.contains("EnumerableCalc")) {
            failures.add("not vectorized: " + sql + "\n" + plan);
            return;
        }
        String fast = run(db, sql);
        System.setProperty(TallyBatchCalcRule.DISABLE_PROPERTY, "false");
        try {
            assertFalse(db.explain(sql).contains("TallyBatchCalc"), sql);
            String reference = run(db, sql);
            if (!reference.equals(fast)) {
                failures.add(
                        "differs: "
                                + sql
                                + "\nrow path:   "
                                + abbreviate(reference)
                                + "\nvectorized: "
                                + abbreviate(fast));
            }
        } finally {
            System.clearProperty(TallyBatchCalcRule.DISABLE_PROPERTY);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 600 ? s.substring(0, 600) + "..." : s;
    }

    /** Column types, then the sorted rows; or the root error's message. */
    static String run(SqlFixture db, String sql) {
        try {
            List<String> rows = new ArrayList<>();
            for (List<String> row : db.strings(sql)) {
                rows.add(row.toString());
            }
            rows.sort(null);
            return db.columns(sql) + "\n" + String.join("\n", rows);
        } catch (SQLException | RuntimeException e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return "error " + root.getClass().getSimpleName() + ": " + root.getMessage();
        }
    }

    /** A DECIMAL(30, 4) value: up to 26 integer digits, small ones more often. */
    private static String wide(Random random) {
        StringBuilder digits = new StringBuilder(random.nextBoolean() ? "-" : "");
        int n = 1 + random.nextInt(random.nextBoolean() ? 4 : 26);
        digits.append(1 + random.nextInt(9));
        for (int k = 1; k < n; k++) {
            digits.append(random.nextInt(10));
        }
        return digits.append('.').append(String.format("%04d", random.nextInt(10000))).toString();
    }

    private void writeTable(Random random) throws Exception {
        StringBuilder csv =
                new StringBuilder(
                        "i:INT,j:BIGINT,d:DOUBLE,s:VARCHAR,dt:DATE,"
                                + "\"x:DECIMAL(12,2)\",\"y:DECIMAL(5,3)\",ts:TIMESTAMP,\"w:DECIMAL(30,4)\","
                                + "\"z:DECIMAL(38,0)\"\n");
        String[] words = {
            "apple", " Banana ", "cherry", "", "ÄÖü", "a%b", "a_b", "12", "-7", " 3 ", "1.5", "x12"
        };
        String[] decimals = {
            "0.00", "1.50", "2.25", "-0.01", "9999999999.99", "-9999999999.99", "100.00", "0.05"
        };
        for (int r = 0; r < ROWS; r++) {
            long j = random.nextInt(4) == 0 ? random.nextLong() : random.nextInt(2001) - 1000;
            String x =
                    random.nextInt(3) == 0
                            ? decimals[random.nextInt(decimals.length)]
                            : String.format(
                                    "%d.%02d",
                                    random.nextInt(200001) - 100000, random.nextInt(100));
            String y =
                    String.format(
                            "%s%d.%03d",
                            random.nextBoolean() ? "-" : "",
                            random.nextInt(100),
                            random.nextInt(1000));
            csv.append(nullOr(random, Integer.toString(random.nextInt(41) - 20)))
                    .append(',')
                    .append(nullOr(random, Long.toString(j)))
                    .append(',')
                    .append(
                            nullOr(
                                    random,
                                    Double.toString(Math.round(random.nextGaussian() * 1e4) / 1e2)))
                    .append(',')
                    .append(nullOr(random, words[random.nextInt(words.length)]))
                    .append(',')
                    .append(
                            nullOr(
                                    random,
                                    String.format(
                                            "%04d-%02d-%02d",
                                            1970 + random.nextInt(60),
                                            1 + random.nextInt(12),
                                            1 + random.nextInt(28))))
                    .append(',')
                    .append(nullOr(random, x))
                    .append(',')
                    .append(nullOr(random, y))
                    .append(',')
                    .append(
                            nullOr(
                                    random,
                                    String.format(
                                            "%04d-%02d-%02d %02d:%02d:%02d",
                                            1970 + random.nextInt(60),
                                            1 + random.nextInt(12),
                                            1 + random.nextInt(28),
                                            random.nextInt(24),
                                            random.nextInt(60),
                                            random.nextInt(60))))
                    .append(',')
                    .append(nullOr(random, wide(random)))
                    .append(',')
                    .append(
                            nullOr(
                                    random,
                                    random.nextInt(50) == 0
                                            ? "-9" + "0".repeat(37)
                                            : Long.toString(random.nextInt(2001) - 1000)))
                    .append('\n');
        }
        Files.writeString(dir.resolve("t.csv"), csv);
    }

    private static String nullOr(Random random, String value) {
        return random.nextInt(8) == 0 ? "" : value;
    }
}
