package io.tally.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The other-processes CPU share: arithmetic on hand-made snapshots, and real counters on Linux. */
class OtherCpuTest {
    @Test
    void shareIsMachineBusyTimeMinusOwnOverAllCores() {
        int cores = Runtime.getRuntime().availableProcessors();
        OtherCpu start = new OtherCpu(1_000, 100, 0);
        // one second later: the machine was busy 3 s (300 ticks), 1 s of it this process
        OtherCpu end = new OtherCpu(1_300, 200, 1_000_000_000L);
        assertEquals(
                String.format(Locale.ROOT, "%.0f%%", 200.0 / cores), OtherCpu.since(start, end));
        assertEquals(
                "0%",
                OtherCpu.since(start, new OtherCpu(1_100, 200, 1_000_000_000L)),
                "own time alone is not others'");
        assertEquals("unknown", OtherCpu.since(null, end));
    }

    @Test
    void readsThisMachinesCounters() {
        OtherCpu a = OtherCpu.now();
        if (!System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("linux")) {
            return;
        }
        assertNotNull(a);
        long spin = System.nanoTime() + 300_000_000L;
        double x = 0;
        while (System.nanoTime() < spin) {
            x += Math.sqrt(x + 1);
        }
        OtherCpu b = OtherCpu.now();
        assertTrue(
                b.ownTicks() > a.ownTicks(), "spinning 0.3 s shows in this process's ticks " + x);
        assertTrue(OtherCpu.since(a, b).endsWith("%"));
    }
}
