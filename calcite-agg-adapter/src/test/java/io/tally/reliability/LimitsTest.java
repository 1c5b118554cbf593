package io.tally.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.memory.EngineMemory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Limits say what they are: Calcite's heap operators count against {@code memory_limit} and are
 * refused with an error naming the operator and the limit; a CASE of any size runs on either path;
 * statements too deep or too large for the JVM, and an unusable {@code spill_dir}, fail with a
 * message saying so; threads sharing one connection never see an internal assertion.
 */
class LimitsTest {
    @Test
    void calciteHeapOperatorsAreBoundedByTheMemoryLimit() throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:tally:memory_limit=32MB")) {
            SQLException e =
                    assertThrows(
                            SQLException.class,
                            () ->
                                    Sql.text(
                                            c,
                                            "SELECT COUNT(*) FROM (SELECT number, ROW_NUMBER() OVER (PARTITION BY number % 10"
                                                    + " ORDER BY number DESC) AS rn FROM TABLE(numbers(5000000))) WHERE rn > 5"));
            assertTrue(
                    e.getMessage().contains("EnumerableWindow keeps its input on the Java heap")
                            && e.getMessage().contains("memory_limit 32.0 MiB"),
                    e.getMessage());
            // the same under the limit, and a top-n keeps n rows, not its input
            assertEquals(
                    "29950\n",
                    Sql.text(
                            c,
                            "SELECT COUNT(*) FROM (SELECT number, ROW_NUMBER()"
                                    + " OVER (PARTITION BY number % 10 ORDER BY number DESC) AS rn"
                                    + " FROM TABLE(numbers(30000))) WHERE rn > 5"));
            assertEquals(
                    "4999999\n4999998\n",
                    Sql.text(
                            c,
                            "SELECT number FROM TABLE(numbers(5000000))"
                                    + " ORDER BY number DESC LIMIT 2"));
        }
        assertEquals(0, EngineMemory.root().getAllocatedMemory());
    }

    @ParameterizedTest
    @ValueSource(strings = {"vectorize=true", "vectorize=false"})
    void caseOfAnySizeRuns(String settings) throws Exception {
        // Calcite's row path compiles a CASE into nested Java: a thousand branches is past the
        // compiler's stack there (a clear error, see below); the vectorized kernel takes any count
        int[] sizes =
                settings.equals("vectorize=true")
                        ? new int[] {126, 127, 130, 1000}
                        : new int[] {126, 127, 130};
        for (int branches : sizes) {
            String when =
                    IntStream.range(0, branches)
                            .mapToObj(i -> "WHEN number = " + i + " THEN " + (i * 2))
                            .collect(Collectors.joining(" "));
            long sum = (long) branches * (branches - 1) - (5000 - branches);
            try (Connection c = DriverManager.getConnection("jdbc:tally:" + settings)) {
                assertEquals(
                        sum + "|5000\n",
                        Sql.text(
                                c,
                                "SELECT SUM(c), COUNT(*) FROM (SELECT CASE "
                                        + when
                                        + " ELSE -1 END AS c FROM TABLE(numbers(5000)))"),
                        branches + " branches");
            }
        }
    }

    @Test
    void statementsBeyondTheJvmsLimitsSaySo() throws Exception {
        String deep =
                "SELECT "
                        + String.join("+", Collections.nCopies(10_000, "number"))
                        + " FROM TABLE(numbers(3))";
        String wide =
                "SELECT COUNT(*) FROM TABLE(numbers(100000)) WHERE number IN ("
                        + IntStream.range(0, 20_000)
                                .mapToObj(i -> Integer.toString(i * 3))
                                .collect(Collectors.joining(","))
                        + ")";
        try (Connection c = DriverManager.getConnection("jdbc:tally:")) {
            SQLException e = assertThrows(SQLException.class, () -> Sql.text(c, deep));
            assertTrue(e.getMessage().contains("nests expressions too deeply"), e.getMessage());
            e = assertThrows(SQLException.class, () -> Sql.text(c, wide));
            assertTrue(e.getMessage().contains("too large to compile"), e.getMessage());
            assertEquals("3\n", Sql.text(c, "SELECT COUNT(*) FROM TABLE(numbers(3))"));
        }
    }

    @Test
    void spillDirMustBeWritable() {
        SQLException e =
                assertThrows(
                        SQLException.class,
                        () -> DriverManager.getConnection("jdbc:tally:spill_dir=/proc").close());
        assertTrue(
                e.getMessage().contains("spill_dir") && e.getMessage().contains("/proc"),
                e.getMessage());
    }

    @Test
    void threadsSharingAConnectionGetTheirOwnStatements() throws Exception {
        int threads = 16;
        int each = 60;
        try (Connection c = DriverManager.getConnection("jdbc:tally:")) {
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<Integer>> runs = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    int first = 1000 + t * each;
                    runs.add(
                            pool.submit(
                                    () -> {
                                        int checked = 0;
                                        for (int n = first; n < first + each; n++) {
                                            assertEquals(
                                                    n + "\n",
                                                    Sql.text(
                                                            c,
                                                            "SELECT COUNT(*) FROM TABLE(numbers("
                                                                    + n
                                                                    + "))"));
                                            checked++;
                                        }
                                        return checked;
                                    }));
                }
                int checked = 0;
                for (Future<Integer> f : runs) {
                    checked += f.get(300, TimeUnit.SECONDS);
                }
                assertEquals(threads * each, checked);
            } finally {
                pool.shutdownNow();
            }
        }
    }
}
