package io.tally.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Human units against hand-computed strings. */
class HumanUnitsTest {
    @Test
    void durations() {
        assertEquals("0 ms", HumanUnits.nanos(0));
        assertEquals("0.042 ms", HumanUnits.nanos(42_000));
        assertEquals("412.3 ms", HumanUnits.nanos(412_300_000));
        assertEquals("1 ms", HumanUnits.nanos(1_000_000));
        assertEquals("9999 ms", HumanUnits.nanos(9_999_000_000L));
        assertEquals("12.5 s", HumanUnits.nanos(12_500_000_000L));
        assertEquals("0.3 ms", HumanUnits.millis(0.3));
        assertEquals("0.001 ms", HumanUnits.nanos(1_000));
    }

    @Test
    void bytes() {
        assertEquals("0 B", HumanUnits.bytes(0));
        assertEquals("1023 B", HumanUnits.bytes(1023));
        assertEquals("1 KiB", HumanUnits.bytes(1024));
        assertEquals("1.2 MiB", HumanUnits.bytes(1_258_291));
        assertEquals("3 GiB", HumanUnits.bytes(3L << 30));
        assertEquals("2 TiB", HumanUnits.bytes(2L << 40));
    }

    @Test
    void counts() {
        assertEquals("0", HumanUnits.count(0));
        assertEquals("999,999", HumanUnits.count(999_999));
        assertEquals("10 million", HumanUnits.count(10_000_000));
        assertEquals("95.7 million", HumanUnits.count(95_700_000));
        assertEquals("1.2 billion", HumanUnits.count(1_234_000_000));
    }

    @Test
    void percentages() {
        assertEquals("100%", HumanUnits.percent(100.0));
        assertEquals("12.5%", HumanUnits.percent(12.5));
    }
}
