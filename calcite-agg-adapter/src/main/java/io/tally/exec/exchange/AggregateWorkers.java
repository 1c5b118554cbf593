package io.tally.exec.exchange;

import io.tally.batch.QueryCancelledException;
import io.tally.batch.TallyException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The threads of one parallel aggregate: a fixed pool of daemon threads named {@code
 * tally-agg-<run>-<i>}, living from {@link #start} until {@link #close}. {@link #runAll} runs one
 * task per index and waits for every task; when one fails it sets the abort flag (which the tasks
 * poll through their cancel check), still waits for the others, and rethrows the first failure as
 * it was thrown. Each task's thread CPU time is added to {@link #cpuNanos()}.
 */
public final class AggregateWorkers implements AutoCloseable {
    /** Numbers the runs, so the threads of two concurrent queries have different names. */
    private static final AtomicLong RUNS = new AtomicLong();

    /** How long {@link #close} waits for idle threads to exit. */
    private static final long EXIT_WAIT_SECONDS = 10;

    private final ExecutorService pool;
    private final List<Thread> started = new CopyOnWriteArrayList<>();
    private volatile boolean aborted;

    /** The first failure in time: recorded before {@link #aborted} is set, so never a follow-on. */
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

    private final AtomicLong cpuNanos = new AtomicLong();

    private AggregateWorkers(int threads) {
        long run = RUNS.incrementAndGet();
        AtomicInteger next = new AtomicInteger();
        this.pool =
                Executors.newFixedThreadPool(
                        threads,
                        task -> {
                            Thread t =
                                    new Thread(
                                            task,
                                            "tally-agg-" + run + "-" + next.getAndIncrement());
                            t.setDaemon(true);
                            started.add(t);
                            return t;
                        });
    }

    /** A pool of {@code threads} threads. */
    public static AggregateWorkers start(int threads) {
        return new AggregateWorkers(threads);
    }

    /** Whether a task failed (tasks stop at their next cancel check). */
    public boolean aborted() {
        return aborted;
    }

    /** CPU time of all tasks run so far, summed over the threads. */
    public long cpuNanos() {
        return cpuNanos.get();
    }

    /** A task per index {@code 0 .. count-1}. */
    public interface Task {
        void run(int index);
    }

    /** Runs {@code task(0 .. count-1)} on the pool and waits for all of them. */
    public void runAll(int count, Task task) {
        List<Future<?>> futures = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int index = i;
            futures.add(pool.submit(() -> timed(task, index)));
        }
        Throwable first = null;
        boolean interrupted = false;
        for (Future<?> f : futures) {
            while (true) {
                try {
                    f.get();
                    break;
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause();
                    }
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the tasks must stop before their memory can be freed
                    aborted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (first != null && firstFailure.get() != null) {
            first = firstFailure.get();
        }
        if (first instanceof RuntimeException r) {
            throw r;
        }
        if (first instanceof Error e) {
            throw e;
        }
        if (first != null) {
            throw new TallyException("aggregate worker failed: " + first, first);
        }
        if (interrupted) {
            throw new QueryCancelledException("parallel aggregate (interrupted)");
        }
    }

    private void timed(Task task, int index) {
        long start = Worker.cpuTime();
        try {
            task.run(index);
        } catch (RuntimeException | Error e) {
            firstFailure.compareAndSet(null, e);
            aborted = true;
            throw e;
        } finally {
            cpuNanos.addAndGet(Math.max(0, Worker.cpuTime() - start));
        }
    }

    /**
     * Stops the threads and waits until they have exited (they are idle: {@link #runAll} waits).
     */
    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(EXIT_WAIT_SECONDS, TimeUnit.SECONDS);
            for (Thread t : started) {
                t.join(TimeUnit.SECONDS.toMillis(EXIT_WAIT_SECONDS));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The current thread's CPU clock. */
    static final class Worker {
        private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

        private Worker() {}

        static long cpuTime() {
            return THREADS.isCurrentThreadCpuTimeSupported()
                    ? THREADS.getCurrentThreadCpuTime()
                    : 0;
        }
    }
}
