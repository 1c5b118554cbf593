package io.tally.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Time goes to the operator holding control; a parent is not charged for its input's work. */
class OperatorClockTest {
    private static long spin(long nanos) {
        long end = System.nanoTime() + nanos;
        long x = 0;
        while (System.nanoTime() < end) {
            x++;
        }
        return x;
    }

    @Test
    void parentExcludesTheTimeOfItsInput() {
        run(false); // the first run pays for class loading and the interpreter in the parent's
        // turns
        run(true);
    }

    private static void run(boolean check) {
        OperatorStats[] stats = {new OperatorStats(), new OperatorStats()};
        OperatorClock clock = new OperatorClock(stats);
        int[] returnedTo = new int[20];
        int[] inside = new int[20];
        int outside = clock.enter(0);
        for (int i = 0; i < 20; i++) {
            int parent = clock.enter(1);
            returnedTo[i] = parent;
            inside[i] = clock.current();
            spin(1_000_000);
            clock.exit(parent);
        }
        clock.exit(outside);
        spin(5_000_000); // outside any operator: charged to none
        clock.finish();
        if (!check) {
            return;
        }
        assertEquals(OperatorClock.OUTSIDE, outside);
        for (int i = 0; i < 20; i++) {
            assertEquals(0, returnedTo[i]);
            assertEquals(1, inside[i]);
        }
        assertTrue(stats[1].wallNanos >= 20_000_000, "child " + stats[1].wallNanos);
        assertTrue(
                stats[0].wallNanos < stats[1].wallNanos,
                "parent " + stats[0].wallNanos + " child " + stats[1].wallNanos);
        for (OperatorStats s : stats) {
            assertTrue(s.cpuNanos <= s.wallNanos, s.cpuNanos + " > " + s.wallNanos);
        }
        assertTrue(stats[1].cpuNanos > 0);
    }
}
