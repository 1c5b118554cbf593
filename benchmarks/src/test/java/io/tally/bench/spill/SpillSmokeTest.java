package io.tally.bench.spill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.tally.bench.report.ResultTable;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The {@code bench spill --test} code path, run by {@code mvn verify}, plus the checks it relies
 * on.
 */
class SpillSmokeTest {
    @Test
    void commandTestFlagExitsZero() {
        assertEquals(0, new CommandLine(new SpillCommand()).execute("--test"));
    }

    @Test
    void expectedDigestIsTheClosedForm() {
        long n = 1_000;
        SpillAnswer e = SpillAnswer.expected(n);
        assertEquals(n * (n + 1) / 2, e.sum());
        assertEquals(n * (n + 1) * (2 * n + 1) / 6, e.sumOfSquares());
        assertEquals(n, e.counts());
    }

    @Test
    void aWrongAnswerOrNoSpillIsAProblem() {
        long n = 10;
        SpillAnswer right = SpillAnswer.expected(n);
        SpillAnswer.Builder b = new SpillAnswer.Builder();
        for (long s = 1; s <= n; s++) {
            b.add(s == 3 ? 4 : s, 1); // one group summed wrong
        }
        SpillResult ok = new SpillResult(n, "columns", "none", 100, 100, 1, 1, 1, 1, 1, n, right);
        SpillResult wrong =
                new SpillResult(n, "binary", "none", 150, 150, 1, 1, 1, 1, 1, n, b.build());
        SpillResult noSpill = new SpillResult(n, "binary", "lz4", 0, 0, 0, 1, 1, 1, 1, n, right);
        SpillReport report = new SpillReport(List.of(ok, wrong, noSpill), "1MB", 1);
        List<String> problems = report.problems();
        assertEquals(2, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("binary/none"), problems.toString());
        assertTrue(problems.get(1).contains("did not spill"), problems.toString());
        ResultTable ratios = report.ratios();
        assertEquals(
                List.of(List.of("10", "none", "66.7%", "66.7%", "100.0%", "100.0%", "100.0%")),
                ratios.rows());
        assertNull(right.mismatch(SpillAnswer.expected(n)));
    }
}
