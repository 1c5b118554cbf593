package io.tally.spill;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The daemon threads that run spill files' reads and writes beside the operators' threads, so an
 * aggregate encodes its next batch while the last one is written ({@link SpillWriter}) and merges a
 * batch while the next is read ({@link SpillReader}).
 *
 * <p>Direct I/O ({@link DirectIo}) blocks the calling thread until the device has the bytes: on the
 * benchmark VM h2o q10 at 1e8 rows under a 1 GiB limit spent ~7.5 s in spill writes and ~6 s in
 * spill reads that way, summed over its two workers, with their cores idle meanwhile.
 */
final class SpillIo {
    /**
     * Threads shared by every query's spill files: enough for several direct writes in flight at
     * once (the device queues them), few enough that they never matter for the CPU (they copy into
     * an aligned buffer and wait).
     */
    static final int THREADS = 4;

    private static final AtomicInteger NEXT_THREAD = new AtomicInteger();

    private static final ExecutorService POOL =
            Executors.newFixedThreadPool(
                    THREADS,
                    r -> {
                        Thread t = new Thread(r, "tally-spill-io-" + NEXT_THREAD.incrementAndGet());
                        t.setDaemon(true);
                        return t;
                    });

    private SpillIo() {}

    static ExecutorService pool() {
        return POOL;
    }

    /**
     * Waits for {@code task} without giving up on an interrupt (the task holds a file and an
     * aligned buffer that must not be freed under it; it ends on its own), then restores the
     * interrupt; returns its value, or throws what the task threw (an unchecked exception as it
     * is).
     */
    static <T> T await(CompletableFuture<T> task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return task.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    throw unchecked(e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@code failure} (or the cause of a CompletionException) as an unchecked exception. */
    static RuntimeException unchecked(Throwable failure) {
        Throwable t = failure;
        if (t instanceof CompletionException && t.getCause() != null) {
            t = t.getCause();
        }
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new SpillException("spill I/O failed: " + t, t);
    }
}
