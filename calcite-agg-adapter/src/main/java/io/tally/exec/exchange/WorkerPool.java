package io.tally.exec.exchange;

import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The engine's worker threads, shared by every parallel aggregate of every query: daemon threads
 * named {@code tally-worker-<n>}, started when a task arrives and every thread is busy, and ended
 * after {@link #KEEP_ALIVE_SECONDS} idle. A query therefore neither starts nor joins threads (on
 * this project's 2-core VMs that cost 1-3 ms per parallel aggregate, between the last input batch
 * and the first output batch). A task never waits in a queue: with no idle thread a new one starts,
 * so a task that waits for tasks of its own (an aggregate read by another one) cannot deadlock.
 */
public final class WorkerPool {
    /** How long an idle worker thread stays for the next query's tasks. */
    static final long KEEP_ALIVE_SECONDS = 30;

    private static final AtomicLong THREADS = new AtomicLong();

    /** Tasks submitted here and not yet ended, over all callers. */
    private static final AtomicInteger RUNNING = new AtomicInteger();

    private static final ThreadPoolExecutor POOL =
            new ThreadPoolExecutor(
                    0,
                    Integer.MAX_VALUE,
                    KEEP_ALIVE_SECONDS,
                    TimeUnit.SECONDS,
                    new SynchronousQueue<>(),
                    task -> {
                        Thread t = new Thread(task, "tally-worker-" + THREADS.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });

    private WorkerPool() {}

    /**
     * Runs {@code task} on a worker thread; the returned future completes after the task has ended
     * and no longer counts in {@link #runningTasks}.
     */
    static Future<?> submit(Runnable task) {
        RUNNING.incrementAndGet();
        try {
            return POOL.submit(
                    () -> {
                        try {
                            task.run();
                        } finally {
                            RUNNING.decrementAndGet();
                        }
                    });
        } catch (RuntimeException | Error e) {
            RUNNING.decrementAndGet(); // rejected: the task never ran
            throw e;
        }
    }

    /**
     * Tasks submitted and not yet ended, over all queries: 0 whenever no parallel aggregate is
     * running (tests check that a closed aggregate left none behind).
     */
    public static int runningTasks() {
        return RUNNING.get();
    }
}
