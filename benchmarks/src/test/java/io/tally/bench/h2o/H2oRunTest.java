package io.tally.bench.h2o;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.tally.bench.sql.Checksum;
import io.tally.bench.sql.QueryRunner.Timed;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which of a query's runs {@code bench h2o --runs N} reports as the warm one. */
class H2oRunTest {
    private static Timed<Checksum> run(long count, long nanos) {
        return new Timed<>(
                new Checksum(List.of("count"), List.of(BigInteger.valueOf(count))), nanos);
    }

    @Test
    void medianOfAnOddCountIsTheMiddleTimeAndOfAnEvenCountTheLowerMiddle() {
        Timed<Checksum> a = run(1, 30);
        Timed<Checksum> b = run(1, 10);
        Timed<Checksum> c = run(1, 20);
        Timed<Checksum> d = run(1, 40);
        assertSame(c, H2oRun.median(List.of(a, b, c)));
        assertSame(c, H2oRun.median(List.of(a, b, c, d)));
        assertSame(a, H2oRun.median(List.of(a)));
    }

    @Test
    void aWarmRunWhoseAnswerDiffersFromTheFirstIsTheOneReported() {
        Timed<Checksum> first = run(7, 100);
        Timed<Checksum> slowWrong = run(8, 90);
        List<Timed<Checksum>> rest = List.of(run(7, 10), slowWrong, run(7, 20));
        assertSame(slowWrong, H2oRun.warm(first, rest));
        assertEquals(20, H2oRun.warm(first, List.of(run(7, 10), run(7, 30), run(7, 20))).nanos());
    }
}
