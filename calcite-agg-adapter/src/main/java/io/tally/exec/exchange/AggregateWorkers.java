package io.tally.exec.exchange;

import io.tally.batch.QueryCancelledException;
import io.tally.batch.TallyException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The tasks of one parallel aggregate, run on the engine's shared {@link WorkerPool} from {@link
 * #start} until {@link #close}. {@link #runAll} runs one task per index and waits for every task;
 * when one fails it sets the abort flag (which the tasks poll through their cancel check), still
 * waits for the others, and rethrows the first failure as it was thrown. Each task's thread CPU
 * time is added to {@link #cpuNanos()}. No task of it runs once {@link #runAll} has returned.
 */
public final class AggregateWorkers implements AutoCloseable {
    /** The most tasks of this aggregate that run at once. */
    private final int threads;

    /** Whether the tasks run one after the other on the caller's thread instead of the pool's. */
    private final boolean inline;

    private volatile boolean aborted;
    private boolean closed;

    /** The first failure in time: recorded before {@link #aborted} is set, so never a follow-on. */
    private final AtomicReference<Throwable> firstFailure = new AtomicReference<>();

    private final AtomicLong cpuNanos = new AtomicLong();

    private AggregateWorkers(int threads, boolean inline) {
        this.threads = threads;
        this.inline = inline;
    }

    /** The tasks of one aggregate, run on at most {@code threads} threads at once. */
    public static AggregateWorkers start(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads);
        }
        return new AggregateWorkers(threads, false);
    }

    /**
     * Tasks that {@link #runAll} runs one after the other on the calling thread (an input so small
     * that handing it to other threads costs more than reading it).
     */
    public static AggregateWorkers inline() {
        return new AggregateWorkers(1, true);
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

    /**
     * Runs {@code task(0 .. count-1)} on the pool and waits for all of them: at most {@code
     * threads} pool threads, each taking the next index not yet taken until none is left (or a task
     * failed, then the indexes not yet taken never run); or, made {@link #inline}, one after the
     * other on the calling thread.
     */
    public void runAll(int count, Task task) {
        if (closed) {
            throw new IllegalStateException("aggregate workers closed");
        }
        AtomicInteger next = new AtomicInteger();
        if (inline) {
            runTaken(count, next, task); // the first failure propagates as it was thrown
            return;
        }
        int runners = Math.min(threads, count);
        List<Future<?>> futures = new ArrayList<>(runners);
        for (int i = 0; i < runners; i++) {
            futures.add(WorkerPool.submit(() -> runTaken(count, next, task)));
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

    /** One runner of {@link #runAll}: the tasks of the indexes it takes, its CPU time counted. */
    private void runTaken(int count, AtomicInteger next, Task task) {
        long start = Worker.cpuTime();
        try {
            for (int i; !aborted && (i = next.getAndIncrement()) < count; ) {
                try {
                    task.run(i);
                } catch (RuntimeException | Error e) {
                    firstFailure.compareAndSet(null, e);
                    aborted = true;
                    throw e;
                }
            }
        } finally {
            cpuNanos.addAndGet(Math.max(0, Worker.cpuTime() - start));
        }
    }

    /**
     * Ends this aggregate's use of the pool; its threads stay for the next query ({@link
     * WorkerPool}). Nothing of it is running: {@link #runAll} returns only after every task ended.
     */
    @Override
    public void close() {
        closed = true;
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
