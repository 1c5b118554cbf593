package io.tally.exec.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * {@link PassThroughSwitch} under hand-set {@link PassThroughPolicy} numbers, and the engine's
 * policy on synthetic key streams fed to a model partial table (a set of keys that is emptied when
 * the switch says so or when it outgrows a memory share).
 */
class PassThroughSwitchTest {
    private static final PassThroughPolicy POLICY = new PassThroughPolicy(100, 0.5, 250);

    /** Rows per batch in the stream simulations (a scan batch of the Arrow cache is 64 Ki). */
    private static final int BATCH = 1 << 16;

    /** A memory share that never fills. */
    private static final long NO_CAP = Long.MAX_VALUE;

    @Test
    void aFullTableWithFewHitsSwitchesAndAggregatesAgainAfterTheRecheckRows() {
        PassThroughSwitch s = new PassThroughSwitch(POLICY);
        assertFalse(s.aggregated(60, 60), "not full yet");
        assertFalse(s.passing());
        assertTrue(s.aggregated(60, 110), "full with 10 hits in 120 rows");
        assertTrue(s.passing());
        s.flushed();
        s.passed(200);
        assertTrue(s.passing());
        s.passed(50);
        assertFalse(s.passing(), "250 rows passed: aggregate again");
        assertFalse(s.aggregated(1000, 99), "repeating keys never fill the table");
        assertFalse(s.passing());
    }

    @Test
    void aFullTableWithEnoughHitsIsJudgedOnceAndKeepsGrowing() {
        PassThroughSwitch s = new PassThroughSwitch(POLICY);
        assertFalse(s.aggregated(300, 120), "full, but 180 of 300 rows hit");
        assertFalse(s.aggregated(10, 130), "judged once per fill");
        assertFalse(s.passing());
    }

    @Test
    void aTableFullByMemoryIsJudgedOnItsHitsAndAFlushStartsANewFill() {
        PassThroughSwitch s = new PassThroughSwitch(POLICY);
        assertFalse(s.aggregated(90, 80), "80 groups: not full by count");
        s.flushedFull(80);
        assertTrue(s.passing(), "full by memory with 10 hits in 90 rows");
        s = new PassThroughSwitch(POLICY);
        assertFalse(s.aggregated(90, 40));
        s.flushedFull(40);
        assertFalse(s.passing(), "50 of 90 rows hit");
        assertFalse(s.aggregated(20, 20), "a new fill counts from zero");
        s.flushedFull(20);
        assertTrue(s.passing(), "no hit in the new fill");
    }

    @Test
    void offNeverPassesAndBadNumbersAreRefused() {
        PassThroughSwitch s = new PassThroughSwitch(PassThroughPolicy.OFF);
        assertFalse(s.aggregated(Integer.MAX_VALUE, Integer.MAX_VALUE));
        s.flushedFull(Integer.MAX_VALUE);
        assertFalse(s.passing());
        assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(0, 0.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(1, -0.1, 1));
        assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(1, 1.5, 1));
        assertThrows(IllegalArgumentException.class, () -> new PassThroughPolicy(1, 0.5, -1));
    }

    @Test
    void uniqueKeysArePassedThrough() {
        long rows = 20_000_000;
        long passed = passedRows(r -> r, rows, NO_CAP);
        assertTrue(passed > rows * 8 / 10, passed + " of " + rows);
        long underMemory = passedRows(r -> r, rows, 100_000);
        assertTrue(underMemory > rows * 8 / 10, underMemory + " of " + rows);
    }

    /** 1M groups of 100 rows each in random order: 128 Ki rows of it look unique. */
    @Test
    void hundredRowsPerGroupOverAMillionGroupsAreNeverPassed() {
        long groups = 1_000_000;
        long rows = 100 * groups;
        SplittableRandom random = new SplittableRandom(13);
        assertEquals(0, passedRows(r -> random.nextLong(groups), rows, NO_CAP));
        // a memory share that holds only 70% of the groups: a fill still hits ~42% of its rows
        assertEquals(0, passedRows(r -> random.nextLong(groups), 20_000_000, 700_000));
    }

    @Test
    void periodicKeysAreAggregatedWhenThePeriodFitsTheTable() {
        long rows = 20_000_000;
        assertEquals(0, passedRows(r -> r * 7919 % 1_000_003, rows, NO_CAP));
        assertEquals(0, passedRows(r -> r % 1000, rows, NO_CAP));
        long longPeriod = passedRows(r -> r % 4_000_000, rows, NO_CAP);
        assertTrue(longPeriod > rows * 8 / 10, "a period of 4M keys never fits: " + longPeriod);
    }

    /**
     * Rows of a stream of {@code rows} keys ({@code keyOfRow} of the row number, below 2^31) that
     * the engine's policy passes through, with a model partial table that is handed on when it
     * holds more than {@code capGroups} groups (its memory share).
     */
    private static long passedRows(LongUnaryOperator keyOfRow, long rows, long capGroups) {
        PassThroughSwitch s = new PassThroughSwitch(PassThroughPolicy.DEFAULT);
        BitSet table = new BitSet();
        long groups = 0;
        long passed = 0;
        for (long start = 0; start < rows; start += BATCH) {
            int n = (int) Math.min(BATCH, rows - start);
            if (s.passing()) {
                for (int i = 0; i < n; i++) {
                    keyOfRow.applyAsLong(start + i); // keep a stateful stream in step
                }
                passed += n;
                s.passed(n);
                continue;
            }
            for (int i = 0; i < n; i++) {
                int key = Math.toIntExact(keyOfRow.applyAsLong(start + i));
                if (!table.get(key)) {
                    table.set(key);
                    groups++;
                }
            }
            if (s.aggregated(n, groups)) {
                s.flushed();
            } else if (groups > capGroups) {
                s.flushedFull(groups);
            } else {
                continue;
            }
            table.clear();
            groups = 0;
        }
        return passed;
    }
}
