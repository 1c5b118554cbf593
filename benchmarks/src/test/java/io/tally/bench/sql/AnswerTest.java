package io.tally.bench.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Answer digests and the statistics the SQL benchmarks print. */
class AnswerTest {
    @Test
    void equalDigestsAgreeWithinRoundingOnly() {
        Answer a = new Answer(3, new double[] {6.0, 1e9}, 0);
        assertNull(a.mismatch(new Answer(3, new double[] {6.0, 1e9 + 1e-3}, 0)));
        assertNotNull(a.mismatch(new Answer(3, new double[] {6.0, 1e9 + 1e4}, 0)));
        assertTrue(
                a.mismatch(new Answer(4, new double[] {6.0, 1e9}, 0))
                        .startsWith("row count 3 vs 4"));
        assertTrue(a.mismatch(new Answer(3, new double[] {6.0}, 0)).startsWith("column count"));
        assertTrue(a.mismatch(new Answer(3, new double[] {6.0, 1e9}, 1)).startsWith("NULL count"));
        assertTrue(a.mismatch(new Answer(3, new double[] {7.0, 1e9}, 0)).contains("column 1"));
    }

    @Test
    void nanChecksumIsAMismatchNotASilentPass() {
        Answer a = new Answer(1, new double[] {Double.NaN}, 0);
        assertNotNull(a.mismatch(new Answer(1, new double[] {Double.NaN}, 0)));
    }

    @Test
    void medianAndGeomean() {
        assertEquals(2, Stats.median(new long[] {3, 1, 2}));
        assertEquals(2, Stats.median(new long[] {4, 1, 3, 0}));
        assertEquals(4.0, Stats.geomean(List.of(2.0, 8.0)), 1e-12);
        assertTrue(Double.isNaN(Stats.geomean(List.of())));
        assertEquals("1.50x", Stats.ratio(1.5));
        assertEquals("0.250", Stats.seconds(250e6));
    }
}
