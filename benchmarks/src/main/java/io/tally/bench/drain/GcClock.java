package io.tally.bench.drain;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Reads the JVM's cumulative garbage-collection count and time (all collectors), so a run can
 * report how much of its drain the collector took: a pause inside one poll shows up as that poll's
 * gap, and the benchmark should say so rather than blame the operator.
 */
final class GcClock {
    private final List<GarbageCollectorMXBean> collectors =
            ManagementFactory.getGarbageCollectorMXBeans();

    /** Collections and collection time so far. */
    record Reading(long count, long millis) {
        Reading minus(Reading earlier) {
            return new Reading(count - earlier.count, millis - earlier.millis);
        }
    }

    Reading read() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : collectors) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new Reading(count, millis);
    }
}
