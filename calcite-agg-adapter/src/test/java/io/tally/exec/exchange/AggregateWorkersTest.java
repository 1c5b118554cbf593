package io.tally.exec.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link AggregateWorkers} on the shared {@link WorkerPool}: every index runs once on at most the
 * aggregate's thread count, threads outlive an aggregate and serve the next, a failure is rethrown
 * as thrown and stops the indexes not yet taken, and no task is left running.
 */
class AggregateWorkersTest {
    @AfterEach
    void noTaskIsLeft() {
        assertEquals(0, WorkerPool.runningTasks());
    }

    @Test
    void everyIndexRunsOnceOnAtMostTheThreadCount() throws Exception {
        int count = 40;
        AtomicIntegerArray runs = new AtomicIntegerArray(count);
        AtomicInteger now = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        try (AggregateWorkers workers = AggregateWorkers.start(3)) {
            workers.runAll(
                    count,
                    i -> {
                        most.accumulateAndGet(now.incrementAndGet(), Math::max);
                        runs.incrementAndGet(i);
                        busy(200_000);
                        now.decrementAndGet();
                    });
            assertTrue(workers.cpuNanos() > 0, "CPU time of the tasks");
        }
        for (int i = 0; i < count; i++) {
            assertEquals(1, runs.get(i), "runs of index " + i);
        }
        assertTrue(most.get() <= 3, "at most 3 at once, saw " + most.get());
    }

    @Test
    void threadsServeTheNextAggregate() {
        Set<String> names = ConcurrentHashMap.newKeySet();
        int aggregates = 20;
        for (int a = 0; a < aggregates; a++) {
            try (AggregateWorkers workers = AggregateWorkers.start(2)) {
                workers.runAll(2, i -> names.add(Thread.currentThread().getName()));
            }
        }
        // Threads made per aggregate would give 40 names.
        assertTrue(names.size() < aggregates, "threads reused: " + names);
        assertTrue(names.stream().allMatch(n -> n.startsWith("tally-worker-")), names.toString());
    }

    @Test
    void aFailureIsRethrownAndStopsTheIndexesNotYetTaken() {
        IllegalStateException boom = new IllegalStateException("boom");
        List<Integer> ran = new CopyOnWriteArrayList<>();
        try (AggregateWorkers workers = AggregateWorkers.start(1)) {
            RuntimeException thrown =
                    assertThrows(
                            RuntimeException.class,
                            () ->
                                    workers.runAll(
                                            5,
                                            i -> {
                                                ran.add(i);
                                                if (i == 1) {
                                                    throw boom;
                                                }
                                            }));
            assertSame(boom, thrown);
            assertTrue(workers.aborted());
        }
        assertEquals(List.of(0, 1), ran);
    }

    @Test
    void inlineTasksRunInOrderOnTheCallingThread() {
        List<String> ran = new CopyOnWriteArrayList<>();
        try (AggregateWorkers workers = AggregateWorkers.inline()) {
            workers.runAll(3, i -> ran.add(i + "@" + Thread.currentThread().getName()));
        }
        String me = Thread.currentThread().getName();
        assertEquals(List.of("0@" + me, "1@" + me, "2@" + me), ran);
    }

    @Test
    void aClosedAggregateRunsNothing() {
        AggregateWorkers workers = AggregateWorkers.start(2);
        workers.close();
        assertThrows(IllegalStateException.class, () -> workers.runAll(1, i -> {}));
    }

    /** Spins about {@code nanos} so that tasks overlap. */
    private static void busy(long nanos) {
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            Thread.onSpinWait();
        }
    }
}
